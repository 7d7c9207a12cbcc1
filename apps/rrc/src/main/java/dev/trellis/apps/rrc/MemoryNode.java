package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code memory_node}: reads the conversation's working memory and the top three past
 * execution summaries nearest in meaning to the latest user message, injects them as the
 * {@code === Memory Context ===} system message right after the base prompt (replacing the
 * previous turn's), and hydrates {@code pending_mutation} — from state on a warm resume, from
 * the memory store on a cold one — so resume_guard sees the same either way.
 */
final class MemoryNode {
  static final int EPISODES = 3;
  private final RrcDeps deps;

  MemoryNode(RrcDeps deps) {
    this.deps = deps;
  }

  Update apply(State s, Runtime rt) {
    Memory memory = new Memory(rt.store());
    String conv = Turn.thread(s, rt);
    List<Message> messages = new ArrayList<>(Turn.messages(s));
    Map<String, Object> working = memory.working(conv);
    List<Map<String, Object>> episodic = new ArrayList<>();
    for (Item i : memory.searchEpisodes(Turn.tenant(s), Turn.lastUserMessage(messages), EPISODES)) {
      Map<String, Object> ep = new LinkedHashMap<>();
      ep.put("similarity", i.score() == null ? 0.0 : Math.round(i.score() * 100) / 100.0);
      ep.put("summary", i.value().get("summary"));
      ep.put("conversation_id", i.value().get("conversation_id"));
      episodic.add(ep);
    }
    messages.removeIf(m -> Msgs.system(m, "=== Memory Context ==="));
    messages.add(Math.min(1, messages.size()), Message.system(Memory.format(working, episodic)));
    Map<String, Object> pending = s.get(GraphState.PENDING_MUTATION);
    if (pending == null) {
      pending = memory.pendingMutation(conv);
    }
    Map<String, Object> context = new LinkedHashMap<>();
    context.put("working", working);
    context.put("episodic", episodic);
    return Update.of(GraphState.MESSAGES, Msgs.replace(messages))
        .and(GraphState.MEMORY_CONTEXT, context)
        .and(GraphState.PENDING_MUTATION, pending)
        .and(GraphState.CURRENT_NODE, Routing.MEMORY_NODE);
  }
}
