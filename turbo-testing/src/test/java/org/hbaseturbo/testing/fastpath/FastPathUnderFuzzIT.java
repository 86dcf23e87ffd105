package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.server.fastpath.FastPathServer;
import org.hbaseturbo.server.fastpath.RawFastPathClient;
import org.hbaseturbo.server.fastpath.TestingSession;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.FrameMac;
import org.hbaseturbo.wire.fastpath.PutBodies;
import org.junit.jupiter.api.Test;
import org.openucx.jucx.ucp.UcpConstants;

/**
 * Every fast-path worker of both RegionServers of the shared cluster, driven over UCX with random and adversarial
 * messages (any active message id, flags with and without the reply flag, eager and rendezvous, empty to over the
 * size limit, bytes flipped in signed requests, replays, expired deadlines, unknown operations and bodies, floods,
 * signed Puts whose cell blocks say other than they hold),
 * with worker addresses where requests used to carry one (signed requests of frame version 2 naming a 1-byte, a
 * random, a truncated or a bit-flipped address; an address as a request's body), and with clients that connect and
 * vanish (endpoints closed with and without a word, whole UCX workers and their shared-memory segments gone, while
 * the server still executes their requests; endpoints that never send; many at once): afterwards each worker still
 * answers, no worker died, the table flushes (a cell whose bytes lied would fail the flush, and abort its server),
 * and a stock-configured fast-path client is served.
 *
 * <p>What a stock UCX cannot send, this test cannot either: connection-setup messages and shared-memory segments
 * that a peer forged below UCX's API. UCX trusts its peers there, which is why only processes of the RegionServer's
 * own OS user (shared memory) or on the network devices the operator names can reach a worker (operating.md).
 */
class FastPathUnderFuzzIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[][] ROWS = {Bytes.toBytes("a"), Bytes.toBytes("n")};
  private static final long[] FLAGS = {0, UcpConstants.UCP_AM_SEND_FLAG_EAGER, UcpConstants.UCP_AM_SEND_FLAG_REPLY,
      RawFastPathClient.REQUEST_FLAGS, RawFastPathClient.REQUEST_FLAGS, UcpConstants.UCP_AM_SEND_FLAG_RNDV,
      UcpConstants.UCP_AM_SEND_FLAG_REPLY | UcpConstants.UCP_AM_SEND_FLAG_RNDV};
  private static final int[] MESSAGE_IDS = {FastPathFrames.REQUEST_MESSAGE, FastPathFrames.REQUEST_MESSAGE,
      FastPathFrames.REPLY_MESSAGE, 0, 3, 77};
  private static final int RANDOM_MESSAGES = 150;
  private static final int FLOOD = 1_000;
  private static final int CLIENTS_THAT_VANISH = 30;

  @Test
  void workersSurviveAnyMessageAndServeAfterwards() throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    TableName table = TestingTables.create(SharedHBaseCluster.connection(), "fp_fuzz", F, ROWS[1]);
    try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
      // One region on each RegionServer, so that both are driven.
      List<ServerName> servers = new ArrayList<>(admin.getRegionServers());
      try (RegionLocator locator = SharedHBaseCluster.connection().getRegionLocator(table)) {
        for (int i = 0; i < ROWS.length; i++) {
          admin.move(locator.getRegionLocation(ROWS[i]).getRegion().getEncodedNameAsBytes(), servers.get(i));
        }
      }
    }
    try (Table rpc = SharedHBaseCluster.connection().getTable(table)) {
      for (byte[] row : ROWS) {
        rpc.put(new Put(row).addColumn(F, Q, row));
      }
    }
    List<FastPathServer.Status> before = new ArrayList<>();
    List<ServerName> driven = new ArrayList<>();
    try (RegionLocator locator = SharedHBaseCluster.connection().getRegionLocator(table)) {
      for (byte[] row : ROWS) {
        HRegionLocation location = locator.getRegionLocation(row, true);
        driven.add(location.getServerName());
        before.add(FastPathServer.status(location.getServerName()).orElseThrow());
        OpenedSession opened = OpenedSession.open(SharedHBaseCluster.connection(), table, row);
        byte[] get = RequestConverter.buildGetRequest(location.getRegion().getRegionName(), new Get(row))
            .toByteArray();
        for (int worker = 0; worker < opened.response().getWorkerAddressCount(); worker++) {
          ByteBuffer address = opened.response().getWorkerAddress(worker).asReadOnlyByteBuffer();
          fuzz(address, opened.session(), worker, List.of(get, put(location)), random, seed);
          vanishingClients(address, opened.session(), worker, List.of(get, put(location)), random);
        }
      }
    }
    for (int i = 0; i < driven.size(); i++) {
      FastPathServer.Status after = FastPathServer.status(driven.get(i)).orElseThrow();
      assertThat(after.up()).as("fast path of %s up (seed %d)", driven.get(i), seed).isTrue();
      assertThat(after.workersReplaced()).as("workers died (seed %d)", seed)
          .isEqualTo(before.get(i).workersReplaced());
      assertThat(after.notSigned()).as("forged requests reached the mac check (seed %d)", seed)
          .isGreaterThan(before.get(i).notSigned());
      assertThat(after.replayed()).as("replays refused (seed %d)", seed).isGreaterThan(before.get(i).replayed());
      assertThat(after.expired()).as("expired requests refused (seed %d)", seed)
          .isGreaterThan(before.get(i).expired());
    }
    try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
      // What the damaged cell blocks wrote, if any of them passed as Puts, goes through a flush like any Put.
      admin.flush(table);
      assertThat(admin.getRegionServers()).as("RegionServers after the flush (seed %d)", seed)
          .containsAll(driven);
    }
    try (FastPathConnection fast = FastPathConnections.open(SharedHBaseCluster.cluster().clientConfiguration());
        Table fastTable = fast.getTable(table)) {
      for (byte[] row : ROWS) {
        assertThat(fastTable.get(new Get(row)).getValue(F, Q)).isEqualTo(row);
      }
      assertThat(fast.counters().served()).as("Gets the fast path served after the fuzz").isEqualTo(ROWS.length);
    }
  }

  /** Drives one worker, then checks that it still answers a valid request. */
  private static void fuzz(ByteBuffer address, TestingSession session, int stream, List<byte[]> bodies,
      Random random, long seed) throws Exception {
    byte[] get = bodies.get(0);
    long sequence = 0;
    byte[] workerAddress = bytes(address);
    try (RawFastPathClient raw = new RawFastPathClient(address)) {
      for (int i = 0; i < RANDOM_MESSAGES; i++) {
        byte[] message = switch (random.nextInt(11)) {
          case 0 -> bytes(random, random.nextInt(FastPathFrames.REQUEST_HEADER_BYTES + 200));
          case 1 -> bytes(random, 64 * 1024 + random.nextInt(256 * 1024));
          case 2 -> flipped(session.request(FastPathOperation.GET, stream, ++sequence, get), random);
          case 3 -> session.request(FastPathOperation.values()[random.nextInt(FastPathOperation.values().length)],
              stream, ++sequence, bytes(random, random.nextInt(300)));
          case 4 -> session.request(FastPathOperation.GET, stream, sequence, get);
          case 5 -> session.request(FastPathOperation.GET, stream, ++sequence, System.nanoTime() - 1, get);
          case 6 -> unknownOperation(session.request(FastPathOperation.GET, stream, ++sequence, get), session);
          case 7 -> versionTwoRequest(session, stream, ++sequence, address(workerAddress, random), get);
          case 8 -> session.request(FastPathOperation.GET, stream, ++sequence, address(workerAddress, random));
          case 9 -> session.request(FastPathOperation.PUT, stream, ++sequence, damagedCells(bodies.get(1), random));
          default -> session.request(FastPathOperation.GET, random.nextInt(), ++sequence, get);
        };
        raw.fire(MESSAGE_IDS[random.nextInt(MESSAGE_IDS.length)], message, FLAGS[random.nextInt(FLAGS.length)]);
      }
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new byte[5 << 20], RawFastPathClient.REQUEST_FLAGS);
      for (int i = 0; i < FLOOD; i++) {
        // Signed requests and garbage, back to back: more than the worker's queue holds.
        byte[] message = i % 2 == 0 ? session.request(FastPathOperation.GET, stream, ++sequence, get)
            : bytes(random, 1 + random.nextInt(100));
        raw.fire(FastPathFrames.REQUEST_MESSAGE, message, FLAGS[random.nextInt(FLAGS.length)]);
      }
      var reply = raw.send(session.request(FastPathOperation.GET, stream, ++sequence, get));
      assertThat(reply).as("a reply from worker %d after the fuzz (seed %d)", stream, seed).isNotNull();
      assertThat(reply.status()).isEqualTo(FastPathStatus.OK);
      // A signed Put whose cell block lies about a cell's length, whatever the seed drew: refused, not run.
      byte[] lying = bodies.get(1).clone();
      int firstCell = Integer.BYTES + ByteBuffer.wrap(lying).getInt(0) + Integer.BYTES;
      ByteBuffer.wrap(lying).putInt(firstCell, 1 << 20);
      assertThat(raw.send(session.request(FastPathOperation.PUT, stream, ++sequence, lying)).status())
          .as("worker %d on a Put whose cell lies about its key (seed %d)", stream, seed)
          .isEqualTo(FastPathStatus.MALFORMED);
      // A forged request that reaches the mac check whatever the seed drew (a full suite once drew none that did):
      // a signed Get whose mac was changed, then a signed one, whose reply says the worker has taken the first.
      byte[] forged = session.request(FastPathOperation.GET, stream, ++sequence, get);
      forged[FastPathFrames.REQUEST_MAC] ^= 1;
      raw.fire(FastPathFrames.REQUEST_MESSAGE, forged, RawFastPathClient.REQUEST_FLAGS);
      assertThat(raw.send(session.request(FastPathOperation.GET, stream, ++sequence, get)).status())
          .as("worker %d after a forged request (seed %d)", stream, seed).isEqualTo(FastPathStatus.OK);
    }
  }

  /**
   * Clients that connect, send signed requests (some slow to run: Puts), and vanish before the reply in each way a
   * process can: closing its endpoint with or without a word, or its whole UCX worker (its segment unmapped); some
   * never send at all; a batch of them stays connected at once.
   */
  private static void vanishingClients(ByteBuffer address, TestingSession session, int stream, List<byte[]> bodies,
      Random random) throws Exception {
    List<RawFastPathClient> connected = new ArrayList<>();
    long sequence = 1L << 40;
    try {
      for (int i = 0; i < CLIENTS_THAT_VANISH; i++) {
        RawFastPathClient raw = new RawFastPathClient(address);
        int way = random.nextInt(4);
        if (way != 3) {
          int body = random.nextInt(bodies.size());
          raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(body == 0 ? FastPathOperation.GET
              : FastPathOperation.PUT, stream, ++sequence, bodies.get(body)), RawFastPathClient.REQUEST_FLAGS);
        }
        switch (way) {
          case 0 -> raw.close();
          case 1 -> raw.closeGracefully();
          default -> connected.add(raw);
        }
      }
    } finally {
      connected.forEach(RawFastPathClient::close);
    }
    try (RawFastPathClient raw = new RawFastPathClient(address)) {
      var reply = raw.send(session.request(FastPathOperation.GET, stream, ++sequence, bodies.get(0)));
      assertThat(reply).as("a reply from worker %d after clients vanished", stream).isNotNull();
      assertThat(reply.status()).isEqualTo(FastPathStatus.OK);
    }
  }

  private static byte[] put(HRegionLocation location) throws IOException {
    Put put = new Put(location.getRegion().getStartKey().length == 0 ? ROWS[0] : location.getRegion().getStartKey())
        .addColumn(F, Bytes.toBytes("vanished"), new byte[100]);
    return PutBodies.mutate(location.getRegion().getRegionName(), put);
  }

  /** A Put's body with bytes changed in its cell block only, so that its request still parses. */
  private static byte[] damagedCells(byte[] put, Random random) {
    byte[] damaged = put.clone();
    int block = Integer.BYTES + ByteBuffer.wrap(damaged).getInt(0);
    for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
      damaged[block + random.nextInt(damaged.length - block)] ^= (byte) (1 + random.nextInt(255));
    }
    return damaged;
  }

  /** A request of frame version 2, which carried the address the server was to reply to: signed, as its own was. */
  private static byte[] versionTwoRequest(TestingSession session, int stream, long sequence, byte[] replyAddress,
      byte[] body) {
    int macAt = 2 + FastPathFrames.SESSION_BYTES + 4 + 8 + 8 + 2;
    ByteBuffer out = ByteBuffer.allocate(macAt + FastPathFrames.MAC_BYTES + replyAddress.length + body.length);
    out.put((byte) 2).put(FastPathOperation.GET.code()).put(session.id()).putInt(stream).putLong(sequence)
        .putLong(System.nanoTime() + 10_000_000_000L).putShort((short) replyAddress.length)
        .put(new byte[FastPathFrames.MAC_BYTES]).put(replyAddress).put(body).flip();
    new FrameMac(session.key()).sign(out, macAt);
    return out.array();
  }

  /** A worker address as an attacker would send one: 1 byte, random, truncated, or a real one with a byte changed. */
  private static byte[] address(byte[] real, Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> new byte[] {(byte) random.nextInt()};
      case 1 -> bytes(random, 1 + random.nextInt(real.length * 2));
      case 2 -> java.util.Arrays.copyOf(real, random.nextInt(real.length));
      default -> flipped(real.clone(), random);
    };
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private static byte[] flipped(byte[] message, Random random) {
    message[random.nextInt(message.length)] ^= (byte) (1 + random.nextInt(255));
    return message;
  }

  /** A request signed after its operation byte was set to one no operation has. */
  private static byte[] unknownOperation(byte[] message, TestingSession session) {
    message[1] = 42;
    ByteBuffer frame = ByteBuffer.wrap(message);
    new FrameMac(session.key()).sign(frame, FastPathFrames.REQUEST_MAC);
    return message;
  }
}
