package org.hbaseturbo.server;

/**
 * A user's share of a bound that all users of a RegionServer share (fast-path sessions, Prepared Scan's state and
 * cursors): at most half of what the other users leave free (rounded up), and never too little for one more. So
 * whoever comes first cannot take it all, and a newcomer finds room however greedy the others were, until the bound
 * itself is reached. Each user also has a bound of their own, which usually binds first.
 *
 * <p>Without Kerberos, a client can speak under as many names as it likes, as it can to HBase's own quotas: shares
 * then slow it down (each name takes half of what is left) but do not stop it.
 */
public final class FairShare {
  private FairShare() {
  }

  /**
   * @param own what the user holds
   * @param more what the user asks for now
   * @param all what all users hold, the user's included
   * @param bound the server-wide bound
   * @return whether the user may take {@code more}
   */
  public static boolean allows(long own, long more, long all, long bound) {
    long leftByOthers = bound - (all - own);
    return own + more <= Math.max(more, (leftByOthers + 1) / 2);
  }

  /** Why a user was refused, for the message that names the bound's key. */
  public static String refusal(long own, long all, long bound, String key) {
    return "the other users hold " + (all - own) + " of this RegionServer's " + bound + " (" + key + "), and one"
        + " user may take at most half of what the others leave";
  }
}
