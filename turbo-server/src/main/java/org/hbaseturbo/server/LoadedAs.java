package org.hbaseturbo.server;

import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.CoprocessorException;
import org.apache.hadoop.hbase.coprocessor.CoreCoprocessor;
import org.apache.hadoop.hbase.coprocessor.HasRegionServerServices;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessorEnvironment;
import org.apache.hadoop.hbase.regionserver.RegionServerServices;

/**
 * The environment a coprocessor's {@code start} needs, or a {@link CoprocessorException} that tells the operator
 * which setting loads it: a coprocessor listed under the wrong key fails at start with that message.
 */
public final class LoadedAs {
  private static final String REGION_SETTING =
      "hbase.coprocessor.region.classes or a table's coprocessor attribute";
  private static final String REGION_SERVER_SETTING = "hbase.coprocessor.regionserver.classes";

  private LoadedAs() {
  }

  public static RegionCoprocessorEnvironment region(CoprocessorEnvironment<?> env, Object coprocessor)
      throws CoprocessorException {
    if (env instanceof RegionCoprocessorEnvironment region) {
      return region;
    }
    throw wrongKind(coprocessor, "a region", REGION_SETTING);
  }

  public static RegionServerCoprocessorEnvironment regionServer(CoprocessorEnvironment<?> env, Object coprocessor)
      throws CoprocessorException {
    if (env instanceof RegionServerCoprocessorEnvironment regionServer) {
      return regionServer;
    }
    throw wrongKind(coprocessor, "a RegionServer", REGION_SERVER_SETTING);
  }

  /**
   * The RegionServer itself, which HBase hands only to a {@link CoreCoprocessor} loaded on a RegionServer.
   */
  // deprecation: HasRegionServerServices is slated for removal in HBase 3; 2.x offers no other way to reach the
  // RegionServer's RPC server and request path.
  @SuppressWarnings("deprecation")
  public static RegionServerServices regionServerServices(CoprocessorEnvironment<?> env, Object coprocessor)
      throws CoprocessorException {
    if (env instanceof HasRegionServerServices services) {
      return services.getRegionServerServices();
    }
    throw wrongKind(coprocessor, "a RegionServer", REGION_SERVER_SETTING);
  }

  private static CoprocessorException wrongKind(Object coprocessor, String kind, String setting) {
    return new CoprocessorException(coprocessor.getClass().getSimpleName() + " must be loaded as " + kind
        + " coprocessor (" + setting + ")");
  }
}
