package org.hbaseturbo.bench.compression;

import java.util.List;
import java.util.Map;
import org.hbaseturbo.advisor.CodecSpeed;

/**
 * The compression benchmark's report, in the shape every Turbo benchmark shares.
 *
 * @param referenceBlocks codecs Turbo does not ship, measured alone on the same blocks side by side with the
 *     results' codecs (ZSTD-JNI); empty when they do not work here
 */
public record CompressionReport(String benchmark, Map<String, Object> machine, Map<String, String> versions,
    Map<String, Object> parameters, List<CodecResult> results, List<CodecSpeed> referenceBlocks) {
}
