package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.common.EveryStep;

/** A command of this host's (ip, kill, iptables), run to its end: its output goes into the error when it fails. */
final class HostCommand {
  /** What to tell when iproute2's {@code ip} or {@code tc} cannot be started. */
  static final String IPROUTE2 = "is iproute2 installed? scripts/setup-host installs it";

  private HostCommand() {
  }

  /** Runs iproute2's {@code ip} with {@code args}, as {@link #run} does. */
  static void ip(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    run(command, IPROUTE2);
  }

  /** The names of this machine's own namespace's links ({@code ip -o link show} adds {@code @PEER} to a veth's). */
  static List<String> links() throws IOException {
    String listed = output(List.of("ip", "-o", "link", "show"), IPROUTE2);
    return listed.lines().map(line -> line.split(": ", 3)).filter(fields -> fields.length > 1)
        .map(fields -> fields[1].split("@")[0]).toList();
  }

  /**
   * Deletes each of the links {@code names} that this machine's own namespace has, and each one's veth peer wherever
   * that is, all of them even if one fails (the first failure is thrown at the end, the later ones in it). A deleted
   * namespace keeps its links, and their peers here, while a process still runs in it or a closed TCP connection of it
   * still waits on its peer: deleting them by name frees their names at once.
   */
  static void deleteLinks(List<String> names) throws IOException {
    List<String> present = links();
    EveryStep steps = new EveryStep();
    for (String name : names) {
      if (present.contains(name)) {
        steps.take(() -> ip("link", "delete", name));
      }
    }
    steps.throwFirst();
  }

  /**
   * Runs {@code command} and waits for it.
   *
   * @param missing what to tell when the command cannot be started at all: "is iproute2 installed?"
   * @throws IOException when it cannot start, or ends with a status other than 0
   */
  static void run(List<String> command, String missing) throws IOException {
    output(command, missing);
  }

  /**
   * Runs {@code command}, waits for it, and returns what it printed (standard output and error).
   *
   * @throws IOException as {@link #run}
   */
  static String output(List<String> command, String missing) throws IOException {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IOException("cannot run " + command.get(0) + " (" + missing + "): " + e.getMessage(), e);
    }
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (process.waitFor() != 0) {
        throw new IOException(String.join(" ", command) + " failed: " + output);
      }
      return output;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running " + String.join(" ", command), e);
    }
  }
}
