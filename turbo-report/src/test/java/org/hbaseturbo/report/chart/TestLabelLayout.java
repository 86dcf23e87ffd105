package org.hbaseturbo.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.hbaseturbo.report.chart.LabelLayout.Box;
import org.junit.jupiter.api.Test;

/** Labels never cover one another: the one that would moves up, the others stay where they were wanted. */
class TestLabelLayout {
  @Test
  void labelsApartStayWhereTheyWereWanted() {
    List<Box> wanted = List.of(new Box(0, 100, 40, 15), new Box(0, 50, 40, 15), new Box(100, 100, 40, 15));

    assertThat(LabelLayout.spread(wanted)).isEqualTo(wanted);
  }

  @Test
  void ofTwoOverlappingLabelsTheHigherMovesUpClearOfTheLower() {
    // Shared memory and TCP at 4 clients: 17,395 and 17,128 operations/s, a few pixels apart.
    Box lower = new Box(200, 100, 40, 15);
    Box higher = new Box(200, 96, 40, 15);

    List<Box> placed = LabelLayout.spread(List.of(higher, lower));

    assertThat(placed.get(1)).isEqualTo(lower);
    assertThat(placed.get(0).y()).isEqualTo(100 - 15 - LabelLayout.GAP);
    assertThat(placed.get(0).x()).isEqualTo(200);
  }

  @Test
  void manyLabelsOnOnePointEndUpStackedWithNoneCoveringAnother() {
    List<Box> wanted = List.of(new Box(10, 100, 40, 15), new Box(20, 101, 40, 15), new Box(0, 99, 40, 15),
        new Box(30, 102, 40, 15));

    List<Box> placed = LabelLayout.spread(wanted);

    for (int i = 0; i < placed.size(); i++) {
      for (int j = i + 1; j < placed.size(); j++) {
        assertThat(placed.get(i).overlaps(placed.get(j))).as("%s and %s", placed.get(i), placed.get(j)).isFalse();
      }
    }
    // The lowest keeps its place; a higher value's label stays above a lower one's.
    assertThat(placed.get(3)).isEqualTo(wanted.get(3));
    assertThat(placed.get(2).y()).isLessThan(placed.get(0).y());
  }

  @Test
  void labelsSideBySideDoNotOverlap() {
    assertThat(new Box(0, 0, 40, 15).overlaps(new Box(40, 0, 40, 15))).isFalse();
    assertThat(new Box(0, 0, 40, 15).overlaps(new Box(39, 14, 40, 15))).isTrue();
  }
}
