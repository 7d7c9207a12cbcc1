package dev.trellis.apps.rrc;

import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The memory service over the graph's long-term {@link Store} (durable in the server's database):
 * working memory per conversation (scratchpad, extracted entities), the gated
 * {@code pending_mutation} (7-day TTL), and episodic memory (summaries of finished executions,
 * searched by meaning).
 */
final class Memory {
  static final Duration PENDING_MUTATION_TTL = Duration.ofDays(7);
  private static final List<String> WORKING = List.of("rrc", "working_memory");
  private static final List<String> PENDING = List.of("rrc", "pending_mutation");
  private final Store store;

  Memory(Store store) {
    this.store = store;
  }

  static List<String> episodes(String tenant) {
    return List.of("rrc", "episodes", tenant == null ? "default" : tenant);
  }

  Map<String, Object> working(String conversationId) {
    Item i = store.get(WORKING, conversationId);
    return i == null ? Map.of() : i.value();
  }

  /** Adds an extracted entity (by id, latest wins) to the conversation's working memory. */
  @SuppressWarnings("unchecked")
  void addEntity(String conversationId, Map<String, Object> entity) {
    Map<String, Object> wm = new LinkedHashMap<>(working(conversationId));
    List<Map<String, Object>> entities = new ArrayList<>((List<Map<String, Object>>) wm.getOrDefault("entities", List.of()));
    entities.removeIf(e -> e.get("id").equals(entity.get("id")));
    entities.add(entity);
    wm.put("entities", entities);
    wm.putIfAbsent("scratchpad", "");
    store.put(WORKING, conversationId, wm, List.of(), null);
  }

  void setScratchpad(String conversationId, String text) {
    Map<String, Object> wm = new LinkedHashMap<>(working(conversationId));
    wm.put("scratchpad", text);
    wm.putIfAbsent("entities", List.of());
    store.put(WORKING, conversationId, wm, List.of(), null);
  }

  Map<String, Object> pendingMutation(String conversationId) {
    Item i = store.get(PENDING, conversationId);
    return i == null ? null : i.value();
  }

  void savePendingMutation(String conversationId, Map<String, Object> mutation) {
    store.put(PENDING, conversationId, mutation, List.of(), PENDING_MUTATION_TTL);
  }

  void clearPendingMutation(String conversationId) {
    store.delete(PENDING, conversationId);
  }

  /** The {@code limit} past execution summaries of the tenant nearest in meaning to {@code query}. */
  List<Item> searchEpisodes(String tenant, String query, int limit) {
    return query == null || query.isBlank() ? List.of() : store.search(episodes(tenant), query, null, limit, 0);
  }

  void saveEpisode(String tenant, String executionId, Map<String, Object> episode) {
    store.put(episodes(tenant), executionId, episode, List.of("summary"), null);
  }

  /** The memory system message, in the seed's format. */
  @SuppressWarnings("unchecked")
  static String format(Map<String, Object> working, List<Map<String, Object>> episodic) {
    StringBuilder b = new StringBuilder("=== Memory Context ===\n");
    String scratch = String.valueOf(working.getOrDefault("scratchpad", ""));
    b.append("[Working Memory -- Scratchpad]\n").append(scratch.isBlank() ? "(empty)" : scratch).append('\n');
    b.append("[Working Memory -- Extracted Entities]\n");
    List<Map<String, Object>> entities = (List<Map<String, Object>>) working.getOrDefault("entities", List.of());
    if (entities.isEmpty()) {
      b.append("(none)\n");
    }
    for (Map<String, Object> e : entities) {
      String type = String.valueOf(e.get("type"));
      b.append("- ").append(Character.toUpperCase(type.charAt(0))).append(type.substring(1)).append(": ")
          .append(e.get("ref")).append(" (").append(e.get("name")).append(")\n");
    }
    b.append("[Episodic Memory -- Relevant Past Conversations]\n");
    if (episodic.isEmpty()) {
      b.append("(none)\n");
    }
    for (Map<String, Object> ep : episodic) {
      b.append(String.format(Locale.ROOT, "- (similarity: %.2f) %s%n", ((Number) ep.get("similarity")).doubleValue(),
          ep.get("summary")));
    }
    return b.toString().stripTrailing();
  }
}
