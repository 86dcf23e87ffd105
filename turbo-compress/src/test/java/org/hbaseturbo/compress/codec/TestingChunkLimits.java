package org.hbaseturbo.compress.codec;

/** Where Turbo's codecs split a block into chunks, for tests outside this package. */
public final class TestingChunkLimits {
  private TestingChunkLimits() {
  }

  /** The most uncompressed bytes one chunk of {@code codecClass} (a Turbo codec) holds. */
  public static int maxInput(String codecClass) throws ReflectiveOperationException {
    AircompressorCodec codec = (AircompressorCodec) Class.forName(codecClass).getDeclaredConstructor().newInstance();
    return codec.bufferSize() - codec.blockOverhead();
  }
}
