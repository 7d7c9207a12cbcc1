package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.KeywordIndex;
import java.util.List;
import java.util.stream.Collectors;

/** Keyword search in SQLite: an FTS5 table (porter stemming, unicode tokens) ranked by {@code bm25}. */
final class Fts5KeywordIndex implements KeywordIndex {

  @Override
  public String insert() {
    return "INSERT INTO store_fts (namespace, item_key, content) VALUES (?, ?, ?)";
  }

  @Override
  public String match() {
    return "SELECT namespace, item_key, -bm25(store_fts) FROM store_fts WHERE store_fts MATCH ?";
  }

  @Override
  public String query(List<String> terms) {
    return terms.stream().map(t -> "\"" + t + "\"").collect(Collectors.joining(" OR "));
  }
}
