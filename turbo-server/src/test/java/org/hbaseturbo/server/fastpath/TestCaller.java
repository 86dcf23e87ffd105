package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hbase.thirdparty.com.google.protobuf.ServiceException;
import org.junit.jupiter.api.Test;

/** A request run as its caller sees what it would under HBase's {@code User.runAs}: the caller, never the server. */
class TestCaller {
  private static final User ALICE = User.createUserForTesting(new Configuration(false), "alice",
      new String[] {"analysts"});

  @Test
  void codeThatAsksForTheCurrentUserSeesTheCallerAndItsGroupsAsUnderRunAs() throws Exception {
    String server = User.getCurrent().getName();
    Caller caller = Caller.of(ALICE);

    User inside = InProcessCall.as(caller, User::getCurrent);
    User underRunAs = ALICE.runAs((PrivilegedExceptionAction<User>) User::getCurrent);

    assertThat(inside.getName()).isEqualTo("alice").isNotEqualTo(server).isEqualTo(underRunAs.getName());
    assertThat(inside.getGroupNames()).containsExactly("analysts").containsExactly(underRunAs.getGroupNames());
    assertThat(inside.getUGI()).isEqualTo(underRunAs.getUGI());
    assertThat(User.getCurrent().getName()).as("the thread's user once the call is over").isEqualTo(server);
  }

  @Test
  void aProxyUserKeepsTheUserItActsFor() throws Exception {
    UserGroupInformation real = UserGroupInformation.createRemoteUser("gateway");
    User proxy = User.create(UserGroupInformation.createProxyUser("bob", real));

    User inside = InProcessCall.as(Caller.of(proxy), User::getCurrent);

    assertThat(inside.getName()).isEqualTo("bob");
    assertThat(inside.getUGI().getRealUser().getUserName()).isEqualTo("gateway");
  }

  @Test
  void whatTheCallThrowsComesOutAsItself() {
    Caller caller = Caller.of(ALICE);
    ServiceException refused = new ServiceException("refused");
    IOException failed = new IOException("failed");
    IllegalStateException broken = new IllegalStateException("broken");

    assertThatThrownBy(() -> InProcessCall.as(caller, () -> {
      throw refused;
    })).isSameAs(refused);
    assertThatThrownBy(() -> InProcessCall.as(caller, () -> {
      throw failed;
    })).isSameAs(failed);
    assertThatThrownBy(() -> InProcessCall.as(caller, () -> {
      throw broken;
    })).isSameAs(broken);
  }
}
