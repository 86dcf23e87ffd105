package org.hbaseturbo.bench.pcm;

import java.util.List;
import org.hbaseturbo.bench.report.VariantResult;

/**
 * One class under one variant: YCSB's medians over the rounds (its runs kept in round order) and what the servers
 * did over them.
 *
 * @param workloadClass the class's label ("RO-read")
 * @param applied what PCM changed before the class's last round, each change with its route and audit status, and
 *     last how long until it was in force; empty for the other variants
 */
public record ClassResult(String workloadClass, String variant, VariantResult ycsb, ServerActivity server,
    List<String> applied) {
}
