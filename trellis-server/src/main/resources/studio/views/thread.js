// One thread's state: values as a collapsible tree, next nodes on the graph, pending interrupts
// with the form that resumes them (human-in-the-loop reviews included), the conversation when the
// state has messages. A busy thread is followed live until its run ends.
import { api, enc } from "../api.js";
import { h, mount, short, when } from "../dom.js";
import { guard } from "../errors.js";
import { chatView } from "../chat.js";
import { drawGraph } from "../graph-view.js";
import { interruptForm } from "../interrupt-form.js";
import { jsonTree } from "../json-tree.js";
import { liveRun } from "../live-run.js";
import { stream } from "../sse.js";
import { assistantOf, refreshStatus, threadHeader } from "../thread-tabs.js";

export async function render(root, { thread: id, signal }) {
  const thread = await api("GET", `/threads/${enc(id)}`);
  const state = await api("GET", `/threads/${enc(id)}/state`);
  const assistant = assistantOf(thread);
  const graph = assistant ? await api("GET", `/assistants/${enc(assistant)}/graph`).catch(() => null) : null;
  const view = graph ? drawGraph(graph) : null;
  const body = h("div.state-body");
  const live = liveRun({ graph: view, onEnd: (s) => { show(s); refreshStatus(root, id); } });

  const show = (s) => {
    view?.clear();
    for (const n of s.next ?? []) view?.mark(n, "next");
    const interrupts = s.interrupts?.length ? s.interrupts : (s.tasks ?? []).flatMap((t) => t.interrupts ?? []);
    mount(body,
      h("dl.kv",
        h("dt", "next"), h("dd.next-nodes", s.next?.length ? s.next.join(", ") : "— (finished)"),
        h("dt", "checkpoint"), h("dd", h("code", s.checkpoint?.checkpoint_id ?? "")),
        h("dt", "step"), h("dd", String(s.metadata?.step ?? "")),
        h("dt", "created"), h("dd", when(s.created_at))),
      interrupts.length ? h("p.muted", `${interrupts.length} pending interrupt${interrupts.length > 1 ? "s" : ""}: answer below.`) : null,
      h("h2", "Values"), h("div.values", jsonTree(s.values, 1)),
      s.values?.messages ? conversation(s.values.messages) : null,
      h("h2", "Thread metadata"), jsonTree(thread.metadata, 1));
    if (interrupts.length && assistant) {
      resumeSlot.replaceChildren(resumeForm(interrupts));
    } else {
      resumeSlot.replaceChildren();
    }
  };
  const resumeSlot = h("div");
  const resumeForm = (interrupts) =>
    h("div", h("div.muted", "Resuming runs the thread's assistant with Command(resume=…)"),
      interruptForm(interrupts, (resume) => guard(async () => {
        resumeSlot.replaceChildren();
        await live.run(id, { assistant_id: assistant, command: { resume }, stream_mode: ["values", "updates", "tasks", "custom"] }, signal);
      })));

  root.append(...threadHeader(thread, "State"),
    h("div.grid2",
      h("section", { "aria-label": "State" }, resumeSlot, live.head, body),
      h("section", { "aria-label": "Graph" }, view ? h("div.graph-box", view.element) : h("p.muted", "No assistant recorded on this thread."), live.log)));
  show(state);
  if (thread.status === "busy") follow(id, signal, live, show).then(() => refreshStatus(root, id));
}

function conversation(messages) {
  const chat = chatView();
  chat.setMessages(messages);
  return h("div", h("h2", "Conversation"), chat.element);
}

/** Follows the thread's live runs, oldest first, each over its run stream, refreshing the state after each. */
async function follow(id, signal, live, show) {
  await guard(async () => {
    for (;;) {
      const runs = await api("GET", `/threads/${enc(id)}/runs?limit=100`);
      const active = runs.filter((r) => r.status === "running" || r.status === "pending").at(-1);
      if (!active || signal.aborted) return;
      const note = h("p.muted.following", { "aria-live": "polite" }, `following run ${short(active.run_id)} (${active.status})…`);
      live.head.prepend(note);
      try {
        for await (const e of stream(`/threads/${enc(id)}/runs/${enc(active.run_id)}/stream`, undefined, signal)) void e;
      } finally {
        note.remove();
      }
      show(await api("GET", `/threads/${enc(id)}/state`));
    }
  });
}
