package org.hbaseturbo.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** The look and the file format every benchmark chart shares. */
public final class Charts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 500;

  private Charts() {
  }

  public static CategoryChart bars(String title, String yAxis) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yAxis)
        .build();
    chart.getStyler().setLegendVisible(true);
    chart.getStyler().setXAxisLabelRotation(15);
    return chart;
  }

  /** Writes the chart as PNG, replacing an older file; returns the path. */
  public static Path savePng(CategoryChart chart, Path file) throws IOException {
    Files.deleteIfExists(file);
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }
}
