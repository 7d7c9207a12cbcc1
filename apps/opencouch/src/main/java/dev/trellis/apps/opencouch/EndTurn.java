package dev.trellis.apps.opencouch;

import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code end_turn}: the last node of a therapeutic turn, after both extractors. Records
 * {@code turn_total_ms} (gate to here, extractors included) and, when the turn was a
 * {@code closing} one, ends the session by itself ({@link SessionEnd#end}: held memories
 * promoted, the summary written) — a client never has to call {@code opencouch_session_end}.
 */
final class EndTurn implements Node {
  private final CouchContext defaults;

  EndTurn(CouchContext defaults) {
    this.defaults = defaults;
  }

  @Override
  public NodeResult apply(State s, Runtime rt) {
    CouchContext ctx = CouchContext.of(rt, defaults);
    Map<String, Object> diag = new LinkedHashMap<>();
    boolean closing = "closing".equals(CouchState.routing(s).mode());
    if (closing && ctx.memoryMode() != MemoryMode.OFF) {
      SessionEnd.Ended ended = SessionEnd.end(ctx, s.get(CouchState.USER_ID), s.get(CouchState.SESSION_ID), ctx.memoryMode());
      diag.put("session_ended", "closing");
      diag.put("committed_at_session_end", ended.committed().size());
      diag.put("summary_source", ended.summarySource());
    }
    Object started = s.getOrDefault(CouchState.DIAGNOSTICS, Map.of()).get(CouchState.TURN_STARTED);
    diag.put("turn_total_ms", started instanceof Number n ? Math.max(0, System.currentTimeMillis() - n.longValue()) : 0);
    return Update.of(CouchState.DIAGNOSTICS, diag).and(CouchState.TRACE, CouchState.trace(s, "end_turn"));
  }
}
