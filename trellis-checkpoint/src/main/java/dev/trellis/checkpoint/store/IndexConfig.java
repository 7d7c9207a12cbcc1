package dev.trellis.checkpoint.store;

import java.util.List;
import java.util.Objects;

/**
 * Semantic indexing of a store: which value fields are embedded (paths like {@code text},
 * {@code a.b}, {@code items[*].text}, {@code items[0].text}, or {@code $} for the whole
 * value) and the embedding function. A put may override the fields per item.
 */
public record IndexConfig(Embeddings embeddings, List<String> fields) {
  public IndexConfig {
    Objects.requireNonNull(embeddings, "embeddings");
    fields = List.copyOf(fields == null || fields.isEmpty() ? List.of("$") : fields);
  }

  /** The vectors of a value's indexed texts: at {@code override} paths when given (empty: none), else at {@link #fields}. */
  public List<float[]> embed(java.util.Map<String, Object> value, List<String> override) {
    List<String> texts = new java.util.ArrayList<>();
    for (String path : override != null ? override : fields) {
      texts.addAll(FieldPaths.texts(value, path));
    }
    return texts.isEmpty() ? List.of() : embeddings.embed(texts);
  }
}
