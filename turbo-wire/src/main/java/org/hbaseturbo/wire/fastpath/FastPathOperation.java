package org.hbaseturbo.wire.fastpath;

/**
 * What a fast-path request asks for; travels as one byte. The body is a protobuf request: HBase's own for Gets, Puts
 * and batches of them, Prepared Scan's for its executes.
 */
public enum FastPathOperation {
  /** A {@code GetRequest}. */
  GET,
  /** A {@code MutateRequest} holding one Put, without a condition. */
  PUT,
  /** A Prepared Scan {@code ExecuteRequest} naming its region, as the RegionServer endpoint takes it. */
  PREPARED_EXECUTE,
  /**
   * A {@code MultiRequest} of Gets and unconditional Puts for regions of one RegionServer, in non-atomic region
   * actions: a batch's share of that server, as HBase's client sends it.
   */
  MULTI;

  private static final FastPathOperation[] BY_CODE = values();

  public byte code() {
    return (byte) ordinal();
  }

  /** @return null for a code no operation has */
  public static FastPathOperation of(byte code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
  }
}
