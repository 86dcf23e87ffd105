package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

class TestYcsbKeySpace {
  @Test
  void namesKeysAsYcsbsCoreWorkloadNamesThem() throws Exception {
    long[] numbers = {0, 1, 9, 10, 999, 123_456, Integer.MAX_VALUE, Long.MAX_VALUE};
    for (Map<String, String> naming : List.of(Map.<String, String>of(), Map.of("insertorder", "ordered"),
        Map.of("zeropadding", "12"), Map.of("insertorder", "ordered", "zeropadding", "12"),
        Map.of("zeropadding", "25"))) {
      Properties props = properties(1_000, naming);
      YcsbKeySpace keys = YcsbKeySpace.of(props);
      CoreWorkloadKeys ycsb = new CoreWorkloadKeys(props);
      for (long number : numbers) {
        assertThat(keys.name(number)).as("%s, record %d", naming, number).isEqualTo(ycsb.name(number));
      }
    }
  }

  @Test
  void aBatchIsYcsbsKeyThenKeysDrawnFromEveryLoadedRecordAndNoOther() {
    // Records 10 to 14: insertstart 10 of 15, ordered so that a key shows its number.
    YcsbKeySpace keys = YcsbKeySpace.of(properties(15, Map.of("insertstart", "10", "insertorder", "ordered",
        "zeropadding", "3")));

    List<String> batch = keys.batch("user012", 1_000, new Random(47));

    assertThat(batch).hasSize(1_000).startsWith("user012");
    assertThat(batch.subList(1, batch.size())).containsOnly("user010", "user011", "user012", "user013", "user014");
  }

  @Test
  void insertcountBoundsTheKeysAsItBoundsYcsbsRequests() {
    YcsbKeySpace keys = YcsbKeySpace.of(properties(100, Map.of("insertstart", "10", "insertcount", "3",
        "insertorder", "ordered")));

    assertThat(keys.batch("user10", 300, new Random(47))).containsOnly("user10", "user11", "user12");
  }

  @Test
  void hashedKeysAreTheHashedNamesOfLoadedRecords() {
    YcsbKeySpace keys = YcsbKeySpace.of(properties(20, Map.of()));
    List<String> loaded = LongStream.range(0, 20).mapToObj(keys::name).toList();

    List<String> batch = keys.batch(loaded.get(3), 500, new Random(47));

    assertThat(loaded).doesNotHaveDuplicates();
    assertThat(batch).isSubsetOf(loaded);
    assertThat(batch.stream().distinct().count()).isEqualTo(20);
  }

  private static Properties properties(long records, Map<String, String> more) {
    Properties props = new Properties();
    props.setProperty("recordcount", String.valueOf(records));
    props.setProperty("operationcount", "1");
    props.setProperty("requestdistribution", "uniform");
    props.putAll(more);
    return props;
  }

  /** YCSB 0.17's own key names: {@code buildKeyName} is protected, and reads what {@code init} read. */
  private static final class CoreWorkloadKeys extends CoreWorkload {
    static {
      // CoreWorkload takes the measurements when made, which need their properties first.
      Measurements.setProperties(new Properties());
    }

    CoreWorkloadKeys(Properties props) throws Exception {
      init(props);
    }

    String name(long number) {
      return buildKeyName(number);
    }
  }
}
