package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.User;
import org.junit.jupiter.api.Test;

class TestFastPathUsers {
  private static final Configuration SIMPLE = new Configuration(false);
  private static final User APP = User.createUserForTesting(SIMPLE, "app", new String[] {"services"});
  private static final User PRINCIPAL = User.createUserForTesting(SIMPLE, "etl/host1@EXAMPLE.COM", new String[0]);
  private static final User OTHER = User.createUserForTesting(SIMPLE, "mallory", new String[] {"staff"});

  @Test
  void withoutKerberosEveryoneByDefaultAsOverRpc() {
    FastPathUsers users = FastPathUsers.from(new Configuration(false));
    assertThat(users.allows(APP)).isTrue();
    assertThat(users.allows(OTHER)).isTrue();
  }

  @Test
  void underKerberosNoOneUntilTheOperatorNamesThem() {
    Configuration conf = new Configuration(false);
    conf.set(User.HBASE_SECURITY_CONF_KEY, "Kerberos");
    FastPathUsers users = FastPathUsers.from(conf);
    assertThat(users.allows(APP)).isFalse();
    assertThat(users.refusal(APP)).contains("user app may not use the fast path", FastPathUsers.KEY + " is ''",
        "RPC serves them");
    conf.set(FastPathUsers.KEY, "app");
    assertThat(FastPathUsers.from(conf).allows(APP)).isTrue();
  }

  @Test
  void namesShortOrFullAndGroups() {
    Configuration conf = new Configuration(false);
    conf.set(FastPathUsers.KEY, " etl , @services ");
    FastPathUsers users = FastPathUsers.from(conf);
    assertThat(users.allows(PRINCIPAL)).as("by its short name").isTrue();
    assertThat(users.allows(APP)).as("by its group").isTrue();
    assertThat(users.allows(OTHER)).isFalse();
    conf.set(FastPathUsers.KEY, "etl/host1@EXAMPLE.COM");
    assertThat(FastPathUsers.from(conf).allows(PRINCIPAL)).as("by its full principal").isTrue();
    conf.set(FastPathUsers.KEY, "app,*");
    assertThat(FastPathUsers.from(conf).allows(OTHER)).isTrue();
  }

  @Test
  void anEntryThatIsNoNameIsRefused() {
    Configuration conf = new Configuration(false);
    conf.set(FastPathUsers.KEY, "app,@,bob");
    assertThatThrownBy(() -> FastPathUsers.from(conf)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(FastPathUsers.KEY).hasMessageContaining("'@' is neither a user name nor @group");
  }
}
