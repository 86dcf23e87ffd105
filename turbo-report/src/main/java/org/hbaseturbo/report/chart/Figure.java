package org.hbaseturbo.report.chart;

import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series;

/**
 * What a PNG holds: a title, one or more charts side by side (a panel per schema, per workload), and one legend for
 * all of them below. A variant has one colour in every panel ({@link VariantPalette}), so one legend serves them,
 * and panels of one figure keep the same size.
 */
public final class Figure {
  private static final int PADDING = 14;
  private static final int SWATCH = 16;
  /** Panels in a row, unless the figure says otherwise: wider figures shrink on a page until they are unreadable. */
  private static final int COLUMNS = 2;

  private final String title;
  private final List<Chart<?, ?>> panels;
  private final int columns;

  private Figure(String title, List<Chart<?, ?>> panels, int columns) {
    if (panels.isEmpty()) {
      throw new IllegalArgumentException("figure '" + title + "' has no panel");
    }
    this.title = title;
    this.panels = List.copyOf(panels);
    this.columns = Math.min(columns, panels.size());
  }

  public static Figure of(String title, List<? extends Chart<?, ?>> panels) {
    return new Figure(title, List.copyOf(panels), COLUMNS);
  }

  public static Figure of(String title, Chart<?, ?> chart) {
    return of(title, List.of(chart));
  }

  /** The same panels, {@code columns} to a row. */
  public Figure columns(int columns) {
    return new Figure(title, panels, columns);
  }

  /** Writes the figure as PNG, replacing an older file; returns the path. */
  public Path savePng(Path file) throws IOException {
    int panelWidth = panels.stream().mapToInt(Chart::getWidth).max().orElseThrow();
    int panelHeight = panels.stream().mapToInt(Chart::getHeight).max().orElseThrow();
    int rows = (panels.size() + columns - 1) / columns;
    // A title longer than its panels widens the figure; the panels then stand in its middle.
    int width = Math.max(columns * panelWidth, ChartStyle.width(ChartStyle.TITLE_FONT, title) + 2 * PADDING);
    int left = (width - columns * panelWidth) / 2;
    Map<String, Color> legend = legend();
    List<List<String>> legendRows = legendRows(legend, width);
    int titleHeight = ChartStyle.TITLE_FONT.getSize() + 2 * PADDING;
    int legendRowHeight = ChartStyle.LEGEND_FONT.getSize() + PADDING;
    int height = titleHeight + rows * panelHeight + legendRows.size() * legendRowHeight + PADDING;

    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, width, height);
      g.setColor(ChartStyle.TEXT);
      g.setFont(ChartStyle.TITLE_FONT);
      FontMetrics titleMetrics = g.getFontMetrics();
      g.drawString(title, (width - titleMetrics.stringWidth(title)) / 2, PADDING + titleMetrics.getAscent());
      for (int i = 0; i < panels.size(); i++) {
        // Every panel at one size: its plot then lines up with its neighbours'.
        int x = left + (i % columns) * panelWidth;
        int y = titleHeight + (i / columns) * panelHeight;
        Graphics2D panel = (Graphics2D) g.create(x, y, panelWidth, panelHeight);
        try {
          panels.get(i).paint(panel, panelWidth, panelHeight);
        } finally {
          panel.dispose();
        }
      }
      drawLegend(g, legend, legendRows, titleHeight + rows * panelHeight, width, legendRowHeight);
    } finally {
      g.dispose();
    }
    Files.deleteIfExists(file);
    ImageIO.write(image, "png", file.toFile());
    return file;
  }

  /** Every series of every panel once, in the order they first appear, with the colour it is drawn in. */
  private Map<String, Color> legend() {
    Map<String, Color> legend = new LinkedHashMap<>();
    for (Chart<?, ?> panel : panels) {
      for (Series series : panel.getSeriesMap().values()) {
        legend.putIfAbsent(series.getName(), series.getFillColor());
      }
    }
    return legend;
  }

  /** The legend's entries in rows that fit the figure's width. */
  private static List<List<String>> legendRows(Map<String, Color> legend, int width) {
    List<List<String>> rows = new ArrayList<>();
    List<String> row = new ArrayList<>();
    int used = 0;
    for (String name : legend.keySet()) {
      int entry = entryWidth(name);
      if (!row.isEmpty() && used + entry > width - 2 * PADDING) {
        rows.add(row);
        row = new ArrayList<>();
        used = 0;
      }
      row.add(name);
      used += entry;
    }
    if (!row.isEmpty()) {
      rows.add(row);
    }
    return rows;
  }

  private static void drawLegend(Graphics2D g, Map<String, Color> legend, List<List<String>> rows, int top,
      int width, int rowHeight) {
    g.setFont(ChartStyle.LEGEND_FONT);
    FontMetrics metrics = g.getFontMetrics();
    for (int r = 0; r < rows.size(); r++) {
      List<String> row = rows.get(r);
      int x = (width - row.stream().mapToInt(Figure::entryWidth).sum()) / 2;
      int y = top + r * rowHeight + PADDING / 2;
      for (String name : row) {
        g.setColor(legend.get(name));
        g.fillRect(x, y + (metrics.getAscent() - SWATCH) / 2 + 1, SWATCH, SWATCH);
        g.setColor(ChartStyle.TEXT);
        g.drawString(name, x + SWATCH + PADDING / 2, y + metrics.getAscent());
        x += entryWidth(name);
      }
    }
  }

  private static int entryWidth(String name) {
    return SWATCH + PADDING / 2 + ChartStyle.width(ChartStyle.LEGEND_FONT, name) + 2 * PADDING;
  }
}
