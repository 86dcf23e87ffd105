import javax.crypto.*; import javax.crypto.spec.*; import java.nio.ByteBuffer;
public class MacBench {
  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(a[0]); byte[] data = new byte[n]; new java.util.Random(1).nextBytes(data);
    byte[] key = new byte[32];
    ByteBuffer direct = ByteBuffer.allocateDirect(n).put(data).flip();
    for (String alg : new String[]{"HmacSHA256","HmacSHA512","HmacSHA1","HmacSHA256-direct"}) {
      String real = alg.replace("-direct","");
      Mac mac = Mac.getInstance(real); mac.init(new SecretKeySpec(key, real));
      byte[] out = new byte[mac.getMacLength()];
      for (int round = 0; round < 3; round++) {
        long t = System.nanoTime(); int iters = 0;
        while (System.nanoTime() - t < 1_000_000_000L) { if (alg.endsWith("direct")) mac.update(direct.duplicate()); else mac.update(data); mac.doFinal(out, 0); iters++; }
        double us = (System.nanoTime() - t) / 1e3 / iters;
        if (round == 2) System.out.printf("%s %d B: %.1f us, %.2f GB/s%n", alg, n, us, n / us / 1e3);
      }
    }
    Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding"); SecretKeySpec k = new SecretKeySpec(new byte[16], "AES");
    byte[] iv = new byte[12]; long ctr = 0;
    for (int round = 0; round < 3; round++) {
      long t = System.nanoTime(); int iters = 0;
      while (System.nanoTime() - t < 1_000_000_000L) { ByteBuffer.wrap(iv).putLong(4, ctr++); gcm.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv)); gcm.updateAAD(data); gcm.doFinal(); iters++; }
      double us = (System.nanoTime() - t) / 1e3 / iters;
      if (round == 2) System.out.printf("AES-GMAC %d B: %.1f us, %.2f GB/s%n", n, us, n / us / 1e3);
    }
  }
}
