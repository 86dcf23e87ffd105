package org.hbaseturbo.wire.fastpath;

/** What a fast-path request asks for; travels as one byte. The body is HBase's own protobuf request. */
public enum FastPathOperation {
  /** A {@code GetRequest}. */
  GET,
  /** A {@code MutateRequest} holding one Put, without a condition. */
  PUT;

  private static final FastPathOperation[] BY_CODE = values();

  public byte code() {
    return (byte) ordinal();
  }

  /** @return null for a code no operation has */
  public static FastPathOperation of(byte code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
  }
}
