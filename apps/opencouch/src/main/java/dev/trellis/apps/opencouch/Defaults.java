package dev.trellis.apps.opencouch;

import dev.trellis.apps.opencouch.memory.MemoryStore;
import dev.trellis.apps.opencouch.safety.CrisisLog;
import dev.trellis.apps.opencouch.safety.JdbcCrisisLog;
import dev.trellis.checkpoint.jdbc.JdbcStore;
import dev.trellis.checkpoint.store.Embeddings;
import dev.trellis.checkpoint.store.HashingEmbeddings;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.langchain4j.LangChain4jEmbeddings;

/**
 * The default run context of a served graph: memory in the server's store, the crisis log in
 * its own table of the server's database (SQLite or PostgreSQL), persistent memory, MiniLM
 * embeddings (a hashing embedder if the model cannot load), and the model of
 * {@code TRELLIS_MODEL_*} when set.
 */
public final class Defaults {
  private static volatile Embeddings embeddings;

  private Defaults() {
  }

  /** The context over {@code store}, which must be a JDBC store (it holds the crisis log table). */
  public static CouchContext over(Store store) {
    if (!(store instanceof JdbcStore jdbc)) {
      throw new IllegalArgumentException("OpenCouch keeps its crisis log beside the store: give it a SQLite or PostgreSQL "
          + "store, not " + (store == null ? "none" : store.getClass().getSimpleName()));
    }
    return over(store, new JdbcCrisisLog(jdbc.database()));
  }

  public static CouchContext over(Store store, CrisisLog log) {
    Embeddings e = embeddings();
    return new CouchContext(CouchContext.modelFromEnv(), new MemoryStore(store, e), log, MemoryMode.PERSISTENT, e);
  }

  /** The in-process all-MiniLM-L6-v2 model, loaded once; a hashing embedder when it cannot load. */
  public static Embeddings embeddings() {
    if (embeddings == null) {
      synchronized (Defaults.class) {
        if (embeddings == null) {
          Embeddings e;
          try {
            e = LangChain4jEmbeddings.miniLm();
            e.embed(java.util.List.of("warm up"));
          } catch (RuntimeException | LinkageError err) {
            System.err.println("opencouch: MiniLM unavailable (" + err + "); using hashing embeddings");
            e = new HashingEmbeddings(256);
          }
          embeddings = e;
        }
      }
    }
    return embeddings;
  }
}
