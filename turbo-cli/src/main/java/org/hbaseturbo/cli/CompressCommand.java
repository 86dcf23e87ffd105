package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hbaseturbo.client.compress.CodecAvailability;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.AlgorithmCheck;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.CompressionCheckResponse;
import org.hbaseturbo.report.TextTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo compress}: compression codecs on the cluster. */
@Command(name = "compress", mixinStandardHelpOptions = true, description = "Compression codecs on the cluster.",
    subcommands = {CompressCommand.Codecs.class, AdviseCommand.class})
final class CompressCommand extends CommandGroup {
  @ParentCommand
  TurboMain main;

  @Command(name = "codecs", mixinStandardHelpOptions = true,
      description = {"For each HBase compression algorithm: whether it works on every RegionServer (each"
          + " compresses and decompresses a block through HBase's compression API, as HBase's CompressionTest"
          + " does) and the codec class the RegionServers use.",
          "Needs the turbo-server jar on the RegionServers (the embedded cluster has it)."})
  static final class Codecs implements Callable<Integer> {
    @ParentCommand
    CompressCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    LocalClusterOptions embedded;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      List<CompressionCheckResponse> answers;
      try (TargetCluster cluster = TargetCluster.open(parent.main.conf(), embedded.settings(TargetCluster.LOOPBACK),
          OutputDirs.of("compress-codecs"), out)) {
        answers = CodecAvailability.check(cluster.target().connection());
      }
      out.print(render(answers));
      out.flush();
      return 0;
    }

    static String render(List<CompressionCheckResponse> answers) {
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"algorithm", "works on", "codec class", "why not"});
      int algorithms = answers.isEmpty() ? 0 : answers.get(0).getChecksCount();
      for (int i = 0; i < algorithms; i++) {
        AlgorithmCheck first = answers.get(0).getChecks(i);
        int working = 0;
        String why = "";
        for (CompressionCheckResponse answer : answers) {
          AlgorithmCheck check = answer.getChecks(i);
          if (check.getWorks()) {
            working++;
          } else if (why.isEmpty()) {
            why = answer.getServer() + ": " + check.getError();
          }
        }
        rows.add(new String[] {first.getAlgorithm(), working + "/" + answers.size() + " RegionServers",
            first.getCodecClass().isEmpty() ? "-" : first.getCodecClass(), why});
      }
      return TextTable.render(rows, 0, 1, 2, 3);
    }
  }
}
