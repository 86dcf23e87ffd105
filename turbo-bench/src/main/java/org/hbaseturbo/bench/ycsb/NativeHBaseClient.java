package org.hbaseturbo.bench.ycsb;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.function.BiConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.codec.CodecSupport;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for the plain HBase client ({@code --db native}): the baseline every Turbo path is compared
 * with. Like YCSB's reference hbase2 binding: one {@link Connection} for all threads, one {@link Table} (and
 * {@link BufferedMutator} when buffering) per thread, a scan that starts at the key and stops after
 * {@code recordcount} rows.
 *
 * <p>Properties: {@code columnfamily} (required), {@code hbaseconf} (directory of an {@code hbase-site.xml};
 * default: the classpath), {@code clientbuffering} (default false), {@code writebuffersize} (bytes,
 * default 12 MiB like the reference binding), {@code durability} (a {@link Durability} name, default
 * USE_DEFAULT), {@code rpccompressor} (a Hadoop codec class compressing the RPC cellblocks, HBase's
 * {@code hbase.client.rpc.compressor}, e.g. {@code org.apache.hadoop.io.compress.GzipCodec}; default none),
 * {@code rpccodec} (the cellblock codec, HBase's {@code hbase.client.rpc.codec}, e.g.
 * {@code org.hbaseturbo.wire.codec.CompactCellCodec}; default HBase's; checked against every server first).
 */
public class NativeHBaseClient extends DB {
  static final String FAMILY = "columnfamily";
  static final String CLIENT_BUFFERING = "clientbuffering";
  static final String WRITE_BUFFER_SIZE = "writebuffersize";
  static final String DURABILITY = "durability";
  public static final String RPC_COMPRESSOR = "rpccompressor";
  public static final String RPC_CODEC = "rpccodec";
  /** The binding's own property names; {@link YcsbProperties} has a rule for each, or sets it itself. */
  static final Set<String> PROPERTIES =
      Set.of(FAMILY, SharedConnection.HBASE_CONF, CLIENT_BUFFERING, WRITE_BUFFER_SIZE, DURABILITY, RPC_COMPRESSOR,
          RPC_CODEC, FastPathHBaseClient.TRANSPORTS, FastPathHBaseClient.DEVICES);

  private byte[] family;
  private Durability durability;
  private boolean clientBuffering;
  private long writeBufferSize;
  private Connection connection;
  private TableName tableName;
  private Table table;
  private BufferedMutator mutator;

  @Override
  public void init() throws DBException {
    Properties props = getProperties();
    String familyName = props.getProperty(FAMILY);
    if (familyName == null || familyName.isEmpty()) {
      throw new DBException("property '" + FAMILY + "' is required: the column family YCSB reads and writes");
    }
    family = Bytes.toBytes(familyName);
    String durabilityName = props.getProperty(DURABILITY, Durability.USE_DEFAULT.name());
    try {
      durability = Durability.valueOf(durabilityName);
    } catch (IllegalArgumentException e) {
      throw new DBException("property '" + DURABILITY + "' is '" + durabilityName + "'; expected one of "
          + java.util.Arrays.toString(Durability.values()));
    }
    clientBuffering = Boolean.parseBoolean(props.getProperty(CLIENT_BUFFERING, "false"));
    writeBufferSize = Long.parseLong(props.getProperty(WRITE_BUFFER_SIZE, String.valueOf(12L << 20)));
    try {
      connection = SharedConnection.acquire(props, this::configure);
    } catch (IOException e) {
      throw new DBException("cannot connect to HBase: " + e.getMessage(), e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    try {
      closeTable();
    } catch (IOException e) {
      throw new DBException("cannot flush or close table " + tableName + ": " + e.getMessage(), e);
    } finally {
      SharedConnection.release();
    }
  }

  /**
   * Adds what this binding needs to the shared connection's configuration, made from the properties; the plain
   * client needs nothing.
   */
  void configure(Configuration conf, Properties props) {
  }

  byte[] family() {
    return family;
  }

  Connection connection() {
    return connection;
  }

  private Table table(String name) throws IOException {
    if (table == null || !tableName.getNameAsString().equals(name)) {
      closeTable();
      tableName = TableName.valueOf(name);
      table = connection.getTable(tableName);
      if (clientBuffering) {
        mutator = connection.getBufferedMutator(
            new BufferedMutatorParams(tableName).writeBufferSize(writeBufferSize));
      }
    }
    return table;
  }

  private void closeTable() throws IOException {
    try {
      if (mutator != null) {
        mutator.close();
      }
    } finally {
      mutator = null;
      if (table != null) {
        table.close();
        table = null;
      }
    }
  }

  @Override
  public Status read(String tableName, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Get get = new Get(Bytes.toBytes(key));
    if (fields == null) {
      get.addFamily(family);
    } else {
      for (String field : fields) {
        get.addColumn(family, Bytes.toBytes(field));
      }
    }
    try {
      Result row = table(tableName).get(get);
      if (row.isEmpty()) {
        return Status.NOT_FOUND;
      }
      copyCells(row, result);
      return Status.OK;
    } catch (IOException e) {
      return failed("read", key, e);
    }
  }

  @Override
  public Status scan(String tableName, String startKey, int recordCount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Scan scan = new Scan().withStartRow(Bytes.toBytes(startKey)).setLimit(recordCount)
        .setCaching(recordCount);
    if (fields == null) {
      scan.addFamily(family);
    } else {
      for (String field : fields) {
        scan.addColumn(family, Bytes.toBytes(field));
      }
    }
    try (ResultScanner scanner = table(tableName).getScanner(scan)) {
      copyRows(scanner, result);
      return Status.OK;
    } catch (IOException e) {
      return failed("scan", startKey, e);
    }
  }

  /** Every row of the scanner as YCSB's field map, qualifiers as field names. */
  static void copyRows(ResultScanner scanner, Vector<HashMap<String, ByteIterator>> into) throws IOException {
    for (Result row = scanner.next(); row != null; row = scanner.next()) {
      HashMap<String, ByteIterator> values = new HashMap<>();
      copyCells(row, values);
      into.add(values);
    }
  }

  @Override
  public Status update(String tableName, String key, Map<String, ByteIterator> values) {
    Put put = new Put(Bytes.toBytes(key)).setDurability(durability);
    for (Map.Entry<String, ByteIterator> value : values.entrySet()) {
      put.addColumn(family, Bytes.toBytes(value.getKey()), value.getValue().toArray());
    }
    return mutate(tableName, "update", key, put);
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    return update(tableName, key, values);
  }

  @Override
  public Status delete(String tableName, String key) {
    return mutate(tableName, "delete", key, new Delete(Bytes.toBytes(key)).setDurability(durability));
  }

  private Status mutate(String tableName, String operation, String key, Mutation mutation) {
    try {
      Table target = table(tableName);
      if (mutator != null) {
        mutator.mutate(mutation);
        return Status.BATCHED_OK;
      }
      if (mutation instanceof Put put) {
        target.put(put);
      } else {
        target.delete((Delete) mutation);
      }
      return Status.OK;
    } catch (IOException e) {
      return failed(operation, key, e);
    }
  }

  static void copyCells(Result row, Map<String, ByteIterator> into) {
    for (Cell cell : row.rawCells()) {
      into.put(Bytes.toString(CellUtil.cloneQualifier(cell)), new ByteArrayByteIterator(CellUtil.cloneValue(cell)));
    }
  }

  static Status failed(String operation, String key, IOException e) {
    // YCSB counts the failure; one line per failure tells the user why without a stack trace per call.
    System.err.println("YCSB " + operation + " of '" + key + "' failed: " + e.getMessage());
    return Status.ERROR;
  }

  /** The one connection shared by all client threads of a YCSB phase, as the reference binding does. */
  static final class SharedConnection {
    static final String HBASE_CONF = "hbaseconf";
    private static Connection connection;
    private static int users;

    private SharedConnection() {
    }

    /** The shared connection, made first with {@link #configuration} as {@code binding} completes it. */
    static synchronized Connection acquire(Properties props, BiConsumer<Configuration, Properties> binding)
        throws IOException {
      if (connection == null) {
        Configuration conf = configuration(props);
        binding.accept(conf, props);
        CodecSupport.requireSupported(conf);
        connection = org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(conf);
      }
      users++;
      return connection;
    }

    static synchronized void release() throws DBException {
      if (--users == 0) {
        if (connection instanceof FastPathConnection fastPath) {
          FastPathOutcome.closed(fastPath.counters());
        }
        try {
          connection.close();
        } catch (IOException e) {
          throw new DBException("cannot close the HBase connection: " + e.getMessage(), e);
        } finally {
          connection = null;
        }
      }
    }

    static Configuration configuration(Properties props) {
      String dir = props.getProperty(HBASE_CONF);
      Configuration conf = dir == null ? org.apache.hadoop.hbase.HBaseConfiguration.create()
          : ClientConfigurations.fromDirectory(Path.of(dir));
      String compressor = props.getProperty(RPC_COMPRESSOR);
      if (compressor != null && !compressor.isEmpty()) {
        conf.set("hbase.client.rpc.compressor", compressor);
      }
      String codec = props.getProperty(RPC_CODEC);
      if (codec != null && !codec.isEmpty()) {
        conf.set(HConstants.RPC_CODEC_CONF_KEY, codec);
      }
      return conf;
    }
  }
}
