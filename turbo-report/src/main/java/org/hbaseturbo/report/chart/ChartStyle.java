package org.hbaseturbo.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import org.knowm.xchart.internal.series.AxesChartSeries;
import org.knowm.xchart.internal.series.MarkerSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The look every chart shares: a white ground, and text sizes that stay legible at the size the PNG is written
 * (XChart's defaults, 12-point ticks on grey, shrink to unreadable once a page scales a wide chart down).
 */
public final class ChartStyle {
  static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 19);
  static final Font PANEL_TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 16);
  static final Font AXIS_TITLE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 15);
  static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
  static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 13);
  static final Font LEGEND_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 15);
  static final Color TEXT = new Color(0x222222);
  private static final Color GRID = new Color(0xDDDDDD);
  /**
   * Thousands separated, two decimals at most: XChart's own choice writes "1E5" on an axis above 100,000 and ".05" on
   * one below 1.
   */
  private static final String NUMBERS = "#,##0.##";
  private static final BasicStroke LINE = new BasicStroke(2.5f);
  /** Pixels of a point's marker on a line. */
  private static final int MARKER = 9;
  /** Text is measured on an image of its own: a chart's size is chosen before it is painted. */
  private static final BufferedImage MEASURE = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);

  private ChartStyle() {
  }

  /** Applies the shared look to a chart of axes; its own legend is off, as a {@link Figure} draws one for all. */
  public static void apply(AxesChartStyler styler) {
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setPlotBorderColor(Color.GRAY);
    styler.setPlotGridLinesColor(GRID);
    styler.setChartFontColor(TEXT);
    styler.setAxisTickLabelsColor(TEXT);
    styler.setChartTitleFont(PANEL_TITLE_FONT);
    styler.setChartTitleBoxVisible(false);
    styler.setAxisTitleFont(AXIS_TITLE_FONT);
    styler.setAxisTickLabelsFont(TICK_FONT);
    styler.setXAxisDecimalPattern(NUMBERS);
    styler.setYAxisDecimalPattern(NUMBERS);
    styler.setAnnotationTextFont(LABEL_FONT);
    styler.setAnnotationTextFontColor(TEXT);
    styler.setLegendVisible(false);
    styler.setMarkerSize(MARKER);
    styler.setChartPadding(12);
  }

  /** The variant's colour on every part of a series: its bars, its line, its markers and the legend's swatch. */
  public static void colour(AxesChartSeries series) {
    Color colour = VariantPalette.of(series.getName());
    series.setFillColor(colour);
    series.setLineColor(colour);
  }

  /** A line with round markers, for lines across categories and lines through points. */
  static void line(MarkerSeries series) {
    colour(series);
    series.setMarkerColor(series.getLineColor());
    series.setMarker(SeriesMarkers.CIRCLE);
    series.setLineStyle(LINE);
  }

  /** The width of a text in pixels. */
  static int width(Font font, String text) {
    Graphics2D graphics = MEASURE.createGraphics();
    try {
      return graphics.getFontMetrics(font).stringWidth(text);
    } finally {
      graphics.dispose();
    }
  }
}
