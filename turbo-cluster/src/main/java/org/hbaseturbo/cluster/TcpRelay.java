package org.hbaseturbo.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Relays TCP connections made to one address to a port of this machine's loopback: how servers on hosts of their own
 * ({@link HostNetwork}) reach the cluster's ZooKeeper, which HBase's {@code MiniZooKeeperCluster} serves on loopback
 * only (it checks that it came up there). The relay listens on the bridge's address alone, so ZooKeeper stays out of
 * reach of other machines as before. Each connection is two daemon threads, one each way; the first side to end or
 * fail ends both, as a dropped connection does.
 */
final class TcpRelay implements Closeable {
  private final ServerSocket listener;
  private final int targetPort;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();

  private TcpRelay(ServerSocket listener, int targetPort) {
    this.listener = listener;
    this.targetPort = targetPort;
  }

  /** Relays what comes to {@code address}:{@code port} to loopback's {@code port}, from now until closed. */
  static TcpRelay start(String address, int port, String name) throws IOException {
    ServerSocket listener = new ServerSocket();
    listener.bind(new InetSocketAddress(InetAddress.getByName(address), port));
    TcpRelay relay = new TcpRelay(listener, port);
    Thread accepting = new Thread(relay::accept, name + " relay " + address + ":" + port);
    accepting.setDaemon(true);
    accepting.start();
    return relay;
  }

  private void accept() {
    while (!listener.isClosed()) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      open.add(client);
      try {
        Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        open.add(target);
        pipe(client, target);
        pipe(target, client);
      } catch (IOException e) {
        closeQuietly(client);
      }
    }
  }

  private void pipe(Socket from, Socket to) {
    Thread copying = new Thread(() -> {
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        in.transferTo(out);
      } catch (IOException e) {
        // The connection ended or failed: both sides end.
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, Thread.currentThread().getName() + " " + from.getPort() + ">" + to.getPort());
    copying.setDaemon(true);
    copying.start();
  }

  private void closeQuietly(Socket socket) {
    open.remove(socket);
    try {
      socket.close();
    } catch (IOException e) {
      // Closing is all that is left to do with it.
    }
  }

  /** Stops listening and ends every relayed connection. */
  @Override
  public void close() throws IOException {
    listener.close();
    open.forEach(this::closeQuietly);
  }
}
