package org.hbaseturbo.cluster;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.hbaseturbo.common.InvalidInputException;

/**
 * What {@link ServerControlService} and {@link ServerControlClient} say to each other: one request per connection
 * on the Unix domain socket {@code DATA/control/server-control.sock}, all of it UTF-8 text.
 *
 * <p>The request, which the client ends by shutting down its output, at most {@value #MAX_REQUEST_BYTES} bytes, in
 * {@link Properties} syntax:
 * <pre>
 *   mode=ROLLING | ALL_AT_ONCE | ONLINE   a restart ({@link ServerControl.Restart}) or update_config
 *   heap=SIZE                             optional, as -Xmx takes it; not with ONLINE
 *   set.KEY=VALUE                         one line per setting
 * </pre>
 *
 * <p>The reply, one line each, {@code \n} ending every line; in TEXT and MESSAGE a backslash, line feed and
 * carriage return are written {@code \\}, {@code \n} and {@code \r}:
 * <pre>
 *   progress TEXT      none or more, each as the step happens
 *   ok                 then exactly one of these three, and the launcher closes the connection
 *   refused MESSAGE    nothing changed: the client throws InvalidInputException(MESSAGE)
 *   failed MESSAGE     the client throws IOException
 * </pre>
 */
final class ServerControlFormat {
  static final String SOCKET = "server-control.sock";
  /** Far above any request: a handful of settings take a few hundred bytes. */
  static final int MAX_REQUEST_BYTES = 64 * 1024;
  /** What Linux's {@code sockaddr_un.sun_path} holds, less the terminating zero. */
  static final int MAX_SOCKET_PATH_BYTES = 107;

  private static final String MODE = "mode";
  private static final String ONLINE = "ONLINE";
  private static final String HEAP = "heap";
  private static final String SETTING_PREFIX = "set.";

  private ServerControlFormat() {
  }

  /** Where the launcher of the cluster on {@code dataDir} listens. */
  static Path socket(Path dataDir) {
    return dataDir.resolve("control").resolve(SOCKET);
  }

  /**
   * One request.
   *
   * @param restart how the RegionServers restart; empty for update_config, no restart
   */
  record Request(Optional<ServerControl.Restart> restart, Map<String, String> settings, Optional<String> heap) {
  }

  static byte[] encode(Request request) {
    Properties properties = new Properties();
    properties.setProperty(MODE, request.restart().map(Enum::name).orElse(ONLINE));
    request.heap().ifPresent(size -> properties.setProperty(HEAP, size));
    request.settings().forEach((key, value) -> properties.setProperty(SETTING_PREFIX + key, value));
    StringWriter text = new StringWriter();
    try {
      properties.store(text, null);
    } catch (IOException e) {
      throw new IllegalStateException("a StringWriter failed", e);
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** @throws InvalidInputException when {@code bytes} are not a request, naming what is wrong */
  static Request decode(byte[] bytes) {
    if (bytes.length > MAX_REQUEST_BYTES) {
      throw new InvalidInputException("a server control request is at most " + MAX_REQUEST_BYTES + " bytes; this"
          + " one is longer");
    }
    Properties properties = new Properties();
    try {
      String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
      properties.load(new StringReader(text));
    } catch (CharacterCodingException e) {
      throw new InvalidInputException("a server control request is UTF-8 text; this one is not");
    } catch (IOException | IllegalArgumentException e) {
      throw new InvalidInputException("a server control request is in java.util.Properties syntax; this one is"
          + " not: " + e.getMessage());
    }
    String mode = properties.getProperty(MODE);
    Optional<ServerControl.Restart> restart;
    if (mode == null) {
      throw new InvalidInputException("server control request: no mode; expected mode=ROLLING, ALL_AT_ONCE or"
          + " ONLINE");
    } else if (ONLINE.equals(mode)) {
      restart = Optional.empty();
    } else {
      try {
        restart = Optional.of(ServerControl.Restart.valueOf(mode));
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException("server control request: mode is '" + mode + "'; expected ROLLING,"
            + " ALL_AT_ONCE or ONLINE");
      }
    }
    Optional<String> heap = Optional.ofNullable(properties.getProperty(HEAP));
    if (heap.isPresent() && restart.isEmpty()) {
      throw new InvalidInputException("server control request: a new heap needs a restart, not mode ONLINE");
    }
    Map<String, String> settings = new LinkedHashMap<>();
    for (String key : properties.stringPropertyNames()) {
      if (key.startsWith(SETTING_PREFIX)) {
        settings.put(key.substring(SETTING_PREFIX.length()), properties.getProperty(key));
      } else if (!key.equals(MODE) && !key.equals(HEAP)) {
        throw new InvalidInputException("server control request: unknown field '" + key + "'; expected mode, heap"
            + " and set.KEY");
      }
    }
    return new Request(restart, settings, heap);
  }

  /** What a reply line says. */
  enum ReplyKind {
    PROGRESS("progress"), OK("ok"), REFUSED("refused"), FAILED("failed");

    private final String word;

    ReplyKind(String word) {
      this.word = word;
    }
  }

  /** One line of a reply; {@code text} is empty for {@link ReplyKind#OK}. */
  record Reply(ReplyKind kind, String text) {
  }

  /** The line, without its {@code \n}. */
  static String encode(Reply reply) {
    return reply.kind() == ReplyKind.OK ? reply.kind().word : reply.kind().word + " " + escape(reply.text());
  }

  /** @throws IOException when {@code line} is no reply line */
  static Reply decodeReply(String line) throws IOException {
    int space = line.indexOf(' ');
    String word = space < 0 ? line : line.substring(0, space);
    for (ReplyKind kind : ReplyKind.values()) {
      if (kind.word.equals(word) && (space < 0) == (kind == ReplyKind.OK)) {
        return new Reply(kind, space < 0 ? "" : unescape(line.substring(space + 1)));
      }
    }
    throw new IOException("the launcher answered '" + line + "', which is no server control reply");
  }

  private static String escape(String text) {
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
  }

  private static String unescape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < text.length()) {
        char next = text.charAt(++i);
        out.append(next == 'n' ? '\n' : next == 'r' ? '\r' : next);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
