/**
 * The wire form of state values ({@link dev.trellis.wire.WireCodec}): how a kind of value looks in
 * the HTTP API and streams when plain JSON of its fields is not what clients expect. Modules
 * provide codecs through {@link java.util.ServiceLoader}.
 *
 * <p>Exported: trellis-agent provides the messages codec and applications may provide their own; the server applies them.
 */
package dev.trellis.wire;
