package org.hbaseturbo.advisor;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.advisor.CodecAdvisor.Recommendation;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.compress.TurboCodecs;

/**
 * The advisor's workflow on one family, as {@code compress advise} runs it: find the family, sample its cells,
 * measure every option on them ({@link CodecAdvisor}), recommend one per objective, and, if asked, apply the
 * recommendation for the chosen objective ({@link FamilyRewriter}); or apply a given option without measuring.
 */
public final class AdvisorRun {
  private final Connection connection;
  private final Listener listener;

  public AdvisorRun(Connection connection, Listener listener) {
    this.connection = requireNonNull(connection, "connection is null");
    this.listener = requireNonNull(listener, "listener is null");
  }

  /**
   * What to advise on and what to do with the advice.
   *
   * @param family the column family; empty for the table's only family
   * @param sampleRows rows to sample, spread over all regions ({@link CellSampler})
   * @param objective the objective whose recommendation is applied
   * @param apply whether to apply: the objective's recommendation, or {@code use}
   * @param use an option to apply instead of measuring and recommending; only with {@code apply}
   * @param applyTimeout how long applying may wait for the major compaction ({@link FamilyRewriter})
   */
  public record Request(TableName table, Optional<String> family, int sampleRows, Objective objective,
      TrialPlan plan, boolean apply, Optional<StorageOption> use, Duration applyTimeout) {
    public Request {
      requireNonNull(table, "table is null");
      requireNonNull(family, "family is null");
      requireNonNull(objective, "objective is null");
      requireNonNull(plan, "plan is null");
      requireNonNull(use, "use is null");
      requireNonNull(applyTimeout, "applyTimeout is null");
      if (sampleRows < 1) {
        throw new IllegalArgumentException("rows to sample must be at least 1, was " + sampleRows);
      }
      if (use.isPresent() && !apply) {
        throw new IllegalArgumentException("an option to use (" + use.get() + ") is one to apply: set apply");
      }
    }
  }

  /**
   * What the advisor measured on the sample and recommends.
   *
   * @param sampleCells the cells sampled, every version of each
   * @param recommendations one per {@link Objective}, in their order
   */
  public record Advice(int sampleCells, Measurement measurement, List<Recommendation> recommendations) {
    public Advice {
      requireNonNull(measurement, "measurement is null");
      recommendations = List.copyOf(recommendations);
    }

    /** The sample's cells as KeyValues ({@link Trial#rawBytes}). */
    public long sampleBytes() {
      return measurement.screeningPerJvm().get(0).get(0).rawBytes();
    }

    public Recommendation recommendation(Objective objective) {
      return recommendations.stream().filter(each -> each.objective() == objective).findFirst().orElseThrow();
    }
  }

  /**
   * What the run did.
   *
   * @param family the family's name, as the request gave it or the table's only one
   * @param blockSize the family's BLOCKSIZE, which the trials wrote their HFiles with
   * @param advice what was measured and recommended; empty when the request gave an option to use
   * @param applied the option applied and the storage before and after; empty unless the request said apply
   */
  public record Result(TableName table, String family, int blockSize, Optional<Advice> advice,
      Optional<FamilyRewriter.Rewrite> applied) {
  }

  /** Told what the run does as it does it: measuring takes about a minute, applying up to the timeout. */
  public interface Listener {
    /** A step begun or finished, as a line of its own: "sampling up to 5,000 rows of t:f (BLOCKSIZE 65,536) ...". */
    void step(String line);

    /**
     * What is being measured now ("JVM 1/3: timed pass 1/5: DIFF+GZ"), each replacing the last; the next call after
     * the last of them is {@link #advised}.
     */
    void measuring(String what);

    /** The advice, once made, before anything is applied. */
    void advised(Advice advice);
  }

  /**
   * @throws InvalidInputException when the table or family does not exist, the family was not named and the table
   *     has several, the family holds no cells, the option's codec does not work on every RegionServer, or (before
   *     anything is measured) the run would apply an option to a table whose compactions are disabled
   */
  public Result run(Request request) throws IOException {
    ColumnFamilyDescriptor family = family(request.table(), request.family(),
        request.apply() || request.use().isPresent());
    if (request.use().isPresent()) {
      return new Result(request.table(), family.getNameAsString(), family.getBlocksize(), Optional.empty(),
          Optional.of(apply(request, family, request.use().get())));
    }
    Advice advice = advise(request, family);
    listener.advised(advice);
    Optional<FamilyRewriter.Rewrite> applied = request.apply()
        ? Optional.of(apply(request, family, advice.recommendation(request.objective()).option()))
        : Optional.empty();
    return new Result(request.table(), family.getNameAsString(), family.getBlocksize(), Optional.of(advice), applied);
  }

  private Advice advise(Request request, ColumnFamilyDescriptor family) throws IOException {
    listener.step(String.format("sampling up to %,d rows of %s:%s (BLOCKSIZE %,d) ...", request.sampleRows(),
        request.table().getNameAsString(), family.getNameAsString(), family.getBlocksize()));
    List<Cell> cells = CellSampler.sample(connection, request.table(), family.getName(), request.sampleRows());
    if (cells.isEmpty()) {
      throw new InvalidInputException("family '" + family.getNameAsString() + "' of table '"
          + request.table().getNameAsString() + "' holds no cells to sample");
    }
    TurboCodecs.install();
    listener.step(String.format("measuring %d options on %,d cells in %s ...", CodecAdvisor.options().size(),
        cells.size(), request.plan().description()));
    Measurement measured = new CodecAdvisor(connection.getConfiguration(), family.getBlocksize(), request.plan())
        .measure(cells, List.of(), listener::measuring);
    return new Advice(cells.size(), measured, Arrays.stream(Objective.values()).map(measured::recommend).toList());
  }

  private FamilyRewriter.Rewrite apply(Request request, ColumnFamilyDescriptor family, StorageOption option)
      throws IOException {
    return new FamilyRewriter(connection, request.applyTimeout(), listener::step).rewrite(request.table(),
        family.getName(), option);
  }

  /** The family the request names, or the table's only one; with {@code rewriting}, of a table that compacts. */
  private ColumnFamilyDescriptor family(TableName table, Optional<String> family, boolean rewriting)
      throws IOException {
    String name = table.getNameAsString();
    TableDescriptor descriptor;
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(table)) {
        throw new InvalidInputException("table '" + name + "' does not exist on the cluster");
      }
      descriptor = admin.getDescriptor(table);
    }
    if (rewriting) {
      FamilyRewriter.requireCompactions(descriptor);
    }
    List<String> families = Arrays.stream(descriptor.getColumnFamilies())
        .map(ColumnFamilyDescriptor::getNameAsString).toList();
    if (family.isEmpty()) {
      if (families.size() != 1) {
        throw new InvalidInputException("table '" + name + "' has families " + families + "; name one with"
            + " --family");
      }
      return descriptor.getColumnFamilies()[0];
    }
    if (!descriptor.hasColumnFamily(Bytes.toBytes(family.get()))) {
      throw new InvalidInputException("table '" + name + "' has no column family '" + family.get() + "' (it has "
          + families + ")");
    }
    return descriptor.getColumnFamily(Bytes.toBytes(family.get()));
  }
}
