package org.hbaseturbo.bench.advisor;

import org.hbaseturbo.advisor.MeasuredOptions;

/**
 * Every option as measured on one family: on the advisor's sample, which its choices come from, and on all the
 * family's cells, which judge them. Kept in the report so that a choice can be traced to the figures behind it.
 *
 * @param variant {@code dataset:family}
 * @param sampleCells cells in the advisor's sample
 * @param fullCells all the family's cells
 * @param sample every option measured on the sample, as {@code turbo compress advise} measures
 * @param full every option measured on all the cells the same way, the advisor's choices among the finalists
 */
public record FamilyTrials(String variant, long sampleCells, long fullCells, MeasuredOptions sample,
    MeasuredOptions full) {
}
