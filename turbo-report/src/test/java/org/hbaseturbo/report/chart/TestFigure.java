package org.hbaseturbo.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;

class TestFigure {
  @Test
  void panelsStandSideBySideUnderTheTitleAndOverOneLegend(@TempDir Path dir) throws Exception {
    CategoryChart paper = CategoryCharts.lines("paper", "clients", "scans / s", grid(), 2000);
    CategoryChart ycsb = CategoryCharts.lines("ycsb", "clients", "scans / s", grid(), 2000);
    Path file = dir.resolve("scan-throughput.png");
    Files.writeString(file, "an older chart");

    assertThat(Figure.of("scan: throughput", List.of(paper, ycsb)).savePng(file)).isEqualTo(file);

    BufferedImage image = ImageIO.read(file.toFile());
    assertThat(image.getWidth()).isEqualTo(2 * Math.max(paper.getWidth(), ycsb.getWidth()));
    assertThat(image.getHeight()).isGreaterThan(paper.getHeight());
  }

  @Test
  void aTitleWiderThanItsPanelsWidensTheFigure(@TempDir Path dir) throws Exception {
    CategoryChart chart = CategoryCharts.bars("", "MB", new CategoryGrid().put("ZSTD", "ZSTD", 2.2, "0.14x"));
    String title = "compression: storage on disk without NONE (Fig. 4) (labels: x NONE), a title wider than its chart";

    Path file = Figure.of(title, chart).savePng(dir.resolve("storage.png"));

    assertThat(ImageIO.read(file.toFile()).getWidth()).isGreaterThan(chart.getWidth())
        .isGreaterThan(ChartStyle.width(ChartStyle.TITLE_FONT, title));
  }

  @Test
  void aFigureNeedsAPanel() {
    assertThatThrownBy(() -> Figure.of("empty", List.<CategoryChart>of())).isInstanceOf(
        IllegalArgumentException.class).hasMessage("figure 'empty' has no panel");
  }

  private static CategoryGrid grid() {
    return new CategoryGrid().put("4", "native", 1000, "1x").put("16", "native", 1500, "1x")
        .put("4", "prepared", 1400, "1.40x").put("16", "prepared", 1900, "1.27x");
  }
}
