package org.hbaseturbo.report.chart;

import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.internal.chartpart.Annotation;

/**
 * Text written on a chart at points given in the chart's own values (a bar's top, a line's point), placed in pixels
 * once XChart has laid the plot out, and kept from covering one another ({@link LabelLayout}). XChart's own
 * {@code AnnotationText} can only centre a text on a point, which puts a bar's label across its top edge.
 */
final class ChartLabels extends Annotation {
  /** Pixels between a label and what it labels. */
  private static final int OFFSET = 4;
  /** Behind each label, so that a grid line or another series' line does not cross its text. */
  private static final Color HALO = new Color(255, 255, 255, 200);
  private static final Color LEADER = new Color(0x888888);

  /** Where a label stands from its point. */
  enum Placement {
    /** Centred above it: a bar's top. */
    ABOVE,
    /** To its right, centred on it: a point of a line. */
    RIGHT,
    /** To its left, centred on it: the first point of a line, whose line leaves to the right. */
    LEFT
  }

  private record Label(String text, double x, double y, Placement placement) {
  }

  private final List<Label> labels = new ArrayList<>();

  ChartLabels() {
    super(false);
  }

  /** A label at ({@code x}, {@code y}) in the chart's values; an empty text is no label. */
  void add(String text, double x, double y, Placement placement) {
    if (!text.isEmpty()) {
      labels.add(new Label(text, x, y, placement));
    }
  }

  @Override
  public void paint(Graphics2D g) {
    if (labels.isEmpty()) {
      return;
    }
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
    g.setFont(ChartStyle.LABEL_FONT);
    FontMetrics metrics = g.getFontMetrics();
    List<LabelLayout.Box> wanted = new ArrayList<>();
    for (Label label : labels) {
      int width = metrics.stringWidth(label.text());
      int height = metrics.getAscent() + metrics.getDescent();
      double x = getXAxisScreenValue(label.x());
      double y = getYAxisScreenValue(label.y());
      wanted.add(switch (label.placement()) {
        case ABOVE -> new LabelLayout.Box(x - width / 2.0, y - OFFSET - height, width, height);
        case RIGHT -> new LabelLayout.Box(x + 2 * OFFSET, y - height / 2.0, width, height);
        case LEFT -> new LabelLayout.Box(x - 2 * OFFSET - width, y - height / 2.0, width, height);
      });
    }
    List<LabelLayout.Box> placed = LabelLayout.spread(wanted);
    for (int i = 0; i < labels.size(); i++) {
      LabelLayout.Box box = placed.get(i);
      if (box.y() != wanted.get(i).y()) {
        // Moved clear of another label: a line says which point it belongs to.
        g.setColor(LEADER);
        g.drawLine(getXAxisScreenValue(labels.get(i).x()), getYAxisScreenValue(labels.get(i).y()),
            (int) (box.x() + (labels.get(i).placement() == Placement.LEFT ? box.width() : 0)),
            (int) (box.y() + box.height() / 2));
      }
      g.setColor(HALO);
      g.fillRect((int) box.x() - 1, (int) box.y(), (int) box.width() + 2, (int) box.height());
      g.setColor(ChartStyle.TEXT);
      g.drawString(labels.get(i).text(), (float) box.x(), (float) (box.y() + metrics.getAscent()));
    }
  }
}
