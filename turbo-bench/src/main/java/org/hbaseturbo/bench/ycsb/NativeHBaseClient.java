package org.hbaseturbo.bench.ycsb;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
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
 * {@code org.hbaseturbo.wire.codec.CompactCellCodec}; default HBase's; checked against every server first),
 * {@code batchrows} (default 1: one row an operation, as the reference binding).
 *
 * <p>With {@code batchrows} N above 1, a read is one {@code Table.get(List)} and an update one
 * {@code Table.put(List)} (or one {@code BufferedMutator.mutate(List)}) of N rows: YCSB's key and N - 1 keys drawn
 * uniformly from the loaded ones ({@link YcsbKeySpace}), so that a batch's other rows exist whatever YCSB's request
 * distribution. An update writes its values to every row of the batch. A read is OK only if every row was found,
 * else NOT_FOUND, as one Get of a missing row; YCSB gets the fields of its own key. Inserts and scans stay one
 * operation each: an insert adds a record beyond the loaded ones, where no drawn key is.
 */
public class NativeHBaseClient extends DB {
  static final String FAMILY = "columnfamily";
  static final String CLIENT_BUFFERING = "clientbuffering";
  static final String WRITE_BUFFER_SIZE = "writebuffersize";
  static final String DURABILITY = "durability";
  public static final String RPC_COMPRESSOR = "rpccompressor";
  public static final String RPC_CODEC = "rpccodec";
  public static final String BATCH_ROWS = "batchrows";
  /** The binding's own property names; {@link YcsbProperties} has a rule for each, or sets it itself. */
  static final Set<String> PROPERTIES =
      Set.of(FAMILY, SharedConnection.HBASE_CONF, CLIENT_BUFFERING, WRITE_BUFFER_SIZE, DURABILITY, RPC_COMPRESSOR,
          RPC_CODEC, BATCH_ROWS, FastPathHBaseClient.TRANSPORTS, FastPathHBaseClient.DEVICES);

  private byte[] family;
  private Durability durability;
  private boolean clientBuffering;
  private long writeBufferSize;
  private int batchRows;
  /** Where a batch's other rows are drawn from; null without batches. */
  private YcsbKeySpace keySpace;
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
          + Arrays.toString(Durability.values()));
    }
    clientBuffering = Boolean.parseBoolean(props.getProperty(CLIENT_BUFFERING, "false"));
    writeBufferSize = Long.parseLong(props.getProperty(WRITE_BUFFER_SIZE, String.valueOf(12L << 20)));
    batchRows = Integer.parseInt(props.getProperty(BATCH_ROWS, "1"));
    if (batchRows > 1) {
      keySpace = YcsbKeySpace.of(props);
    }
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
    try {
      Table target = table(tableName);
      Result[] rows = batchRows == 1 ? new Result[] {target.get(get(key, fields))}
          : target.get(batchKeys(key).stream().map(row -> get(row, fields)).toList());
      if (Arrays.stream(rows).anyMatch(Result::isEmpty)) {
        return Status.NOT_FOUND;
      }
      copyCells(rows[0], result);
      return Status.OK;
    } catch (IOException e) {
      return failed("read", rows(key), e);
    }
  }

  private Get get(String key, Set<String> fields) {
    Get get = new Get(Bytes.toBytes(key));
    if (fields == null) {
      get.addFamily(family);
    } else {
      for (String field : fields) {
        get.addColumn(family, Bytes.toBytes(field));
      }
    }
    return get;
  }

  /** YCSB's key and the keys drawn beside it, {@code batchrows} in all. */
  private List<String> batchKeys(String key) {
    return keySpace.batch(key, batchRows, ThreadLocalRandom.current());
  }

  /** The rows of an operation on {@code key}, for a failure's message. */
  private String rows(String key) {
    return batchRows == 1 ? quoted(key) : quoted(key) + " and " + (batchRows - 1) + " other rows";
  }

  static String quoted(String key) {
    return "'" + key + "'";
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
      return failed("scan", quoted(startKey), e);
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
    if (batchRows == 1) {
      return putRow(tableName, "update", key, values);
    }
    Map<String, byte[]> cells = arrays(values);
    List<Put> puts = batchKeys(key).stream().map(row -> put(row, cells)).toList();
    return mutate(tableName, "update", rows(key), puts, target -> target.put(puts));
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    return putRow(tableName, "insert", key, values);
  }

  private Status putRow(String tableName, String operation, String key, Map<String, ByteIterator> values) {
    Put put = put(key, arrays(values));
    return mutate(tableName, operation, quoted(key), List.of(put), target -> target.put(put));
  }

  private Put put(String key, Map<String, byte[]> cells) {
    Put put = new Put(Bytes.toBytes(key)).setDurability(durability);
    cells.forEach((field, value) -> put.addColumn(family, Bytes.toBytes(field), value));
    return put;
  }

  /** The values as arrays: YCSB's iterators are read once, and a batch writes them to every row. */
  private static Map<String, byte[]> arrays(Map<String, ByteIterator> values) {
    Map<String, byte[]> arrays = new HashMap<>();
    values.forEach((field, value) -> arrays.put(field, value.toArray()));
    return arrays;
  }

  @Override
  public Status delete(String tableName, String key) {
    Delete delete = new Delete(Bytes.toBytes(key)).setDurability(durability);
    return mutate(tableName, "delete", quoted(key), List.of(delete), target -> target.delete(delete));
  }

  /**
   * {@code mutations} into the thread's buffer when {@code clientbuffering} is on, else written by {@code unbuffered},
   * the call an application makes for them.
   */
  private Status mutate(String tableName, String operation, String rows, List<? extends Mutation> mutations,
      TableWrite unbuffered) {
    try {
      Table target = table(tableName);
      if (mutator != null) {
        mutator.mutate(mutations);
        return Status.BATCHED_OK;
      }
      unbuffered.to(target);
      return Status.OK;
    } catch (IOException e) {
      return failed(operation, rows, e);
    }
  }

  /** A write through a table: {@code Table.put(Put)}, {@code put(List)} or {@code delete(Delete)}. */
  private interface TableWrite {
    void to(Table table) throws IOException;
  }

  static void copyCells(Result row, Map<String, ByteIterator> into) {
    for (Cell cell : row.rawCells()) {
      into.put(Bytes.toString(CellUtil.cloneQualifier(cell)), new ByteArrayByteIterator(CellUtil.cloneValue(cell)));
    }
  }

  /** @param rows the operation's rows, their keys {@link #quoted}: "'user1'", "'user1' and 99 other rows" */
  static Status failed(String operation, String rows, IOException e) {
    // YCSB counts the failure; one line per failure tells the user why without a stack trace per call.
    System.err.println("YCSB " + operation + " of " + rows + " failed: " + e.getMessage());
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

    /** The shared connection while a binding holds it. */
    static synchronized Optional<Connection> open() {
      return Optional.ofNullable(connection);
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
