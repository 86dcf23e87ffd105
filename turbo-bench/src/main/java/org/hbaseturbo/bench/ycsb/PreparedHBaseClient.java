package org.hbaseturbo.bench.ycsb;

import java.io.IOException;
import java.util.HashMap;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.Execution;
import org.hbaseturbo.client.scan.PreparedScan;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB binding {@code --db prepared}: scans through {@link PreparedScan}, everything else through the plain
 * client ({@link NativeHBaseClient}). As in the paper, each client thread prepares once, on its first scan,
 * with the workload's whole schema ({@code fieldcount} fields named {@code fieldnameprefix}0, 1, ...); a
 * scan that asks for some fields executes with those columns only.
 *
 * <p>Property {@code fastpath} ({@code true} or {@code false}, the default): over a {@link FastPathConnection},
 * whose fast path carries the executes (the paper's direct connection for cell data); {@code fastpathtransports} and
 * {@code fastpathdevices} as for {@code --db fastpath}.
 */
public class PreparedHBaseClient extends NativeHBaseClient {
  public static final String FAST_PATH = "fastpath";

  private byte[][] fields;
  private PreparedScan prepared;
  private String preparedTable;

  @Override
  public void init() throws DBException {
    super.init();
    Properties props = getProperties();
    int count = Integer.parseInt(props.getProperty(CoreWorkload.FIELD_COUNT_PROPERTY,
        CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT));
    String prefix = props.getProperty(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT);
    fields = new byte[count][];
    for (int i = 0; i < count; i++) {
      fields[i] = Bytes.toBytes(prefix + i);
    }
  }

  @Override
  void configure(Configuration conf, Properties props) {
    if (Boolean.parseBoolean(props.getProperty(FAST_PATH, "false"))) {
      FastPathHBaseClient.useFastPath(conf, props);
    }
  }

  @Override
  public void cleanup() throws DBException {
    try {
      closePrepared();
    } catch (IOException e) {
      throw new DBException("cannot close the prepared scan of " + preparedTable + ": " + e.getMessage(), e);
    } finally {
      super.cleanup();
    }
  }

  @Override
  public Status scan(String tableName, String startKey, int recordCount, Set<String> fieldNames,
      Vector<HashMap<String, ByteIterator>> result) {
    Execution execution = Execution.range(Bytes.toBytes(startKey), new byte[0]).caching(recordCount)
        .limit(recordCount);
    if (fieldNames != null) {
      fieldNames.forEach(field -> execution.addColumn(family(), Bytes.toBytes(field)));
    }
    try (ResultScanner scanner = prepared(tableName).execute(execution)) {
      copyRows(scanner, result);
      return Status.OK;
    } catch (IOException e) {
      return failed("scan", quoted(startKey), e);
    }
  }

  private PreparedScan prepared(String tableName) throws IOException {
    if (prepared == null || !preparedTable.equals(tableName)) {
      closePrepared();
      Scan schema = new Scan();
      for (byte[] field : fields) {
        schema.addColumn(family(), field);
      }
      prepared = PreparedScan.prepare(connection(), TableName.valueOf(tableName), schema);
      preparedTable = tableName;
    }
    return prepared;
  }

  private void closePrepared() throws IOException {
    if (prepared != null) {
      PreparedScan closing = prepared;
      prepared = null;
      closing.close();
    }
  }
}
