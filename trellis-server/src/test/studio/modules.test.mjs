// The Studio's pure modules (no DOM), imported from the resources the server serves and checked
// with node's test runner: graph layout, state diff, checkpoint branches, SSE parsing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { layout } from "../../main/resources/studio/graph-layout.js";
import { diff } from "../../main/resources/studio/json-diff.js";
import { lanes } from "../../main/resources/studio/branches.js";
import { parse } from "../../main/resources/studio/sse.js";

const node = (id) => ({ id, type: id.startsWith("__") ? "schema" : "runnable", data: id.startsWith("__") ? id : { name: id } });
const graph = (ids, edges) => ({ nodes: ids.map(node), edges: edges.map(([source, target, conditional = false, data]) => ({ source, target, conditional, data })) });
const byId = (l) => new Map(l.nodes.map((n) => [n.id, n]));

test("layersFollowTheLongestPathAndEndComesLast", () => {
  const l = byId(layout(graph(["__start__", "a", "b", "c", "__end__"], [["__start__", "a"], ["a", "b"], ["b", "c"], ["a", "c"], ["a", "__end__", true]])));
  assert.deepEqual(["__start__", "a", "b", "c", "__end__"].map((id) => l.get(id).layer), [0, 1, 2, 3, 4]);
  assert.ok(l.get("a").y < l.get("b").y && l.get("b").y < l.get("c").y);
});

test("loopsAreBackEdgesAndDoNotPushNodesDown", () => {
  const l = layout(graph(["__start__", "model", "tools", "__end__"], [["__start__", "model"], ["model", "tools", true], ["tools", "model"], ["model", "__end__", true]]));
  const back = l.edges.filter((e) => e.back).map((e) => `${e.source}->${e.target}`);
  assert.deepEqual(back, ["tools->model"]);
  assert.equal(byId(l).get("tools").layer, 2);
});

test("longEdgesGetOneVirtualPointPerLayerCrossed", () => {
  const l = layout(graph(["__start__", "a", "b", "c", "__end__"], [["__start__", "a"], ["a", "b"], ["b", "c"], ["a", "c"], ["c", "__end__"]]));
  assert.equal(l.edges.find((e) => e.source === "a" && e.target === "c").points.length, 1);
  assert.equal(l.nodes.some((n) => n.virtual), false, "virtual points are not drawn as nodes");
});

test("plainEdgesFromSeveralNodesMarkAJoinButConditionalOnesDoNot", () => {
  const l = byId(layout(graph(["__start__", "gate", "x", "y", "merge", "route", "__end__"], [["__start__", "gate"], ["gate", "x"], ["gate", "y"],
    ["x", "merge"], ["y", "merge"], ["merge", "route", true], ["merge", "__end__", true], ["route", "__end__"]])));
  assert.equal(l.get("merge").join, true);
  assert.equal(l.get("__end__").join, false, "one plain edge and one conditional edge");
});

test("nodesOfALayerDoNotOverlap", () => {
  const l = layout(graph(["__start__", "a", "b", "c", "d", "__end__"], ["a", "b", "c", "d"].flatMap((n) => [["__start__", n], [n, "__end__"]])));
  const row = l.nodes.filter((n) => n.layer === 1).sort((p, q) => p.x - q.x);
  for (let i = 1; i < row.length; i++) assert.ok(row[i].x >= row[i - 1].x + row[i - 1].w, `${row[i - 1].id} overlaps ${row[i].id}`);
});

test("xrayNodesAreGroupedUnderTheirSubgraph", () => {
  const l = layout(graph(["__start__", "plan", "child", "child:inner", "__end__"], [["__start__", "plan"], ["plan", "child"], ["child", "child:inner"], ["child", "__end__"]]));
  assert.deepEqual(l.groups.map((g) => g.id), ["child"]);
  assert.equal(byId(l).get("child:inner").label, "inner");
});

test("everyNodeAndSubgraphBoxFitsTheDrawingsWidth", () => {
  // OpenCouch with xray: a wide subgraph whose nodes get pulled right of the widest layer
  const modes = ["supportive", "reflective", "clarifying", "psychoeducation", "guided_exercise", "closing"].map((m) => `therapeutic:${m}`);
  const l = layout(graph(["__start__", "crisis_gate", "crisis_response", "crisis_log", "load_memory", "therapeutic", "therapeutic:dispatcher", ...modes,
    "finalize_turn", "extract_semantic_facts", "extract_procedural_rules", "__end__"], [
    ["__start__", "crisis_gate"], ["crisis_gate", "crisis_response", true], ["crisis_gate", "load_memory", true], ["crisis_response", "crisis_log"],
    ["crisis_log", "__end__"], ["load_memory", "therapeutic"], ["therapeutic", "therapeutic:dispatcher"],
    ...modes.flatMap((m) => [["therapeutic:dispatcher", m, true], [m, "therapeutic"]]), ["therapeutic", "finalize_turn"],
    ["finalize_turn", "extract_semantic_facts"], ["finalize_turn", "extract_procedural_rules"], ["extract_semantic_facts", "__end__"],
    ["extract_procedural_rules", "__end__"]]));
  for (const n of l.nodes) assert.ok(n.x + n.w <= l.width, `${n.id} ends at ${n.x + n.w}, past the width ${l.width}`);
  for (const g of l.groups) assert.ok(g.x + g.w <= l.width, `subgraph ${g.id} ends at ${g.x + g.w}, past the width ${l.width}`);
});

test("diffListsAddedRemovedAndChangedPaths", () => {
  assert.deepEqual(diff({ a: 1, list: [1], nested: { x: "y" }, gone: true }, { a: 2, list: [1, 2], nested: { x: "y" }, new: null }), [
    { op: "change", path: "a", from: 1, to: 2 },
    { op: "add", path: "list[1]", to: 2 },
    { op: "remove", path: "gone", from: true },
    { op: "add", path: "new", to: null },
  ]);
  assert.deepEqual(diff({ same: [1, { k: 2 }] }, { same: [1, { k: 2 }] }), []);
});

test("theCurrentLineIsLaneZeroAndAForkedOffLineAnotherLane", () => {
  const cp = (id, parent) => ({ checkpoint: { checkpoint_id: id }, parent_checkpoint: parent ? { checkpoint_id: parent } : null });
  // c1 ← c2 ← c3 ← c4 (the first line), c2 ← f3 (a fork), newest first
  const history = [cp("f3", "c2"), cp("c4", "c3"), cp("c3", "c2"), cp("c2", "c1"), cp("c1", null)];
  const lane = lanes(history, "f3");
  assert.deepEqual(history.map((s) => lane.get(s.checkpoint.checkpoint_id)), [0, 1, 1, 0, 0]);
});

test("sseFramesSplitAcrossChunksAndLineEndingsParseIntoEvents", async () => {
  const chunks = ["event: metadata\r\ndata: {\"run_id\":", "\"r1\"}\r", "\nid: 1\r\n\r\n: heartbeat\n\n", "event: custom\ndata: plain text\n", "\nevent: values\ndata: {\"a\":1}\n\n"];
  const body = new ReadableStream({ start(c) { for (const t of chunks) c.enqueue(new TextEncoder().encode(t)); c.close(); } });
  const events = [];
  for await (const e of parse(body)) events.push(e);
  assert.deepEqual(events, [
    { event: "metadata", data: { run_id: "r1" }, id: "1" },
    { event: "custom", data: "plain text", id: null },
    { event: "values", data: { a: 1 }, id: null },
  ]);
});
