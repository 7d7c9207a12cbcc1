package dev.trellis.apps.opencouch.safety;

import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.Response;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.Map;

/**
 * {@code crisis_log}: appends the turn's {@link CrisisRecord} to the crisis log, whatever the
 * memory mode and whatever became of the response (its status is recorded). The record id is
 * {@code thread:turn}, so a re-run after a crash writes nothing twice. A failing log fails
 * the run: the audit record is never silently skipped.
 */
public final class CrisisLogNode implements Node {
  private final CouchContext defaults;

  public CrisisLogNode(CouchContext defaults) {
    this.defaults = defaults;
  }

  @Override
  public NodeResult apply(State s, Runtime rt) {
    CouchContext ctx = CouchContext.of(rt, defaults);
    Assessment crisis = CouchState.crisis(s);
    Response response = CouchState.response(s);
    int turn = s.getOrDefault(CouchState.TURN, 0);
    String thread = rt.threadId() != null ? rt.threadId() : "session:" + s.get(CouchState.SESSION_ID);
    boolean fresh = ctx.crisisLogBackend().append(new CrisisRecord(thread + ":" + turn, thread, s.get(CouchState.USER_ID),
        s.get(CouchState.SESSION_ID), turn, crisis.severity(), crisis.category(),
        crisis.layer(), crisis.matched(), s.get(CouchState.MESSAGE),
        response.status() == null ? "missing" : response.status(), ctx.memoryMode().wireName(), System.currentTimeMillis()));
    rt.write(Map.of("stage", "crisis_log", "written", fresh));
    Map<String, Object> diag = Map.of("crisis_logged", true, "turn_total_ms", totalMillis(s));
    return Update.of(CouchState.DIAGNOSTICS, diag).and(CouchState.TRACE, CouchState.trace(s, "crisis_log"));
  }

  static long totalMillis(State s) {
    Object started = s.getOrDefault(CouchState.DIAGNOSTICS, Map.of()).get("turn_started_at_ms");
    return started instanceof Number n ? Math.max(0, System.currentTimeMillis() - n.longValue()) : 0;
  }
}
