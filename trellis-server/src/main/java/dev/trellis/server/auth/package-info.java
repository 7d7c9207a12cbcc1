/**
 * Who sends a request: the {@link dev.trellis.server.auth.Authenticator} SPI (from headers; API keys
 * built in) and the {@link dev.trellis.server.auth.Identity} that owns what the caller creates.
 *
 * <p>Exported because it is an SPI: a deployment plugs in its own {@code Authenticator}.
 */
package dev.trellis.server.auth;
