package org.hbaseturbo.report.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Places labels so that none covers another: from the lowest on the screen up, a label that would overlap one
 * already placed moves up until it clears it. Two lines whose points nearly meet (shared memory and TCP at the same
 * client count) so get their labels one above the other, in the order of their values.
 */
final class LabelLayout {
  /** Room left between two labels moved apart, in pixels. */
  static final double GAP = 2;

  private LabelLayout() {
  }

  /** A label's box in screen pixels: x and y are its top left corner, y grows downwards. */
  record Box(double x, double y, double width, double height) {
    boolean overlaps(Box other) {
      return x < other.x + other.width && other.x < x + width && y < other.y + other.height
          && other.y < y + height;
    }

    Box movedTo(double top) {
      return new Box(x, top, width, height);
    }
  }

  /** The boxes where they are drawn, in the order given. */
  static List<Box> spread(List<Box> wanted) {
    List<Box> placed = new ArrayList<>(wanted);
    List<Integer> lowestFirst = IntStream.range(0, wanted.size()).boxed()
        .sorted(Comparator.comparingDouble((Integer i) -> wanted.get(i).y()).reversed()).toList();
    List<Box> done = new ArrayList<>();
    for (int i : lowestFirst) {
      Box box = wanted.get(i);
      boolean moved = true;
      while (moved) {
        moved = false;
        for (Box other : done) {
          if (box.overlaps(other)) {
            box = box.movedTo(other.y() - box.height() - GAP);
            moved = true;
          }
        }
      }
      placed.set(i, box);
      done.add(box);
    }
    return placed;
  }
}
