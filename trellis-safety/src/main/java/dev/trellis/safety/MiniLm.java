package dev.trellis.safety;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.trellis.checkpoint.store.Embeddings;
import java.util.List;

/**
 * The in-process all-MiniLM-L6-v2 encoder (int8 ONNX, 384 dimensions, offline), loaded once
 * per JVM on first use. Thread-safe.
 */
public final class MiniLm {
  private MiniLm() {
  }

  private static final class Holder {
    static final AllMiniLmL6V2QuantizedEmbeddingModel MODEL = new AllMiniLmL6V2QuantizedEmbeddingModel();
  }

  /** The shared encoder as {@link Embeddings}. */
  public static Embeddings embeddings() {
    return texts -> {
      List<TextSegment> segments = texts.stream().map(TextSegment::from).toList();
      return Holder.MODEL.embedAll(segments).content().stream().map(Embedding::vector).toList();
    };
  }
}
