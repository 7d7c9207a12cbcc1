package dev.trellis.checkpoint.store;

import java.util.List;

/**
 * Turns texts into vectors for semantic search; one vector per text, all of one length.
 * Any model fits behind it (a local ONNX model, an embeddings API); {@link HashingEmbeddings}
 * is a dependency-free default.
 */
@FunctionalInterface
public interface Embeddings {
  List<float[]> embed(List<String> texts);

  /** Adapts an asynchronous embedding function (e.g. an HTTP client's future) by waiting for it. */
  static Embeddings async(java.util.function.Function<List<String>, java.util.concurrent.CompletableFuture<List<float[]>>> f) {
    return texts -> f.apply(texts).join();
  }
}
