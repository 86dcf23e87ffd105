package org.hbaseturbo.server.fastpath;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.User;

/**
 * Who may open fast-path sessions on a RegionServer: {@value #KEY}, a list of user names (short or full Kerberos
 * principals) and {@code @group} names, or {@code *} for everyone; everyone else is served over RPC alone.
 *
 * <p>The rule exists because UCX cannot defend a RegionServer against a peer it lets in: it parses connection setup
 * and maps a connecting peer's shared memory in native code before Turbo sees a message. Sessions are what reveal a
 * server's worker addresses and what its workers execute requests for. Without Kerberos any caller can claim any
 * name over RPC, as for HBase's own ACLs, so the default there is everyone; under Kerberos it is no one until the
 * operator names the service principals (or groups) whose clients should have the fast path.
 *
 * @param everyone whether the setting is {@code *}
 * @param setting the list as the operator wrote it, for messages
 */
record FastPathUsers(boolean everyone, Set<String> users, Set<String> groups, String setting) {
  static final String KEY = "turbo.fastpath.users";

  /** @throws IllegalArgumentException naming the key and the entry that is neither a name nor {@code @group} */
  static FastPathUsers from(Configuration conf) {
    boolean kerberos = "kerberos".equals(conf.get(User.HBASE_SECURITY_CONF_KEY, "").toLowerCase(Locale.ROOT));
    String setting = conf.get(KEY, kerberos ? "" : "*").trim();
    Set<String> users = new LinkedHashSet<>();
    Set<String> groups = new LinkedHashSet<>();
    boolean everyone = false;
    for (String entry : setting.split(",")) {
      String name = entry.trim();
      if (name.equals("*")) {
        everyone = true;
      } else if (name.startsWith("@") && name.length() > 1 && !name.contains(" ")) {
        groups.add(name.substring(1));
      } else if (!name.isEmpty() && !name.startsWith("@") && !name.contains(" ")) {
        users.add(name);
      } else if (!name.isEmpty()) {
        throw new IllegalArgumentException(KEY + " is '" + setting + "': '" + name + "' is neither a user name nor"
            + " @group; expected a list of users and @groups, or *");
      }
    }
    return new FastPathUsers(everyone, Set.copyOf(users), Set.copyOf(groups), setting);
  }

  /** Whether {@code user}, as HBase's RPC authenticated them, may open a session. */
  boolean allows(User user) {
    return everyone || users.contains(user.getShortName()) || users.contains(user.getName())
        || List.of(user.getGroupNames()).stream().anyMatch(groups::contains);
  }

  /** Why {@code user} gets no session, for the client's log and {@code fastpath check}. */
  String refusal(User user) {
    return "user " + user.getName() + " may not use the fast path of this RegionServer (" + KEY + " is '" + setting
        + "'; under Kerberos it names no one until the operator lists the users and @groups allowed); RPC serves"
        + " them";
  }
}
