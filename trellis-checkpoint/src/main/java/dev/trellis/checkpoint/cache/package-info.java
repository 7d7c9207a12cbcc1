/**
 * The node-result cache SPI ({@link dev.trellis.checkpoint.cache.Cache}): values under a namespace
 * and key with an optional time to live, read by the engine before a cached node runs; with an
 * in-memory implementation on an injected clock.
 *
 * <p>Exported: applications and the server give graphs a cache, and savers' modules implement it.
 */
package dev.trellis.checkpoint.cache;
