package dev.trellis.checkpoint.serde;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts what another {@link Serde} writes with AES-GCM (a fresh 12-byte nonce per
 * value, 128-bit tag), so stored checkpoints are unreadable and tamper-evident without
 * the key. The key is 16, 24 or 32 bytes; {@link #fromEnv} reads it base64-encoded from
 * {@code TRELLIS_AES_KEY}.
 */
public final class EncryptedSerde implements Serde {
  private static final int NONCE = 12;
  private static final int TAG_BITS = 128;
  private static final byte VERSION = 1;

  private final Serde inner;
  private final SecretKeySpec key;
  private final SecureRandom random = new SecureRandom();

  public EncryptedSerde(Serde inner, byte[] key) {
    if (key.length != 16 && key.length != 24 && key.length != 32) {
      throw new IllegalArgumentException("AES key must be 16, 24 or 32 bytes, got " + key.length);
    }
    this.inner = inner;
    this.key = new SecretKeySpec(key.clone(), "AES");
  }

  /** Wraps {@code inner} with the key in the environment variable {@code TRELLIS_AES_KEY} (base64). */
  public static EncryptedSerde fromEnv(Serde inner) {
    String k = System.getenv("TRELLIS_AES_KEY");
    if (k == null || k.isBlank()) {
      throw new IllegalStateException("TRELLIS_AES_KEY is not set: give a base64 AES key of 16, 24 or 32 bytes");
    }
    return new EncryptedSerde(inner, Base64.getDecoder().decode(k.trim()));
  }

  @Override
  public byte[] dump(Object value) {
    return seal(inner.dump(value));
  }

  @Override
  public byte[] dump(Object value, java.util.function.Function<Object, Object> references) {
    return seal(inner.dump(value, references));
  }

  @Override
  public Object load(byte[] bytes) {
    return inner.load(open(bytes));
  }

  @Override
  public Object load(byte[] bytes, java.util.function.Function<Object, Object> resolve) {
    return inner.load(open(bytes), resolve);
  }

  private byte[] seal(byte[] plain) {
    byte[] nonce = new byte[NONCE];
    random.nextBytes(nonce);
    try {
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
      byte[] sealed = c.doFinal(plain);
      return ByteBuffer.allocate(1 + NONCE + sealed.length).put(VERSION).put(nonce).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new SerdeException("encryption failed: " + e.getMessage(), e);
    }
  }

  private byte[] open(byte[] bytes) {
    if (bytes.length < 1 + NONCE || bytes[0] != VERSION) {
      throw new SerdeException("not a value written by EncryptedSerde");
    }
    try {
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, bytes, 1, NONCE));
      return c.doFinal(bytes, 1 + NONCE, bytes.length - 1 - NONCE);
    } catch (GeneralSecurityException e) {
      throw new SerdeException("decryption failed (wrong key or tampered data): " + e.getMessage(), e);
    }
  }
}
