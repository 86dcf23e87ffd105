package org.hbaseturbo.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The grouping behind grouped bars and lines: categories and series in the order given, gaps where none ran. */
class TestCategoryGrid {
  @Test
  void categoriesAndSeriesKeepTheOrderTheyWereFirstGivenIn() {
    CategoryGrid grid = new CategoryGrid()
        .put("paper, 16 clients", "native", 5433, "1x")
        .put("paper, 4 clients", "prepared", 5825, "1.42x")
        .put("paper, 4 clients", "native", 4097, "1x")
        .put("paper, 16 clients", "prepared", 7793, "1.38x");

    assertThat(grid.categories()).containsExactly("paper, 16 clients", "paper, 4 clients");
    assertThat(grid.series()).containsExactly("native", "prepared");
    assertThat(grid.values("native")).containsExactly(5433.0, 4097.0);
    assertThat(grid.values("prepared")).containsExactly(7793.0, 5825.0);
    assertThat(grid.label("paper, 4 clients", "prepared")).isEqualTo("1.42x");
    assertThat(grid.max()).isEqualTo(7793.0);
    assertThat(grid.onePerCategory()).isFalse();
  }

  @Test
  void aVariantThatDidNotRunInACategoryLeavesAGapThere() {
    CategoryGrid grid = new CategoryGrid()
        .put("scan", "default", 4038, "1x")
        .put("get", "default", 9532, "1x")
        .put("get", "compact", 9045, "0.95x");

    assertThat(grid.values("compact")).isEqualTo(Arrays.asList(null, 9045.0));
    assertThat(grid.label("scan", "compact")).isEmpty();
  }

  @Test
  void categoriesThatEachHoldOneVariantNameTheVariants() {
    CategoryGrid grid = new CategoryGrid().put("NONE", "NONE", 16.0, "1x").put("ZSTD", "ZSTD", 2.2, "0.14x");

    assertThat(grid.onePerCategory()).isTrue();
  }

  @Test
  void aSecondValueOfOneVariantInOneCategoryIsRefused() {
    CategoryGrid grid = new CategoryGrid().put("read", "native", 1, "");

    assertThatThrownBy(() -> grid.put("read", "native", 2, "")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("category 'read' already has a value of 'native'");
  }

  @Test
  void anEmptyGridHasNoMaximumButZero() {
    assertThat(new CategoryGrid().isEmpty()).isTrue();
    assertThat(new CategoryGrid().max()).isZero();
  }
}
