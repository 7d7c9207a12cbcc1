/**
 * Long-term memory shared across threads: the {@link dev.trellis.checkpoint.store.Store} SPI (one
 * {@code batch} of {@link dev.trellis.checkpoint.store.Op}s, with get, put, search and delete as
 * defaults), {@link dev.trellis.checkpoint.store.InMemoryStore}, and search over stored items by
 * embeddings ({@link dev.trellis.checkpoint.store.IndexConfig}), keywords (BM25) or both fused by
 * reciprocal rank. Every store passes the testkit's {@code StoreContract}.
 *
 * <p>Exported: nodes read and write the store, and savers' modules implement it.
 */
package dev.trellis.checkpoint.store;
