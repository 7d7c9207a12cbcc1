package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.MemoryMode;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code load_memory}: the turn's working memory — the most relevant semantic, episodic and
 * procedural memories by hybrid retrieval ({@link MemoryStore#retrieve}; the latest session
 * summary and the user's name always, relevant or not), kept ones in
 * persistent mode plus this session's own, none when memory is off. Procedural rules are few
 * and always apply, so all of them are loaded. Memories are screened again as they are read
 * ({@link WritePolicy#safeToKeep}): one written before the policy held (a quoted crisis
 * statement, an internal label) is never shown ({@code memory_screened} counts them). Retrieval failures leave memory empty and are
 * recorded ({@code load_memory_error}); the turn goes on.
 */
public final class LoadMemoryNode implements Node {
  static final int PER_KIND = 3;
  private final CouchContext defaults;

  public LoadMemoryNode(CouchContext defaults) {
    this.defaults = defaults;
  }

  /** {@code relevant} plus the most recent of {@code all} when it is not among them: the last session always counts. */
  static List<Item> withLatest(List<Item> relevant, List<Item> all) {
    Item latest = null;
    for (Item i : all) {
      if (latest == null || (i.updatedAt() != null && latest.updatedAt() != null && i.updatedAt().isAfter(latest.updatedAt()))) {
        latest = i;
      }
    }
    if (latest == null) {
      return relevant;
    }
    String key = latest.key();
    if (relevant.stream().anyMatch(i -> i.key().equals(key))) {
      return relevant;
    }
    List<Item> out = new ArrayList<>(relevant);
    out.add(latest);
    return out;
  }

  /**
   * {@code relevant} plus the user's name when it is not among them: "wie hieß ich nochmal?" shares no word with "The
   * user's name is Lena.", and the name is asked for in any language.
   */
  static List<Item> withName(List<Item> relevant, List<Item> all) {
    List<Item> out = new ArrayList<>(relevant);
    for (Item i : all) {
      if ("name".equals(i.value().get("category")) && out.stream().noneMatch(r -> r.key().equals(i.key()))) {
        out.add(i);
      }
    }
    return out;
  }

  @Override
  public NodeResult apply(State s, Runtime rt) {
    long start = System.nanoTime();
    CouchContext ctx = CouchContext.of(rt, defaults);
    String user = s.get(CouchState.USER_ID);
    String session = s.get(CouchState.SESSION_ID);
    String message = s.get(CouchState.MESSAGE);
    List<MemoryEntry> entries = new ArrayList<>();
    String error = null;
    int screened = 0;
    if (ctx.memoryMode() != MemoryMode.OFF) {
      try {
        for (String kind : MemoryStore.KINDS) {
          List<List<String>> spaces = new ArrayList<>();
          if (ctx.memoryMode() == MemoryMode.PERSISTENT) {
            spaces.add(MemoryStore.kept(user, kind));
          }
          spaces.add(MemoryStore.sessionOnly(user, session, kind));
          for (List<String> ns : spaces) {
            // "what do you remember about me?" shares no word with what we know: every kept fact is loaded for it
            boolean everything = kind.equals("semantic") && RecallQuestion.is(message);
            List<Item> items = kind.equals("procedural") ? ctx.memoryStore().all(ns)
                : everything ? ctx.memoryStore().all(ns) : ctx.memoryStore().retrieve(ns, message, PER_KIND);
            if (kind.equals("episodic")) {
              items = withLatest(items, ctx.memoryStore().all(ns));
            } else if (kind.equals("semantic")) {
              items = withName(items, ctx.memoryStore().all(ns));
            }
            for (Item i : items) {
              if (WritePolicy.safeToKeep(String.valueOf(i.value().get("text")))) {
                entries.add(MemoryEntry.of(kind, i));
              } else {
                screened++;
              }
            }
          }
        }
      } catch (RuntimeException e) {
        error = e.toString();
        entries.clear();
      }
    }
    rt.write(Map.of("stage", "load_memory", "entries", entries.size()));
    Map<String, Object> diag = new java.util.LinkedHashMap<>();
    diag.put("load_memory_ms", CouchState.millisSince(start));
    diag.put("memory_entries", entries.size());
    if (screened > 0) {
      diag.put("memory_screened", screened);
    }
    if (error != null) {
      diag.put("load_memory_error", error);
    }
    return Update.of(CouchState.WORKING_MEMORY, entries).and(CouchState.DIAGNOSTICS, diag)
        .and(CouchState.TRACE, CouchState.trace(s, "load_memory"));
  }
}
