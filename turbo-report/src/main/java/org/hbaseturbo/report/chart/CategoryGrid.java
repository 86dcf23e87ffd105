package org.hbaseturbo.report.chart;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The data of a grouped bar chart or of lines across categories: a value, and the label written on it, per category
 * (a schema, a client count, a value size) and series (a variant). Categories and series keep the order they were
 * first given in; a series without a value in a category has no bar or point there.
 */
public final class CategoryGrid {
  private final Set<String> categories = new LinkedHashSet<>();
  private final Set<String> series = new LinkedHashSet<>();
  private final Map<List<String>, Cell> cells = new HashMap<>();

  private record Cell(double value, String label) {
  }

  /**
   * @param label written on the bar or beside the point; empty for none
   * @throws IllegalArgumentException when the category already has a value of that series
   */
  public CategoryGrid put(String category, String seriesName, double value, String label) {
    if (cells.putIfAbsent(List.of(category, seriesName), new Cell(value, label)) != null) {
      throw new IllegalArgumentException("category '" + category + "' already has a value of '" + seriesName + "'");
    }
    categories.add(category);
    series.add(seriesName);
    return this;
  }

  public boolean isEmpty() {
    return cells.isEmpty();
  }

  public List<String> categories() {
    return List.copyOf(categories);
  }

  public List<String> series() {
    return List.copyOf(series);
  }

  /** The series' value in each category, in the order of {@link #categories()}; null where it has none. */
  public List<Double> values(String seriesName) {
    List<Double> values = new ArrayList<>();
    for (String category : categories) {
      Cell cell = cells.get(List.of(category, seriesName));
      values.add(cell == null ? null : cell.value());
    }
    return values;
  }

  /** The label of a value; empty where there is none, or no value. */
  public String label(String category, String seriesName) {
    Cell cell = cells.get(List.of(category, seriesName));
    return cell == null ? "" : cell.label();
  }

  public double max() {
    return cells.values().stream().mapToDouble(Cell::value).max().orElse(0);
  }

  /**
   * Whether each category holds one series only: then the categories name the variants ("GZ", "ZSTD"), and each is
   * drawn as one wide bar of its own colour.
   */
  public boolean onePerCategory() {
    return cells.size() == categories.size();
  }
}
