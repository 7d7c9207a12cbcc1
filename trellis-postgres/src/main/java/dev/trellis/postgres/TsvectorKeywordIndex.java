package dev.trellis.postgres;

import dev.trellis.checkpoint.jdbc.KeywordIndex;
import java.util.List;

/** Keyword search in PostgreSQL: an English {@code tsvector} column with a GIN index, ranked by {@code ts_rank}. */
final class TsvectorKeywordIndex implements KeywordIndex {

  @Override
  public String insert() {
    return "INSERT INTO store_fts (namespace, item_key, content) VALUES (?, ?, to_tsvector('english', ?))";
  }

  @Override
  public String match() {
    return "SELECT f.namespace, f.item_key, ts_rank(f.content, q) FROM store_fts f, to_tsquery('english', ?) q "
        + "WHERE f.content @@ q";
  }

  @Override
  public String query(List<String> terms) {
    return String.join(" | ", terms);
  }
}
