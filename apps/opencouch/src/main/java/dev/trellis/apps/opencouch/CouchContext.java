package dev.trellis.apps.opencouch;

import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.observe.Observed;
import dev.trellis.apps.opencouch.memory.MemoryStore;
import dev.trellis.apps.opencouch.safety.CrisisLog;
import dev.trellis.checkpoint.store.Embeddings;
import dev.trellis.langchain4j.LangChain4jChatModel;
import dev.trellis.runtime.Runtime;
import java.util.Map;
import java.util.Objects;

/**
 * The dependencies of one run, passed as the run context ({@code RunConfig.withContext}) and
 * never checkpointed: the chat model ({@code null}: every LLM step takes its deterministic
 * offline path), the memory store, the crisis log, the memory mode and the embeddings used
 * for retrieval.
 */
public record CouchContext(ChatModel llmClient, MemoryStore memoryStore, CrisisLog crisisLogBackend,
                           MemoryMode memoryMode, Embeddings embeddingProvider) {
  public CouchContext {
    llmClient = llmClient == null ? null : Observed.model(llmClient); // each call a GenAI span when trellis-otel is present
    Objects.requireNonNull(memoryStore, "memoryStore");
    Objects.requireNonNull(crisisLogBackend, "crisisLogBackend");
    Objects.requireNonNull(memoryMode, "memoryMode");
    Objects.requireNonNull(embeddingProvider, "embeddingProvider");
  }

  public CouchContext withLlmClient(ChatModel m) {
    return new CouchContext(m, memoryStore, crisisLogBackend, memoryMode, embeddingProvider);
  }

  public CouchContext withMemoryMode(MemoryMode m) {
    return new CouchContext(llmClient, memoryStore, crisisLogBackend, m, embeddingProvider);
  }

  public CouchContext withCrisisLog(CrisisLog log) {
    return new CouchContext(llmClient, memoryStore, log, memoryMode, embeddingProvider);
  }

  /** The model of {@code TRELLIS_MODEL_BASE_URL}/{@code TRELLIS_MODEL_NAME}/{@code TRELLIS_MODEL_API_KEY}, or null when unset. */
  public static ChatModel modelFromEnv() {
    return System.getenv("TRELLIS_MODEL_BASE_URL") != null && System.getenv("TRELLIS_MODEL_NAME") != null
        ? LangChain4jChatModel.openAiFromEnv() : null;
  }

  /**
   * The context a node runs with: the run's own {@link CouchContext}; else {@code defaults},
   * with {@code memory_mode} taken from a JSON context map (runs started over HTTP send
   * {@code "context": {"memory_mode": "off"}}).
   */
  public static CouchContext of(Runtime rt, CouchContext defaults) {
    Object given = rt.context(Object.class);
    if (given instanceof CouchContext c) {
      return c;
    }
    if (given instanceof Map<?, ?> m && m.get("memory_mode") != null) {
      return defaults.withMemoryMode(MemoryMode.parse(String.valueOf(m.get("memory_mode"))));
    }
    return defaults;
  }
}
