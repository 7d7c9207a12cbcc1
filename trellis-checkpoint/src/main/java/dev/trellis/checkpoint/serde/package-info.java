/**
 * How state values become bytes: the {@link dev.trellis.checkpoint.serde.Serde} SPI (dump, load),
 * {@link dev.trellis.checkpoint.serde.JacksonSerde} (JSON with type tags, so records, lists and maps
 * come back as they went in) and {@link dev.trellis.checkpoint.serde.EncryptedSerde} (AES-GCM around
 * another serde). Failures are {@link dev.trellis.checkpoint.serde.SerdeException}s.
 *
 * <p>Exported: savers take a serde, and applications choose or wrap one (encryption).
 */
package dev.trellis.checkpoint.serde;
