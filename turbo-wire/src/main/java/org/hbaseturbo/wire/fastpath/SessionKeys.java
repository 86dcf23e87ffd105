package org.hbaseturbo.wire.fastpath;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a fast-path session gets its key without either side sending it. When the client opens a session over
 * HBase's authenticated RPC, both sides make an ephemeral X25519 key pair and exchange the public halves in that
 * call; each derives the same secret from its private half and the other's public half (elliptic-curve
 * Diffie-Hellman). An observer of the call and of the fast path learns only the public halves, so it can neither
 * sign a request nor a reply. Where the RPC protects integrity (SASL integrity or privacy, TLS), nobody can replace
 * the public halves on the way either.
 *
 * <p>The session key is HMAC-SHA256 keyed by the shared secret over a label, both public keys and the session id
 * (HMAC as a pseudo-random function over the exchange's transcript), so that it belongs to this exchange and
 * session only.
 */
public final class SessionKeys {
  private static final String CURVE = "X25519";
  private static final byte[] LABEL = "hbase-turbo fast-path session key v1".getBytes(StandardCharsets.US_ASCII);

  private SessionKeys() {
  }

  /** A fresh key pair for one session. */
  public static KeyPair newKeyPair() {
    try {
      return KeyPairGenerator.getInstance(CURVE).generateKeyPair();
    } catch (GeneralSecurityException e) {
      // X25519 is in every Java runtime since 11 (JEP 324).
      throw new IllegalStateException(CURVE + " is unavailable: " + e.getMessage(), e);
    }
  }

  /** The public half as it travels: its X.509 encoding. */
  public static byte[] encoded(KeyPair pair) {
    return pair.getPublic().getEncoded();
  }

  /**
   * The session key.
   *
   * @param own this side's private half
   * @param peer the other side's public half, as it travelled
   * @throws GeneralSecurityException when the peer's key is not an X25519 public key, or a degenerate one
   */
  public static byte[] sessionKey(PrivateKey own, byte[] peer, byte[] clientPublic, byte[] serverPublic,
      byte[] session) throws GeneralSecurityException {
    PublicKey peerKey = KeyFactory.getInstance(CURVE).generatePublic(new X509EncodedKeySpec(peer));
    KeyAgreement agreement = KeyAgreement.getInstance(CURVE);
    agreement.init(own);
    agreement.doPhase(peerKey, true);
    Mac extract = Mac.getInstance("HmacSHA256");
    extract.init(new SecretKeySpec(agreement.generateSecret(), "HmacSHA256"));
    extract.update(LABEL);
    extract.update(clientPublic);
    extract.update(serverPublic);
    extract.update(session);
    return extract.doFinal();
  }
}
