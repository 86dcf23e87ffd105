package org.hbaseturbo.cluster;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.hbaseturbo.common.InvalidInputException;

/**
 * Gives the RegionServers of a cluster that Turbo runs new settings: online, or by a restart with a new heap if
 * need be. {@link ProcessHBaseCluster} does it in the JVM that runs the cluster; {@link ServerControlClient} asks
 * that JVM from another ({@code cluster restart}, {@code tune apply --data}).
 *
 * <p>Both methods throw {@link InvalidInputException} when the request is refused before anything changed
 * (settings the cluster owns or HBase would refuse, a rolling restart of a single RegionServer, another request
 * under way), and {@link IOException} when it failed on the way.
 */
public interface ServerControl {
  /** How the RegionServers restart. */
  enum Restart {
    /**
     * One at a time, as HBase's {@code graceful_stop.sh} does: each server's regions move to the others first, so
     * every region stays online. Needs 2 or more RegionServers.
     */
    ROLLING,
    /** All stop, all start again: every region is offline meanwhile and clients retry; quicker. */
    ALL_AT_ONCE
  }

  /**
   * Restarts the RegionServers with {@code settings} over those in their {@code hbase-site.xml} and, if given, a
   * new heap as {@code -Xmx} takes it. Returns once they serve again.
   *
   * @param progress told each step, for a user watching
   */
  void restart(Restart how, Map<String, String> settings, Optional<String> heap, Consumer<String> progress)
      throws IOException;

  /**
   * Rewrites {@code settings} into each RegionServer's {@code hbase-site.xml} and has it reload the file
   * ({@code update_config}), without a restart. Settings HBase does not reload keep their value until the next
   * restart.
   *
   * @param progress told each step, for a user watching
   */
  void update(Map<String, String> settings, Consumer<String> progress) throws IOException;
}
