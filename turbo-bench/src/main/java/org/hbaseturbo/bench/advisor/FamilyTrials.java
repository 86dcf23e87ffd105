package org.hbaseturbo.bench.advisor;

import java.util.List;
import org.hbaseturbo.compress.advisor.Trial;

/**
 * Every option as measured on one family: on the advisor's sample, which its choices come from, and on all the
 * family's cells, which judge them. Kept in the report so that a choice can be traced to the figures behind it.
 *
 * @param variant {@code dataset:family}
 * @param sampleCells cells in the advisor's sample
 * @param fullCells all the family's cells
 * @param sample every option measured on the sample, in the advisor's order: the median over the measuring JVMs
 * @param full every option measured on all the cells, in the same order and the same way
 * @param samplePerJvm what each measuring JVM measured on the sample, that {@code sample} is the median of
 * @param fullPerJvm what each measuring JVM measured on all the cells
 */
public record FamilyTrials(String variant, long sampleCells, long fullCells, List<Trial> sample, List<Trial> full,
    List<List<Trial>> samplePerJvm, List<List<Trial>> fullPerJvm) {
  public FamilyTrials {
    sample = List.copyOf(sample);
    full = List.copyOf(full);
    samplePerJvm = samplePerJvm.stream().map(List::copyOf).toList();
    fullPerJvm = fullPerJvm.stream().map(List::copyOf).toList();
  }
}
