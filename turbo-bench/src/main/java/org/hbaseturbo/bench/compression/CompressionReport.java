package org.hbaseturbo.bench.compression;

import java.util.List;
import java.util.Map;

/** The compression benchmark's report, in the shape every Turbo benchmark shares. */
public record CompressionReport(String benchmark, Map<String, Object> machine, Map<String, String> versions,
    Map<String, Object> parameters, List<CodecResult> results) {
}
