package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.cli.CommandLineRun.assertRefused;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hbaseturbo.cluster.FileTrees;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input gets one clear line on stderr and exit code 2, and is refused before any cluster is started or
 * touched (each of these returns within seconds).
 *
 * <p>Each refusal is a test case of its own, so that one that fails hides none of the others.
 */
class TestBadInput {
  /** The refusals that need no file of their own and no check beyond their line on stderr. */
  static Stream<Arguments> refusals() {
    return Stream.of(
        line("ycsb", "run", "--workload", "z").refusedWith(
            "turbo: unknown workload 'z': expected one of a, b, c, d, e, f or the path of a YCSB workload file"),
        line("demo", "-p", "threadcount=8").refusedWith(
            "turbo: YCSB property 'threadcount' given with -p is set by Turbo: use --threads"),

        // Checked before the table is created.
        line("ycsb", "load", "-p", "durability=BOGUS").refusedWith(
            "turbo: YCSB property 'durability' given with -p is 'BOGUS'; expected one of USE_DEFAULT, SKIP_WAL,"
                + " ASYNC_WAL, SYNC_WAL, FSYNC_WAL"),
        line("ycsb", "load", "-p", "fieldlength=-1").refusedWith(
            "turbo: YCSB property 'fieldlength' given with -p is '-1'; expected a whole number from 1 to 10,485,760"),
        line("ycsb", "run", "-p", "requestdistribution=bogus").refusedWith(
            "turbo: YCSB property 'requestdistribution' given with -p is 'bogus'; expected one of uniform, zipfian,"
                + " latest, hotspot, sequential, exponential"),
        line("ycsb", "run", "-p", "recordcount=abc").refusedWith(
            "turbo: YCSB property 'recordcount' given with -p is 'abc'; expected a whole number from 1 to"
                + " 2,147,483,647"),
        line("ycsb", "run", "-p", "minscanlength=20", "-p", "maxscanlength=10").refusedWith(
            "turbo: YCSB property 'minscanlength' (20) must not exceed maxscanlength (10)"),
        line("ycsb", "run", "-p", "batchrows=0").refusedWith(
            "turbo: YCSB property 'batchrows' given with -p is '0'; expected a whole number from 1 to 10,000"),

        line("ycsb", "run", "--db", "fast").refusedWith(
            "turbo: unknown YCSB binding 'fast': expected one of native, prepared, fastpath, none"),
        line("ycsb", "run", "--link", "5gbps").refusedWith(
            "turbo: unknown link '5gbps': expected loopback, or a rate such as 100mbit, 1gbit or 10gbit (a whole"
                + " number followed by kbit, mbit or gbit), optionally with a one-way delay after a colon, such as"
                + " 1gbit:200us or 10gbit:2ms"),
        line("ycsb", "run", "--link", "200gbit").refusedWith(
            "turbo: link rate '200gbit' is out of range: expected 1mbit to 100gbit"),
        line("bench", "scan", "--link", "1gbit:2s").refusedWith("turbo: unknown link '1gbit:2s': expected loopback, or"
            + " a rate such as 100mbit, 1gbit or 10gbit (a whole number followed by kbit, mbit or gbit), optionally"
            + " with a one-way delay after a colon, such as 1gbit:200us or 10gbit:2ms"),
        line("bench", "codec", "--link", "1gbit:200ms").refusedWith(
            "turbo: link delay in '1gbit:200ms' is out of range: expected 1us to 100ms"),
        line("bench", "scan", "--link", "loopback,1gbit:200us,1000mbit:200us").refusedWith(
            "turbo: --link loopback,1gbit:200us,1000mbit:200us names 1000mbit:200us twice: expected each link once"),
        line("ycsb", "run", "--link", "loopback,1gbit").refusedWith("turbo: --link loopback,1gbit: this command runs"
            + " at one link; the bench commands (scan, codec, fastpath) take several"),
        // The second link's refusal comes before the first link's run.
        line("bench", "fastpath", "--link", "loopback,1gbit").refusedWith("turbo: --transport shm cannot run behind"
            + " --link 1gbit: the client JVMs and the RegionServers are on different hosts, which shared memory does"
            + " not reach (and auto would choose shared memory, bypassing the links); use --transport tcp"),
        line("ycsb", "run", "--threads", "0").refusedWith(
            "turbo: --threads must be between 1 and 1,024, was 0 (see 'turbo ycsb run --help')"),
        line("demo", "--regions", "0").refusedWith(
            "turbo: --regions must be between 1 and 1,000, was 0 (see 'turbo demo --help')"),

        line("bench", "fastpath", "--link", "1gbit").refusedWith("turbo: --transport shm cannot run behind --link"
            + " 1gbit: the client JVMs and the RegionServers are on different hosts, which shared memory does not"
            + " reach (and auto would choose shared memory, bypassing the links); use --transport tcp"),
        line("bench", "fastpath", "--cluster", "processes", "--hosts", "--transport", "tcp,auto").refusedWith(
            "turbo: --transport auto cannot run with --hosts: the client JVMs and the RegionServers are on different"
                + " hosts, which shared memory does not reach (and auto would choose shared memory, bypassing the"
                + " links); use --transport tcp"),
        line("bench", "scan", "--schema", "tpch").refusedWith("turbo: unknown schema 'tpch': expected paper or ycsb"),
        line("bench", "scan", "--clients", "4,0").refusedWith(
            "turbo: --clients must list numbers between 1 and 1,024, was [4, 0] (see 'turbo bench scan --help')"),
        line("bench", "scan", "--rows", "100", "--scan-length", "101").refusedWith(
            "turbo: --scan-length must be between 1 and --rows (100), was 101"),
        line("bench", "scan", "--variants", "native,fast").refusedWith(
            "turbo: unknown scan variant 'fast': expected native, native+gzip, native+compact, prepared,"
                + " prepared+fastpath"),
        line("bench", "scan", "--variants", "prepared").refusedWith(
            "turbo: --variants must include native, the baseline the others are compared with; was [prepared]"),

        line("bench", "pcm", "--classes", "BL,RO").refusedWith(
            "turbo: unknown class 'RO': expected one of BL, RO-read, RO-scan, MixR, MixRW, MixW, WO-update"),
        line("bench", "pcm", "--classes", "none,RO-read").refusedWith(
            "turbo: --classes none,RO-read: 'none' stands alone (the adaptivity run without the classes), or name"
                + " classes without it"),
        line("bench", "pcm", "--classes", "none", "--no-adaptivity").refusedWith(
            "turbo: nothing to run: give at least one class, or the adaptivity run"),
        line("tune", "calibrate", "--threads", "3").refusedWith(
            "turbo: --threads 3: each arm runs at once with the pacer, on half the threads each; expected an even"
                + " number"),
        line("bench", "pcm", "--phase-time", "10", "--period", "5s").refusedWith(
            "turbo: --phase-time 10s is too short for --period 5s and --hold 2: a phase must last at least twice the"
                + " 10 s a switch takes"),
        line("bench", "pcm", "--run-time", "1s").refusedWith(
            "turbo: --run-time must be at least 2s for bench pcm, was 1s"),
        line("bench", "pcm", "--phase-time", "2h").refusedWith(
            "turbo: --phase-time must be between 10s and 1h, was 2h (see 'turbo bench pcm --help')"),
        line("bench", "scan", "--run-time", "1500ms").refusedWith(
            "turbo: Invalid value for option '--run-time': expected a duration in whole seconds such as 30s, 5m or 1h"
                + " (a number alone is seconds), was '1500ms' (see 'turbo bench scan --help')"),
        line("bench", "codec", "--run-time", "5 minutes").refusedWith(
            "turbo: Invalid value for option '--run-time': expected a duration in whole seconds such as 30s, 5m or 1h"
                + " (a number alone is seconds), was '5 minutes' (see 'turbo bench codec --help')"),
        line("bench", "fastpath", "--run-time", "0s").refusedWith(
            "turbo: --run-time must be between 1s and 1h, was 0s (see 'turbo bench fastpath --help')"),
        line("tune", "calibrate", "--budget", "0").refusedWith(
            "turbo: --budget must be between 1m and 7d, was 0s (see 'turbo tune calibrate --help')"),
        line("tune", "watch", "--revert-hold", "8d").refusedWith(
            "turbo: --revert-hold must be between 0s and 7d, was 8d (see 'turbo tune watch --help')"),
        line("verify", "--chaos-period", "-5").refusedWith(
            "turbo: Invalid value for option '--chaos-period': expected a duration in whole seconds such as 30s, 5m"
                + " or 1h (a number alone is seconds), was '-5' (see 'turbo verify --help')"),
        line("bench", "pcm", "--variants", "defaults,defaults-again").refusedWith(
            "turbo: the adaptivity run watches the shifting mix with the policies of pcm or calibrated against a dry"
                + " run, and --variants defaults,defaults-again has neither: add pcm or calibrated, or give"
                + " --no-adaptivity"),
        line("bench", "pcm", "--variants", "defaults,calibrated").refusedWith(
            "turbo: --variants calibrated needs --calibrated DIR: the policy files 'turbo tune calibrate' wrote"),
        line("bench", "pcm", "--calibrated", "/no/such/policies").refusedWith(
            "turbo: --calibrated /no/such/policies: no such file or directory"),
        line("bench", "pcm", "--records", "10").refusedWith(
            "turbo: --records must be between 1,000 and 1,000,000,000, was 10 (see 'turbo bench pcm --help')"),
        line("bench", "pcm", "--server-warmup-runs", "0").refusedWith(
            "turbo: --server-warmup-runs must be between 1 and 10, was 0 (see 'turbo bench pcm --help')"),
        line("bench", "pcm", "--warmup", "-1").refusedWith(
            "turbo: --warmup must be between 0 and 10,000,000, was -1 (see 'turbo bench pcm --help')"),
        line("tune", "calibrate", "--warmup-quiet", "601s").refusedWith(
            "turbo: --warmup-quiet must be between 0s and 10m, was 601s (see 'turbo tune calibrate --help')"),
        line("bench", "pcm", "-p", "readproportion=1").refusedWith(
            "turbo: -p readproportion: bench pcm sets it itself (each class's mix, --records, --load-records,"
                + " --run-time); give the properties of the requests and records only"),
        line("bench", "pcm", "--node-memory", "2g").refusedWith(
            "turbo: --node-memory sizes the nodes of --regime disk; add --regime disk"),
        line("bench", "pcm", "--regime", "disk", "--node-memory", "1200m").refusedWith(
            "turbo: a RegionServer heap of 1024 MiB (a heap of 1g) leaves less than the 384 MiB the rest of its JVM"
                + " needs in a node of 1200 MiB (--node-memory); give a smaller heap or more memory"),
        // The options bench pcm shares with every command that starts a local cluster, refused alike.
        line("bench", "pcm", "--regime", "disk", "--node-memory", "two").refusedWith(
            "turbo: --node-memory 'two' is not a size; expected a number with k, m or g, such as 1536m or 2g"),
        line("bench", "pcm", "--cluster", "embedded", "--hdfs").refusedWith(
            "turbo: --cluster embedded: bench pcm compares heaps and heap fractions, which need RegionServer JVMs of"
                + " their own; give --cluster processes, or leave it out"),
        line("bench", "pcm", "--cluster", "processes", "--datanodes", "2").refusedWith(
            "turbo: --datanodes sizes the HDFS of --hdfs; add --hdfs"),
        line("bench", "pcm", "--hdfs", "--datanodes", "10").refusedWith(
            "turbo: --datanodes must be between 1 and 9, was 10 (see 'turbo bench pcm --help')"),
        line("bench", "pcm", "--hdfs", "--regime", "disk").refusedWith(
            "turbo: --regime disk limits each RegionServer's own reads and writes, which on --hdfs the DataNodes do"
                + " outside its node; give one or the other"),

        line("verify", "--nodes", "25000", "--width", "10000").refusedWith(
            "turbo: --nodes 25000 must be a multiple of --width 10000 times --writers 1, and at least two batches for"
                + " each writer: each writer closes a list of its own, in which each batch refers to the one written"
                + " before it"),
        line("verify", "--db", "prepared").refusedWith("turbo: --db 'prepared' is not one of native, fastpath"),
        line("verify", "--codec", "gzip").refusedWith("turbo: --codec 'gzip' is not one of default, compact"),
        line("verify", "--nodes", "50000", "--width", "10000", "--writers", "2").refusedWith(
            "turbo: --nodes 50000 must be a multiple of --width 10000 times --writers 2, and at least two batches for"
                + " each writer: each writer closes a list of its own, in which each batch refers to the one written"
                + " before it"),
        line("verify", "--chaos", "monkey").refusedWith(
            "turbo: --chaos 'monkey' is not one of calm, server-killing, slow-deterministic, pauses, partitions"),
        line("verify", "--compression", "brotli").refusedWith(
            "turbo: --compression 'brotli' is not one of none, gz, snappy, lz4, lzo, zstd"),
        line("verify", "--chaos", "server-killing").refusedWith(
            "turbo: --chaos server-killing acts on RegionServer (and DataNode) JVMs: it needs a cluster of its own as"
                + " processes (--cluster processes, without --conf)"),
        line("verify", "--chaos", "pauses").refusedWith(
            "turbo: --chaos pauses acts on RegionServer (and DataNode) JVMs: it needs a cluster of its own as processes"
                + " (--cluster processes, without --conf)"),
        line("verify", "--cluster", "processes", "--chaos", "pauses").refusedWith(
            "turbo: --chaos pauses needs --hdfs: only HDFS fences a paused or cut-off RegionServer's WAL; on the local"
                + " file system such a server may acknowledge writes that are then lost"),
        line("verify", "--chaos", "partitions", "--chaos-actions", "pause-region-server,kill-region-server")
            .refusedWith("turbo: --chaos-actions 'kill-region-server' is not one of the actions of --chaos partitions:"
                + " partition-region-server, cut-client-from-region-server, pause-region-server, lossy-link"),
        line("verify", "--chaos-actions", "balance").refusedWith(
            "turbo: --chaos-actions 'balance' is not one of the actions of --chaos calm: it takes none"),
        line("verify", "--chaos", "pauses", "--chaos-actions", "pause-region-server,pause-region-server").refusedWith(
            "turbo: --chaos-actions names pause-region-server twice"),
        line("verify", "--cluster", "processes", "--chaos", "partitions").refusedWith(
            "turbo: --chaos partitions needs --hdfs: only HDFS fences a paused or cut-off RegionServer's WAL; on the"
                + " local file system such a server may acknowledge writes that are then lost"),

        line("bench", "codec", "--operations", "scan,delete").refusedWith(
            "turbo: unknown operation 'delete': expected scan, get, put"),
        line("bench", "codec", "--variants", "default,snappy").refusedWith(
            "turbo: unknown codec variant 'snappy': expected default, compact, default+gzip, compact+gzip"),
        line("bench", "codec", "--variants", "compact,compact+gzip").refusedWith(
            "turbo: --variants must include default, the baseline the others are compared with; was [compact,"
                + " compact+gzip]"),
        line("bench", "codec", "--records", "9").refusedWith(
            "turbo: --records must be between 10 and 100,000,000, was 9 (see 'turbo bench codec --help')"),
        line("ycsb", "run", "-p", "rpccodec=java.lang.String").refusedWith(
            "turbo: YCSB property 'rpccodec' given with -p is 'java.lang.String'; expected nothing (HBase's default) or"
                + " an HBase cellblock codec class on the classpath, such as"
                + " org.hbaseturbo.wire.codec.CompactCellCodec"),

        line("bench", "fastpath", "--sizes", "1,2m").refusedWith(
            "turbo: --sizes takes sizes in bytes, or with k for KiB (100, 4k), not '2m'"),
        line("bench", "fastpath", "--sizes", "1k,600k").refusedWith(
            "turbo: --sizes must be between 1 and 524288 bytes (512k), was 614400"),
        line("bench", "fastpath", "--transport", "shm,rdma").refusedWith(
            "turbo: unknown fast-path transport 'rdma': expected shm, tcp, auto"),
        line("bench", "fastpath", "--workloads", "read,scan").refusedWith(
            "turbo: unknown workload 'scan': expected read, update, mixed, multiget, batchput"),
        line("bench", "fastpath", "--sizes", "none", "--workloads", "none").refusedWith(
            "turbo: nothing to measure: give value sizes (--sizes) or YCSB workloads (--workloads)"),
        line("ycsb", "run", "--db", "fastpath", "-p", "fastpathtransports=sm self").refusedWith(
            "turbo: YCSB property 'fastpathtransports' given with -p is 'sm self'; expected nothing (every transport"
                + " the settings allow) or a UCX transport list (UCX_TLS), such as sm or tcp"),

        line("compress", "advise", "--table", "t", "--warmup-time", "61m").refusedWith(
            "turbo: --warmup-time must be between 0s and 1h, was 61m (see 'turbo compress advise --help')"),
        line("bench", "advisor", "--warmup-time", "3601").refusedWith(
            "turbo: --warmup-time must be between 0s and 1h, was 3601s (see 'turbo bench advisor --help')"),
        line("compress", "advise", "--table", "t", "--jvms", "0").refusedWith(
            "turbo: --jvms must be between 1 and 100, was 0 (see 'turbo compress advise --help')"),
        line("bench", "advisor", "--run-off-jvms", "-1").refusedWith(
            "turbo: --run-off-jvms must be between 0 and 100, was -1 (see 'turbo bench advisor --help')"),
        line("bench", "advisor", "--repeats", "0").refusedWith(
            "turbo: --repeats must be between 1 and 1,000, was 0 (see 'turbo bench advisor --help')"),
        line("bench", "advisor", "--datasets", "sensor,tpch").refusedWith(
            "turbo: unknown dataset 'tpch': expected one of sensor, ycsb, text"),
        line("compress", "advise", "--table", "t", "--use", "DIFF+GZ").refusedWith(
            "turbo: --use DIFF+GZ names what --apply applies; add --apply"),

        // Refused before the cluster starts, not at the table's creation.
        line("ycsb", "load", "-p", "recordcount=3", "--regions", "4").refusedWith(
            "turbo: cannot pre-split 3 records into 4 regions: expected --regions 3 or fewer"),

        // Keys for a pre-split that cannot be used, refused before the cluster is reached.
        line("tune", "apply", "--key-format", "user%d").refusedWith(
            "turbo: --key-format 'user%d' is not a key format; expected ycsb-hashed or ycsb-ordered"),
        line("tune", "watch", "--key-format", "ycsb").refusedWith(
            "turbo: --key-format 'ycsb' is not a key format; expected ycsb-hashed or ycsb-ordered"),
        line("tune", "apply", "--key-format", "ycsb-hashed").refusedWith(
            "turbo: --key-format ycsb-hashed needs --key-count N, the records the load will insert"),
        line("tune", "apply", "--key-count", "1000").refusedWith(
            "turbo: --key-count goes with --key-format; give --key-format ycsb-hashed or ycsb-ordered too"),
        line("tune", "apply", "--compact").refusedWith(
            "turbo: --compact rewrites a table's files: give the table with --table"),
        line("tune", "apply", "--table", "t", "--compact-timeout", "2h").refusedWith(
            "turbo: --compact-timeout is how long --compact waits: give --compact too"),
        line("tune", "apply", "--table", "t", "--compact", "--compact-timeout", "59s").refusedWith(
            "turbo: --compact-timeout must be between 1m and 7d, was 59s (see 'turbo tune apply --help')"),

        // A class a calibration does not know, refused before anything starts.
        line("tune", "calibrate", "--class", "RO").refusedWith(
            "turbo: unknown class 'RO': expected one of BL, RO-read, RO-scan, MixR, MixRW, MixW, WO-update"),

        // Local cluster options that contradict each other or cannot be met.
        line("ycsb", "run", "--rs-heap", "512m").refusedWith(
            "turbo: --rs-heap sizes RegionServer JVMs of their own; add --cluster processes"),
        line("demo", "--cluster", "processes", "--rs-heap", "lots").refusedWith(
            "turbo: RegionServer heap 'lots' is not a heap size; expected a number with k, m or g, such as 512m or 2g"),
        line("ycsb", "run", "--cluster", "processes", "--link", "1gbit").refusedWith(
            "turbo: --cluster processes runs on loopback, or with --hosts on hosts of its own whose links --link"
                + " shapes; an emulated --link to the clients alone needs --cluster embedded"),
        line("ycsb", "run", "--hosts").refusedWith(
            "turbo: --hosts puts each RegionServer JVM on a host of its own; add --cluster processes"),
        line("cluster", "start", "--hdfs").refusedWith(
            "turbo: --hdfs runs HDFS's daemons beside RegionServer JVMs of their own; add --cluster processes"),
        line("cluster", "start", "--processes", "--datanodes", "2").refusedWith(
            "turbo: --datanodes sizes the HDFS of --hdfs; add --hdfs"),
        line("cluster", "start", "--processes", "--hdfs", "--datanodes", "0").refusedWith(
            "turbo: --datanodes must be between 1 and 9, was 0 (see 'turbo cluster start --help')"),
        line("cluster", "start", "--processes", "--hdfs", "--regime", "disk").refusedWith(
            "turbo: --regime disk limits each RegionServer's own reads and writes, which on --hdfs the DataNodes do"
                + " outside its node; give one or the other"),
        line("cluster", "start", "--regime", "disk").refusedWith(
            "turbo: --regime disk confines RegionServer JVMs of their own; add --cluster processes"),
        line("cluster", "start", "--cluster", "processes", "--node-memory", "1g").refusedWith(
            "turbo: --node-memory sizes the nodes of --regime disk; add --regime disk"),
        line("cluster", "start", "--cluster", "processes", "--regime", "disk", "--node-memory", "1g").refusedWith(
            "turbo: a RegionServer heap of 1024 MiB (--rs-heap 1g) leaves less than the 384 MiB the rest of its JVM"
                + " needs in a node of 1024 MiB (--node-memory); give a smaller heap or more memory"),
        line("cluster", "start", "--cluster", "processes", "--regime", "disk", "--node-memory", "two").refusedWith(
            "turbo: --node-memory 'two' is not a size; expected a number with k, m or g, such as 1536m or 2g"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void refused(Line line, String expected) {
    assertRefused(CommandLineRun.of(line.args()), expected);
  }

  private static Line line(String... args) {
    return new Line(args);
  }

  /** A command line, shown as it would be typed: the name of its case. */
  private record Line(String... args) {
    Arguments refusedWith(String expected) {
      return Arguments.of(this, expected);
    }

    @Override
    public String toString() {
      return Stream.of(args).map(arg -> arg.contains(" ") ? "'" + arg + "'" : arg).collect(Collectors.joining(" "));
    }
  }

  @Test
  void unknownOrMisspelledProperty() {
    CommandLineRun run = CommandLineRun.of("ycsb", "load", "-p", "recordcont=10");
    assertRefused(run, null);
    assertThat(run.err()).startsWith("turbo: unknown YCSB property 'recordcont' given with -p; did you mean"
        + " 'recordcount'?");
  }

  @Test
  void workloadFileWithAGarbageLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("myworkload");
    Files.writeString(file, "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=1000\n=oops\n");
    assertRefused(CommandLineRun.of("ycsb", "load", "--workload", file.toString()),
        "turbo: workload file '" + file + "', line 3: expected NAME=VALUE, found '=oops'");
  }

  @Test
  void benchPcmRequestDistributionThatIsNotOne() {
    CommandLineRun distribution = CommandLineRun.of("bench", "pcm", "-p", "requestdistribution=gaussian");
    assertRefused(distribution, null);
    assertThat(distribution.err()).startsWith("turbo: ").contains("requestdistribution", "gaussian");
  }

  @Test
  void benchPcmNodesTooBigForThisMachine() {
    CommandLineRun nodesTooBig = CommandLineRun.of("bench", "pcm", "--regime", "disk", "--node-memory", "4096g");
    assertRefused(nodesTooBig, null);
    assertThat(nodesTooBig.err()).startsWith("turbo: 2 nodes of --node-memory 4096g need more than three quarters of"
        + " this machine's ");
  }

  @Test
  void benchPcmCalibratedPoliciesThatDoNotCoverTheClassesOrAreLeftOut(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("RO-read.yaml"), "class: RO-read\nheap_gb: 0.5 * ram_gb / regionservers_per_host\n"
        + "settings:\n  BLOCKSIZE: 32k\n");
    assertRefused(CommandLineRun.of("bench", "pcm", "--calibrated", dir.toString(), "--classes", "RO-read,MixW"),
        "turbo: no calibrated policy for class MixW in --calibrated (it has RO-read): 'turbo tune calibrate --class"
            + " MixW' writes one, or leave the class or the calibrated variant out");
    assertRefused(CommandLineRun.of("bench", "pcm", "--calibrated", dir.toString(), "--variants", "defaults,pcm"),
        "turbo: --calibrated " + dir + " is for the calibrated variant, which --variants leaves out: add calibrated"
            + " to --variants, or leave --calibrated out");
  }

  @Test
  void benchPcmOnAConfCluster(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("hbase-site.xml"), "<configuration/>");
    assertRefused(CommandLineRun.of("--conf", dir.toString(), "bench", "pcm"),
        "turbo: bench pcm starts a fresh process cluster for each variant and cannot run on the --conf cluster;"
            + " run it without --conf");
  }

  @Test
  void adviseTableNameThatIsNotOne() {
    CommandLineRun badName = CommandLineRun.of("compress", "advise", "--table", "a b");
    assertRefused(badName, null);
    assertThat(badName.err()).startsWith("turbo: --table 'a b' is not a table name: ");
  }

  @Test
  void adviseHelpListsTheAdvisorSettings() {
    // Help text wraps at picocli's width; compare its words.
    assertThat(CommandLineRun.of("compress", "advise", "--help").out().replaceAll("\\s+", " ")).contains("--jvms",
        "--run-off-jvms", "--repeats", "--warmup-time", "(0s to 1h; default: 10s, with --thorough 20s)");
  }

  @Test
  void confDirectoryThatIsMissing(@TempDir Path dir) {
    Path missing = dir.resolve("nope");
    assertRefused(CommandLineRun.of("--conf", missing.toString(), "ycsb", "run"),
        "turbo: configuration directory '" + missing + "' does not exist");
  }

  @Test
  void confDirectoryWithNoSiteFile(@TempDir Path dir) {
    assertRefused(CommandLineRun.of("--conf", dir.toString(), "ycsb", "run"),
        "turbo: configuration directory '" + dir + "' has no hbase-site.xml; expected the client configuration"
            + " of an HBase 2.x cluster there");
  }

  // Output that cannot be written is refused before the run, not lost after it.

  @Test
  void ycsbRunJsonUnderAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("ycsb", "run", "--json", file.resolve("r.json").toString()),
        "turbo: --json '" + file.resolve("r.json") + "' cannot be created: '" + file + "' is a file, not a directory");
  }

  @Test
  void ycsbLoadJsonThatIsADirectory(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("ycsb", "load", "--json", dir.toString()),
        "turbo: --json '" + dir + "' is a directory; expected a file");
  }

  @Test
  void ycsbLoadOutThatIsAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("ycsb", "load", "--out", file.toString()),
        "turbo: --out '" + file + "' is a file; expected a directory");
  }

  @Test
  void demoOutUnderAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("demo", "--out", file.resolve("sub/dir").toString()),
        "turbo: --out '" + file.resolve("sub/dir") + "' cannot be created: '" + file + "' is a file, not a"
            + " directory");
    assertThat(dir.resolve("sub")).doesNotExist();
  }

  @Test
  void benchScanJsonUnderAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("bench", "scan", "--json", file.resolve("scan.json").toString()),
        "turbo: --json '" + file.resolve("scan.json") + "' cannot be created: '" + file + "' is a file, not a"
            + " directory");
  }

  @Test
  void benchCompressionOutThatIsAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("bench", "compression", "--out", file.toString()),
        "turbo: --out '" + file + "' is a file; expected a directory");
  }

  @Test
  void adviseJsonThatIsADirectory(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("compress", "advise", "--table", "t", "--json", dir.toString()),
        "turbo: --json '" + dir + "' is a directory; expected a file");
  }

  @Test
  void clusterStartDataThatIsAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("cluster", "start", "--data", file.toString()),
        "turbo: --data '" + file + "' is a file; expected a directory");
  }

  @Test
  void oneDataDirectoryForTheClustersOfSeveralLinks(@TempDir Path data) throws Exception {
    assertRefused(CommandLineRun.of("bench", "codec", "--link", "loopback,1gbit", "--data", data.toString()),
        "turbo: --data keeps one cluster's data, and each of --link loopback,1gbit runs on a cluster of its own: run"
            + " once per link, or leave out --data");
    try (var written = Files.list(data)) {
      assertThat(written).as("what was written in " + data).isEmpty();
    }
  }

  @Test
  void clusterStartClientConfUnderAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertRefused(CommandLineRun.of("cluster", "start", "--client-conf", file.resolve("conf").toString()),
        "turbo: --client-conf '" + file.resolve("conf") + "' cannot be created: '" + file + "' is a file, not a"
            + " directory");
  }

  @Test
  void clusterStartDataTooDeepForItsControlSocket(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a-file"), "");
    // A process cluster's launcher is reached on DATA/control/server-control.sock, which a path that long cannot name.
    Path deep = dir.resolve("d".repeat(120));
    assertRefused(CommandLineRun.of("cluster", "start", "--processes", "--data", deep.toString()),
        "turbo: the control socket " + deep.resolve("control/server-control.sock") + " would be "
            + (deep.toString().length() + "/control/server-control.sock".length()) + " bytes long, over the 107 a"
            + " Unix domain socket's path may have; give a --data with a shorter path");
    assertThat(deep).doesNotExist();
  }

  @ParameterizedTest(name = "cluster {0} --data <a directory that others can write>")
  @ValueSource(strings = {"start", "restart"})
  void aDataDirectoryThatAnotherUserCouldChangeIsRefusedBeforeAnythingIsWrittenInIt(String command,
      @TempDir Path dir) throws Exception {
    Path data = Files.createDirectory(dir.resolve("data"));
    Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxrwxrwx"));
    String user = System.getProperty("user.name");
    String group = Files.readAttributes(data, PosixFileAttributes.class).group().getName();
    assertRefused(CommandLineRun.of("cluster", command, "--data", data.toString()), "turbo: --data " + data + ": "
        + data + " is owned by " + user + " (group " + group + ", mode 777); expected a directory owned by " + user
        + " and writable by its owner alone: chown it, chmod go-w it, or give a new"
        + " directory");
    try (var written = Files.list(data)) {
      assertThat(written).as("what was written in " + data).isEmpty();
    }
  }

  // Key samples that cannot be used for a pre-split, refused before the cluster is reached.

  @Test
  void keySampleThatDoesNotExist(@TempDir Path dir) {
    Path missing = dir.resolve("keys.txt");
    assertRefused(CommandLineRun.of("tune", "apply", "--key-sample", missing.toString()),
        "turbo: --key-sample '" + missing + "' does not exist; expected a file of sample keys, one a line");
  }

  @Test
  void keySampleWithNoKey(@TempDir Path dir) throws Exception {
    Path empty = Files.writeString(dir.resolve("empty.txt"), "\n\n");
    assertRefused(CommandLineRun.of("tune", "apply", "--key-sample", empty.toString()),
        "turbo: --key-sample '" + empty + "' holds no key; expected a file of sample keys, one a line");
  }

  @Test
  void keySampleThatIsADirectory(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("empty.txt"), "\n\n");
    assertRefused(CommandLineRun.of("tune", "apply", "--key-sample", dir.toString()),
        "turbo: --key-sample '" + dir + "' is not a file; expected a file of sample keys, one a line");
  }

  @Test
  void keySampleWithAKeyFormat(@TempDir Path dir) throws Exception {
    Path empty = Files.writeString(dir.resolve("empty.txt"), "\n\n");
    assertRefused(CommandLineRun.of("tune", "apply", "--key-sample", empty.toString(), "--key-format",
        "ycsb-hashed", "--key-count", "10"), "turbo: --key-format and --key-sample name the keys twice; give one of"
            + " them");
  }

  @Test
  void confDirectoryWithAMalformedSiteFile(@TempDir Path dir) throws Exception {
    Path site = Files.writeString(dir.resolve("hbase-site.xml"), """
        <configuration>
          <property><name>hbase.zookeeper.quorum</name><value>127.0.0.1</value>
        </configuration>
        """);
    CommandLineRun run = CommandLineRun.of("--conf", dir.toString(), "ycsb", "load");
    assertRefused(run, null);
    assertThat(run.err()).startsWith("turbo: '" + site + "' is not well-formed XML: line 3, column 3: ");
  }

  @Test
  void unreachableCluster(@TempDir Path dir) throws Exception {
    // Port 1 on loopback: nothing listens there, so the refusal is immediate.
    Files.writeString(dir.resolve("hbase-site.xml"), """
        <configuration>
          <property><name>hbase.zookeeper.quorum</name><value>127.0.0.1</value></property>
          <property><name>hbase.zookeeper.property.clientPort</name><value>1</value></property>
        </configuration>
        """);
    CommandLineRun run = CommandLineRun.of("--conf", dir.toString(), "ycsb", "run");
    assertRefused(run, null);
    assertThat(run.err()).startsWith("turbo: cannot reach the HBase cluster at ZooKeeper 127.0.0.1:1 (from "
        + dir.resolve("hbase-site.xml") + ")");
  }

  @Test
  void linkWithAnExternalCluster(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("hbase-site.xml"), "<configuration/>");
    assertRefused(CommandLineRun.of("--conf", dir.toString(), "demo", "--link", "1gbit"),
        "turbo: --link 1gbit works with the embedded cluster only; a cluster given with --conf is reached over"
            + " the real network");
  }

  @Test
  void confWithClusterStart(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("hbase-site.xml"), "<configuration/>");
    assertRefused(CommandLineRun.of("--conf", dir.toString(), "cluster", "start"),
        "turbo: 'cluster start' runs a local cluster; --conf names an existing one");
  }

  // Local cluster options that contradict each other or cannot be met.

  @Test
  void unknownClusterKind() {
    CommandLineRun kind = CommandLineRun.of("ycsb", "run", "--cluster", "remote");
    assertRefused(kind, null);
    assertThat(kind.err()).contains("--cluster", "embedded, processes", "remote");
  }

  @Test
  void regionServersTooBigForThisMachine() {
    CommandLineRun tooBig = CommandLineRun.of("demo", "--cluster", "processes", "--regionservers", "32",
        "--rs-heap", "64g");
    assertRefused(tooBig, null);
    assertThat(tooBig.err()).startsWith("turbo: 32 RegionServers of 64g heap need 2097152 MiB, more than three"
        + " quarters of this machine's");
  }

  @Test
  void diskRegimeOnAFileSystemWithoutADisk() throws Exception {
    // A directory of its own on tmpfs: /dev/shm itself is writable by every user, and refused as a data directory.
    Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "turbo-test-");
    try {
      CommandLineRun noDisk = CommandLineRun.of("cluster", "start", "--cluster", "processes", "--regime", "disk",
          "--data", shm.toString());
      assertRefused(noDisk, null);
      assertThat(noDisk.err()).startsWith("turbo: --data " + shm + " is on a file system without a disk (device 0:")
          .contains("whose rates cannot be limited; give a directory on a disk");
    } finally {
      FileTrees.deleteRecursively(shm);
    }
  }

  @Test
  void unknownRegime() {
    CommandLineRun regime = CommandLineRun.of("cluster", "start", "--cluster", "processes", "--regime", "ssd");
    assertRefused(regime, null);
    assertThat(regime.err()).contains("--regime", "cache, disk", "ssd");
  }

  @Test
  void siteThatLeavesTooLittleOfTheHeapFree(@TempDir Path dir) throws Exception {
    Path site = SiteFiles.write(dir.resolve("site.xml"), Map.of("hbase.regionserver.global.memstore.size", "0.6"));
    assertRefused(CommandLineRun.of("ycsb", "load", "--site", site.toString()),
        "turbo: --site " + site + ": hbase.regionserver.global.memstore.size (0.6) + hfile.block.cache.size (0.4)"
            + " leave less of the heap free than HBase requires (hbase.regionserver.free.heap.min.memory.size, 0.2"
            + " of the heap unless set); it refuses to start such a RegionServer");
  }

  @Test
  void siteThatDoesNotExist(@TempDir Path dir) {
    assertRefused(CommandLineRun.of("cluster", "start", "--site", dir.resolve("none.xml").toString()),
        "turbo: --site " + dir.resolve("none.xml") + ": no such readable file; expected an hbase-site.xml");
  }

  @Test
  void unknownOptionShowsWhereHelpIs() {
    CommandLineRun run = CommandLineRun.of("ycsb", "run", "--bogus");
    assertThat(run.exitCode()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(run.err().lines()).containsExactly("turbo: Unknown option: '--bogus' (see 'turbo ycsb run --help')");
  }

  @Test
  void helpExplainsEveryCommand() {
    CommandLineRun run = CommandLineRun.of("--help");
    run.assertSucceeded();
    assertThat(run.out()).contains("--conf=DIR", "demo", "cluster", "ycsb");
    assertThat(CommandLineRun.of("ycsb", "run", "--help").out()).contains("--workload", "--threads", "--db",
        "--json", "--link", "--runs", "--warmup");
  }
}
