package org.hbaseturbo.bench;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.common.InvalidInputException;

/**
 * What every benchmark of timed, interleaved YCSB runs is given besides its own experiments: client counts, the runs
 * and their length, each client JVM's warm-up, the table's regions, and where the client JVMs run. Checked as the
 * options that give it are named.
 *
 * @param clients client threads, one measurement per count
 * @param runs measured runs of each variant, in rounds ({@link RunOrder})
 * @param runSeconds how long each measured run lasts (YCSB's maxexecutiontime)
 * @param warmUp what each client JVM does, unmeasured, before it measures; in batch workloads its operations are
 *     rows, in as many batches as they fill
 * @param regions regions the benchmark's tables are pre-split into
 * @param clientHost the host the client JVMs run on, if not this one: behind an emulated link, or the client host
 *     of a cluster of hosts
 * @param linkName how the link is named in the report's parameters
 */
public record RunPlan(List<Integer> clients, int runs, int runSeconds, YcsbWarmUp warmUp, int regions,
    Optional<ClientHost> clientHost, String linkName) {
  public static final int DEFAULT_RUNS = 3;
  public static final int DEFAULT_RUN_SECONDS = 5;
  public static final int DEFAULT_REGIONS = 4;

  public RunPlan {
    if (clients.isEmpty() || clients.stream().anyMatch(c -> c < 1)) {
      throw new InvalidInputException("--clients must list client counts of at least 1, was " + clients);
    }
    clients = List.copyOf(clients);
    if (runs < 1) {
      throw new InvalidInputException("--runs must be at least 1, was " + runs);
    }
    if (runSeconds < 1) {
      throw new InvalidInputException("--run-time must be at least 1s, was " + runSeconds + "s");
    }
    requireNonNull(warmUp, "warmUp is null");
    if (regions < 1) {
      throw new InvalidInputException("--regions must be at least 1, was " + regions);
    }
    requireNonNull(clientHost, "clientHost is null");
    requireNonNull(linkName, "linkName is null");
  }

  /** One client, the named defaults, no warm-up, the clients on this host over loopback. */
  public static Builder builder() {
    return new Builder();
  }

  /** Whether the client JVMs reach the servers over a link rather than over this host's loopback. */
  public boolean behindLink() {
    return clientHost.isPresent() || !linkName.equals(NetworkLink.Speed.LOOPBACK.userName());
  }

  /** The report parameters that every benchmark of such runs writes. */
  public void putParameters(Map<String, Object> parameters) {
    parameters.put("clients", clients);
    parameters.put("runs", runs);
    parameters.put("run_seconds", runSeconds);
    parameters.putAll(warmUp.reportParameters());
    parameters.put("regions", regions);
    parameters.put("link", linkName);
  }

  /** Builds a {@link RunPlan}; what is not set keeps its named default. */
  public static final class Builder {
    private List<Integer> clients = List.of(1);
    private int runs = DEFAULT_RUNS;
    private int runSeconds = DEFAULT_RUN_SECONDS;
    private YcsbWarmUp warmUp = YcsbWarmUp.operations(0);
    private int regions = DEFAULT_REGIONS;
    private Optional<ClientHost> clientHost = Optional.empty();
    private String linkName = NetworkLink.Speed.LOOPBACK.userName();

    private Builder() {
    }

    public Builder clients(List<Integer> clients) {
      this.clients = clients;
      return this;
    }

    public Builder runs(int runs) {
      this.runs = runs;
      return this;
    }

    public Builder runSeconds(int runSeconds) {
      this.runSeconds = runSeconds;
      return this;
    }

    public Builder warmUp(YcsbWarmUp warmUp) {
      this.warmUp = warmUp;
      return this;
    }

    public Builder regions(int regions) {
      this.regions = regions;
      return this;
    }

    /** The client JVMs' host, if not this one, and the link's name in the report. */
    public Builder clientHost(Optional<ClientHost> clientHost, String linkName) {
      this.clientHost = clientHost;
      this.linkName = linkName;
      return this;
    }

    public RunPlan build() {
      return new RunPlan(clients, runs, runSeconds, warmUp, regions, clientHost, linkName);
    }
  }
}
