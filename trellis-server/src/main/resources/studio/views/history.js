// Time travel: the thread's checkpoints as a timeline (step, source, writes, branch), the diff of
// state between any two, and from a chosen checkpoint: fork (edit its state as a node, then run)
// or replay (run again from it).
import { api, enc } from "../api.js";
import { h, mount, short, when } from "../dom.js";
import { guard } from "../errors.js";
import { lanes } from "../branches.js";
import { diff } from "../json-diff.js";
import { jsonTree } from "../json-tree.js";
import { liveRun } from "../live-run.js";
import { assistantOf, refreshStatus, threadHeader } from "../thread-tabs.js";

export async function render(root, { thread: id, signal }) {
  const thread = await api("GET", `/threads/${enc(id)}`);
  const assistant = assistantOf(thread);
  const graph = assistant ? await api("GET", `/assistants/${enc(assistant)}/graph`).catch(() => null) : null;
  const nodes = (graph?.nodes ?? []).map((n) => n.id).filter((n) => n !== "__start__" && n !== "__end__");
  const timeline = h("ol.timeline", { "aria-label": "Checkpoints, newest first" });
  const diffBox = h("section.diff", { "aria-label": "Diff" });
  const detail = h("section.detail", { "aria-label": "Checkpoint" });
  const live = liveRun({ onEnd: () => Promise.all([load(), refreshStatus(root, id)]) });
  let history = [];
  let selected = null;
  let pair = [null, null];

  const load = () => guard(async () => {
    const [h1, head] = await Promise.all([
      api("POST", `/threads/${enc(id)}/history`, { limit: 200 }),
      api("GET", `/threads/${enc(id)}/state`),
    ]);
    history = h1;
    const lane = lanes(history, head.checkpoint?.checkpoint_id);
    const ids = history.map((s) => s.checkpoint.checkpoint_id);
    if (!ids.includes(pair[0]) || !ids.includes(pair[1])) pair = [ids[1] ?? ids[0] ?? null, ids[0] ?? null];
    if (!ids.includes(selected)) selected = ids[0] ?? null;
    mount(timeline, history.map((s, i) => row(s, lane.get(s.checkpoint.checkpoint_id) ?? 0, history[i + 1])));
    showDiff();
    showDetail();
  });

  // What produced a checkpoint: the writes older metadata recorded, else the tasks its parent had next (metadata has no writes since LangGraph 1.0).
  const producers = (s, older) => s.metadata?.writes ? Object.keys(s.metadata.writes)
    : older && older.checkpoint.checkpoint_id === s.parent_checkpoint?.checkpoint_id && s.metadata?.source === "loop" ? older.next ?? [] : null;
  const row = (s, n, older) => {
    const cid = s.checkpoint.checkpoint_id;
    const pick = (i) => h("label.pick", { title: `Diff: use as ${"AB"[i]}` }, h("input", { type: "radio", name: `diff-${i}`, "aria-label": `Compare as ${"AB"[i]}`, checked: pair[i] === cid, "data-diff": "AB"[i], onchange: () => { pair[i] = cid; showDiff(); } }), "AB"[i]);
    const wrote = producers(s, older);
    return h("li", {
      "data-item": true, "data-checkpoint": cid, "data-step": s.metadata?.step, "data-lane": n, tabindex: 0, class: `${n ? "other" : "main"}${cid === selected ? " selected" : ""}`,
      onclick: (e) => { if (!e.target.closest("input")) { selected = cid; showDetail(); } },
      onkeydown: (e) => { if (e.key === "Enter") { selected = cid; showDetail(); } },
    },
    h("span", h("strong", `step ${s.metadata?.step ?? "?"}`), h("br"), h("span.muted", s.metadata?.source ?? "")),
    h("span.lane", { title: n ? `branch ${n} (not the thread's current line)` : "current line", style: `padding-left:${n * 6}px` }, n ? `◆${n}` : "●"),
    h("span", wrote ? h("code", wrote.join(", ") || "—") : h("span.muted", "no writes"),
      s.next?.length ? h("span.muted", ` → next ${s.next.join(", ")}`) : null,
      h("br"), h("span.muted.mono", `${short(cid.slice(-8))} · ${when(s.created_at)}`)),
    h("span.row", pick(0), pick(1)));
  };

  const showDiff = () => {
    const [a, b] = pair.map((cid) => history.find((s) => s.checkpoint.checkpoint_id === cid));
    if (!a || !b) return mount(diffBox, h("h2", "Diff"), h("p.muted", "Pick checkpoints A and B in the timeline."));
    const changes = diff(a.values, b.values);
    const fmt = (v) => JSON.stringify(v);
    mount(diffBox, h("h2", "Diff ", h("span.muted", `A step ${a.metadata?.step} → B step ${b.metadata?.step}`)),
      changes.length ? h("ul.changes", changes.map((c) => h("li", { class: c.op === "add" ? "add" : c.op === "remove" ? "del" : "chg", "data-op": c.op },
        c.op === "add" ? `+ ${c.path}: ${fmt(c.to)}` : c.op === "remove" ? `− ${c.path}: ${fmt(c.from)}` : `~ ${c.path}: ${fmt(c.from)} → ${fmt(c.to)}`)))
        : h("p.muted.no-changes", "No differences in values."));
  };

  const showDetail = () => {
    for (const li of timeline.children) li.classList.toggle("selected", li.dataset.checkpoint === selected);
    const s = history.find((x) => x.checkpoint.checkpoint_id === selected);
    if (!s) return mount(detail);
    mount(detail, h("h2", `Checkpoint at step ${s.metadata?.step}`, " ", h("span.muted", s.metadata?.source ?? "")),
      h("dl.kv", h("dt", "id"), h("dd", h("code", s.checkpoint.checkpoint_id)), h("dt", "parent"), h("dd", h("code", s.parent_checkpoint?.checkpoint_id ?? "—")),
        h("dt", "next"), h("dd", s.next?.join(", ") || "—")),
      h("details", h("summary", "Values"), jsonTree(s.values, 1)),
      h("details", h("summary", "Metadata"), jsonTree(s.metadata, 2)),
      assistant ? forkForm(s) : h("p.muted", "No assistant recorded on this thread: fork and replay need one."));
  };

  const forkForm = (s) => {
    const values = h("textarea", { id: "fork-values", rows: 4, "aria-label": "State update (JSON)" }, "{}");
    const asNode = h("select", { id: "fork-as-node", "aria-label": "As node" }, h("option", { value: "" }, "(as the last writer)"), nodes.map((n) => h("option", n)));
    const cid = s.checkpoint.checkpoint_id;
    const fork = (e) => {
      e.preventDefault();
      guard(async () => {
        let update;
        try {
          update = JSON.parse(values.value || "{}");
        } catch (err) {
          throw new Error(`the state update is not JSON: ${err.message}`);
        }
        const made = await api("POST", `/threads/${enc(id)}/state`, { values: update, checkpoint_id: cid, ...(asNode.value ? { as_node: asNode.value } : {}) });
        await load();
        await live.run(id, { assistant_id: assistant, input: null, checkpoint_id: made.checkpoint.checkpoint_id, stream_mode: ["values", "updates", "tasks"] }, signal);
      });
    };
    const replay = () => guard(() => live.run(id, { assistant_id: assistant, input: null, checkpoint_id: cid, stream_mode: ["values", "updates", "tasks"] }, signal));
    return h("form.stack.fork", { onsubmit: fork },
      h("h3", "Fork or replay from here"),
      h("label", { for: "fork-values" }, "Update the state at this checkpoint with"), values,
      h("div.row", h("label", "as node ", asNode)),
      h("div.row", h("button.primary", { type: "submit", id: "fork" }, "Fork and run"), h("button", { type: "button", id: "replay", onclick: replay }, "Replay from here")));
  };

  root.append(...threadHeader(thread, "History"),
    h("div.grid2",
      h("section", { "aria-label": "Timeline" }, h("h2", "Timeline ", h("span.muted", "newest first · ● current line · ◆ other branches")), timeline),
      h("div", live.head, detail, diffBox, live.log)));
  await load();
}
