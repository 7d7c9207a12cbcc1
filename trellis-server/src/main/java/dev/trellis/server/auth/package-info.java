/**
 * Who sends a request: the {@link dev.trellis.server.auth.Authenticator} SPI (from headers; API keys
 * built in) and the {@link dev.trellis.server.auth.Identity} that owns what the caller creates.
 */
package dev.trellis.server.auth;
