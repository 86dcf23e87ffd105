package org.hbaseturbo.bench.advisor;

import java.util.Map;
import org.hbaseturbo.advisor.Trial;

/**
 * The advisor's choice for one family of one dataset and one objective, judged on the family's full data.
 *
 * @param variant {@code dataset:family}
 * @param sampleCells cells the advisor measured (its sample of {@code sampleRows} rows)
 * @param fullCells all the family's cells, on which every option was measured again, and the finalists of its
 *     run-off (with the advisor's choices) again in the run-off's JVMs
 * @param choice what the advisor recommends from the sample
 * @param best the finalist that best meets the objective on the full data
 * @param score {@code objective}'s score of the choice on the full data ({@code Objective.score}): 1.0 when it
 *     is the best, 1.05 when 5% worse
 * @param withinTarget whether the score is at most {@link AdvisorBenchmark#TARGET}
 * @param reason the advisor's one line of reasoning, about the sample
 * @param choiceOnFull the choice as measured on the full data: its medians over the screening and run-off JVMs
 * @param bestOnFull the best finalist as measured on the full data
 * @param appliedStoreFileBytes with {@code --apply}, for the storage objective: the family's store file bytes on
 *     the cluster after a major compaction with the choice and with the best option; null otherwise
 */
public record AdvisorResult(String variant, String dataset, String family, String objective, int runs,
    long sampleCells, long fullCells, String choice, String best, double score, boolean withinTarget, String reason,
    Trial choiceOnFull, Trial bestOnFull, Map<String, Long> appliedStoreFileBytes) {
}
