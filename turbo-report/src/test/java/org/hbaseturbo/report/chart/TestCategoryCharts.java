package org.hbaseturbo.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;

class TestCategoryCharts {
  @Test
  void aBarsLabelStandsOverTheMiddleOfTheBarXChartDraws() {
    // One bar per category: the middle of the category.
    assertThat(CategoryCharts.barCentre(0, 0, 1)).isEqualTo(0.5);
    // Three bars in the second category: they fill 80% of it, centred, the third in the last slot.
    assertThat(CategoryCharts.barCentre(1, 2, 3)).isCloseTo(1 + 0.1 + 2.5 * 0.8 / 3, within(1e-9));
  }

  @Test
  void aChartIsWideEnoughForEveryBarsLabel() {
    CategoryGrid grid = grid("1.42x");
    CategoryGrid longer = grid("1.42x faster than native");

    CategoryChart chart = CategoryCharts.bars("", "scans / s", grid);
    CategoryChart wider = CategoryCharts.bars("", "scans / s", longer);

    int bars = grid.categories().size() * grid.series().size();
    int label = ChartStyle.width(ChartStyle.LABEL_FONT, "1.42x faster than native");
    assertThat(wider.getWidth()).isGreaterThan(chart.getWidth());
    assertThat((double) wider.getWidth() * CategoryCharts.FILL / bars).isGreaterThan(label);
  }

  @Test
  void barsAndLinesAreColouredByVariant() {
    CategoryChart bars = CategoryCharts.bars("", "scans / s", grid("1x"));
    CategoryChart lines = CategoryCharts.lines("", "clients", "scans / s", grid("1x"), 1000);

    for (CategoryChart chart : new CategoryChart[] {bars, lines}) {
      chart.getSeriesMap().forEach((name, series) -> {
        assertThat(series.getFillColor()).isEqualTo(VariantPalette.of(name));
        assertThat(series.getLineColor()).isEqualTo(VariantPalette.of(name));
      });
    }
  }

  private static CategoryGrid grid(String label) {
    CategoryGrid grid = new CategoryGrid();
    for (String category : new String[] {"paper, 4 clients", "paper, 16 clients", "ycsb, 4 clients"}) {
      for (String variant : new String[] {"native", "prepared", "prepared+fastpath"}) {
        grid.put(category, variant, 1000, label);
      }
    }
    return grid;
  }
}
