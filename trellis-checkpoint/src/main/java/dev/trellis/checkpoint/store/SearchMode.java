package dev.trellis.checkpoint.store;

/**
 * How a {@link Op.Search} with a query ranks items: by embedding similarity, by keyword
 * relevance (full-text: BM25 in memory and in SQLite FTS5, {@code ts_rank} in PostgreSQL), or
 * by both fused with reciprocal-rank fusion ({@link Rrf}).
 */
public enum SearchMode {
  SEMANTIC, KEYWORD, HYBRID
}
