package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Properties;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.split.YcsbKeys;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;

class TestYcsbTable {
  @Test
  void splitsOnRealKeyQuantilesGiveEquallyFullRegions() {
    Properties workload = YcsbWorkloads.resolve("a");
    workload.setProperty("recordcount", "20000");
    int regions = 8;
    List<byte[]> splits = YcsbTable.splitKeys(workload, regions);
    assertThat(splits).hasSize(regions - 1);

    int[] perRegion = new int[regions];
    for (long n = 0; n < 20_000; n++) {
      // YCSB's hashed key, computed here independently of the code under test.
      byte[] key = Bytes.toBytes("user" + Utils.hash(n));
      int region = 0;
      while (region < splits.size() && Bytes.compareTo(key, splits.get(region)) >= 0) {
        region++;
      }
      perRegion[region]++;
    }
    for (int count : perRegion) {
      assertThat(count).isBetween(20_000 / regions - 50, 20_000 / regions + 50);
    }
  }

  @Test
  void oneRegionMeansNoSplitAndTooFewRecordsAreRefused() {
    Properties workload = YcsbWorkloads.resolve("a");
    assertThat(YcsbTable.splitKeys(workload, 1)).isEmpty();
    workload.setProperty("recordcount", "3");
    assertThatThrownBy(() -> YcsbTable.splitKeys(workload, 4)).isInstanceOf(InvalidInputException.class)
        .hasMessage("cannot pre-split 3 records into 4 regions: expected --regions 3 or fewer");
  }

  @Test
  void theTunersYcsbKeysAreThoseYcsbItselfMakes() {
    // The tuner rebuilds YCSB's hash (it may not depend on YCSB): the same as YCSB's own, number by number.
    for (long n = 0; n < 100_000; n++) {
      assertThat(YcsbKeys.keyName(n, true, 1)).isEqualTo("user" + Utils.hash(n));
    }
    for (long n : new long[] {Long.MAX_VALUE, -1, 1L << 40}) {
      assertThat(YcsbKeys.keyName(n, true, 1)).isEqualTo("user" + Utils.hash(n));
    }
  }
}
