// One run streaming on a thread (POST /threads/{id}/runs/stream): its events, its status, the
// node running on the graph, and, when it stops at an interrupt, the form that resumes it.
import { api, enc } from "./api.js";
import { badge, h, mount, short } from "./dom.js";
import { guard } from "./errors.js";
import { eventLog } from "./event-log.js";
import { interruptForm } from "./interrupt-form.js";
import { stream } from "./sse.js";

/**
 * graph: a graph view (graph-view.js) to mark, or null; shown: the stream modes to list in the log;
 * listeners: {onEvent(e), onEnd(state)}.
 */
export function liveRun({ graph = null, shown = () => null, onEvent = () => {}, onEnd = () => {} } = {}) {
  const status = h("div.row.run-status", { "aria-live": "polite" });
  const log = eventLog();
  const pending = h("div.pending");

  const mark = (e) => {
    if (!graph) return;
    const [mode, ns] = e.event.split("|");
    if (ns) return; // subgraph events name inner nodes
    const payload = mode === "debug" && (e.data?.type === "task" || e.data?.type === "task_result") ? e.data.payload : mode === "tasks" ? e.data : null;
    if (payload?.name) graph.mark(payload.name, "input" in payload ? "running" : "done");
    else if (mode === "updates" && e.data && typeof e.data === "object") for (const n of Object.keys(e.data)) graph.mark(n, "done");
  };

  log.element.hidden = true; // shown once a run starts
  async function run(threadId, body, signal) {
    log.element.hidden = false;
    log.clear();
    pending.replaceChildren();
    graph?.clear();
    const modes = shown();
    const state = { runId: null, error: null };
    const cancel = h("button.danger", { type: "button", onclick: () => state.runId && guard(() => api("POST", `/threads/${enc(threadId)}/runs/${enc(state.runId)}/cancel`)) }, "Cancel");
    mount(status, badge("running"), h("span.muted", "starting…"), cancel);
    try {
      for await (const e of stream(`/threads/${enc(threadId)}/runs/stream`, body, signal)) {
        if (e.event === "metadata") {
          state.runId = e.data?.run_id;
          mount(status, badge("running"), h("span", "run ", h("code", short(state.runId)), " on thread ", h("a", { href: `#/threads/${enc(threadId)}` }, short(threadId))), cancel);
        }
        if (e.event === "error") state.error = e.data;
        mark(e);
        onEvent(e);
        const mode = e.event.split("|")[0].split("/")[0];
        if (!modes || modes.includes(mode) || e.event === "error" || e.event === "metadata" || (mode === "messages" && modes.includes("messages-tuple"))) log.add(e);
      }
    } finally {
      cancel.remove();
    }
    const thread = await api("GET", `/threads/${enc(threadId)}/state`);
    graph?.settle();
    for (const n of thread.next ?? []) graph?.mark(n, "next");
    const interrupts = thread.interrupts?.length ? thread.interrupts : (thread.tasks ?? []).flatMap((t) => t.interrupts ?? []);
    // A run that pauses at an interrupt ends `success` with its thread interrupted; a cancelled one ends `interrupted`.
    const ended = state.runId ? (await api("GET", `/threads/${enc(threadId)}/runs/${enc(state.runId)}`)).status : null;
    const outcome = state.error ? "error" : ["error", "timeout", "interrupted"].includes(ended) ? (ended === "interrupted" ? "cancelled" : ended) : interrupts.length ? "interrupted" : "success";
    mount(status, badge(outcome), h("span", "run ", h("code", short(state.runId)), " on thread ", h("a", { href: `#/threads/${enc(threadId)}` }, short(threadId))),
      state.error ? h("span.error-text", `${state.error.error ?? "error"}: ${state.error.message ?? JSON.stringify(state.error)}`) : null,
      thread.next?.length ? h("span.muted", `next: ${thread.next.join(", ")}`) : null);
    if (interrupts.length) {
      pending.replaceChildren(interruptForm(interrupts, (resume) => guard(() => run(threadId, { ...body, input: undefined, command: { resume } }, signal))));
    }
    onEnd(thread);
    return thread;
  }

  return {
    /** The status line and pending interrupts; the event log. Views place them. */
    head: h("div.live-head", status, pending),
    log: log.element,
    run,
  };
}
