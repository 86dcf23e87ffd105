package org.hbaseturbo.report.chart;

import java.awt.Color;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One colour per variant name, the same in every chart, so that a reader who learnt "orange is Prepared Scan" on one
 * chart can read the next without its legend. Plain HBase (native scans and gets, the default codec, the default
 * configuration, no compression) is dark grey everywhere and HBase's own gzip light grey; each Turbo capability has a
 * hue of its own, its variants shades of it. Colours are from the Okabe-Ito and Tableau 10 palettes, which stay
 * apart for the common kinds of colour blindness.
 */
public final class VariantPalette {
  private static final Color PLAIN = new Color(0x4D4D4D);
  private static final Color PLAIN_GZIP = new Color(0xA6A6A6);

  private static final Map<String, Color> KNOWN = Map.ofEntries(
      // Prepared Scan and the fast path (bench scan, bench fastpath, the demo)
      Map.entry("native", PLAIN),
      Map.entry("native+gzip", PLAIN_GZIP),
      Map.entry("native+compact", new Color(0x009E73)),
      Map.entry("prepared", new Color(0xE69F00)),
      Map.entry("prepared+fastpath", new Color(0xD55E00)),
      Map.entry("fastpath-shm", new Color(0x0072B2)),
      Map.entry("fastpath-tcp", new Color(0x56B4E9)),
      Map.entry("fastpath-auto", new Color(0xCC79A7)),
      // the compact cell codec (bench codec): native+compact is the same codec
      Map.entry("default", PLAIN),
      Map.entry("default+gzip", PLAIN_GZIP),
      Map.entry("compact", new Color(0x009E73)),
      Map.entry("compact+gzip", new Color(0x7FD3B8)),
      // the compression paper's codecs (bench compression)
      Map.entry("none", PLAIN),
      Map.entry("gz", PLAIN_GZIP),
      Map.entry("snappy", new Color(0xEDC948)),
      Map.entry("lz4", new Color(0x76B7B2)),
      Map.entry("lzo", new Color(0xB07AA1)),
      Map.entry("zstd", new Color(0x4E79A7)),
      // PCM (bench pcm)
      Map.entry("defaults", PLAIN),
      Map.entry("defaults 1g", PLAIN_GZIP),
      Map.entry("hbase tuner", new Color(0x9C755F)),
      Map.entry("pcm", new Color(0xE15759)));

  /** For names the table does not know, chosen by the name's hash: the same name gets the same colour every run. */
  private static final List<Color> OTHERS = List.of(new Color(0xF28E2B), new Color(0x59A14F),
      new Color(0xFF9DA7), new Color(0x8C564B), new Color(0x17BECF), new Color(0xBCBD22));

  private VariantPalette() {
  }

  /** The variant's colour; names are compared without regard to case ("ZSTD" and "zstd" are one codec). */
  public static Color of(String variant) {
    String name = variant.toLowerCase(Locale.ROOT);
    Color known = KNOWN.get(name);
    // String.hashCode is fixed by the language specification, so the choice does not change between JVMs.
    return known != null ? known : OTHERS.get(Math.floorMod(name.hashCode(), OTHERS.size()));
  }
}
