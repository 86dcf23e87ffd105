package org.hbaseturbo.server.fastpath;

import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;

/**
 * What a fast-path batch may hold: what the fast path carries one by one (Gets, unconditional Puts), in non-atomic
 * region actions. Conditions, atomic row mutations, coprocessor calls and other mutations keep to RPC, where HBase's
 * client sends them.
 */
final class GetsAndPuts {
  private GetsAndPuts() {
  }

  // deprecation: HBase still runs a MultiRequest's own condition, which old clients send for checkAndMutate.
  @SuppressWarnings("deprecation")
  static boolean only(MultiRequest multi) {
    if (multi.hasCondition()) {
      return false;
    }
    for (RegionAction regionAction : multi.getRegionActionList()) {
      if (regionAction.hasCondition() || regionAction.getAtomic()) {
        return false;
      }
      for (Action action : regionAction.getActionList()) {
        if (!isGetOrPut(action)) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean isGetOrPut(Action action) {
    if (action.hasServiceCall()) {
      return false;
    }
    if (action.hasGet()) {
      return !action.hasMutation();
    }
    return action.hasMutation() && action.getMutation().getMutateType() == MutationType.PUT;
  }
}
