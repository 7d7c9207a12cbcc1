// Drives a running Trellis server with LangGraph's official JS client (@langchain/langgraph-sdk,
// pinned in package.json). Every step asserts what a LangGraph server would answer; the script
// prints one "ok <step>" line per step and exits non-zero on the first failure.
import assert from "node:assert/strict";
import { Client } from "@langchain/langgraph-sdk";

const client = new Client({ apiUrl: process.env.TRELLIS_URL, defaultHeaders: {} });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ok = (step) => console.log(`ok ${step}`);

async function collect(stream) {
  const events = [];
  for await (const part of stream) events.push(part);
  return events;
}

async function until(what, fn, ms = 10000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// Assistants: system ones per graph, plus one of our own, versioned.
const system = await client.assistants.search({ limit: 100 });
assert.deepEqual(system.map((a) => a.graph_id).sort(), ["approval", "chain", "nested", "slow"]);
const mine = await client.assistants.create({ graphId: "nested", name: "mine", metadata: { team: "docs" } });
const patched = await client.assistants.update(mine.assistant_id, { metadata: { stage: "beta" } });
assert.equal(patched.version, 2);
assert.deepEqual(patched.metadata, { team: "docs", stage: "beta" });
const versions = await client.assistants.getVersions(mine.assistant_id);
assert.equal(versions.length, 2);
assert.equal((await client.assistants.search({ metadata: { team: "docs" } })).length, 1);
const drawing = await client.assistants.getGraph(mine.assistant_id, { xray: true });
assert.ok(drawing.nodes.some((n) => n.id === "child:inner"), JSON.stringify(drawing.nodes));
// as LangGraph: the subgraph node is replaced by its inner nodes, edges lead into and out of them
assert.ok(!drawing.nodes.some((n) => n.id === "child"), JSON.stringify(drawing.nodes));
assert.ok(drawing.edges.some((e) => e.source === "plan" && e.target === "child:inner"), JSON.stringify(drawing.edges));
assert.ok(drawing.edges.some((e) => e.source === "child:inner" && e.target === "summary"), JSON.stringify(drawing.edges));
const schemas = await client.assistants.getSchemas("approval");
assert.ok("notes" in schemas.state_schema.properties);
ok("assistants");

// Stream a run in several modes, subgraphs included.
const thread = await client.threads.create({ metadata: { purpose: "sdk" } });
const events = await collect(client.runs.stream(thread.thread_id, mine.assistant_id, {
  input: { topic: "cats" }, streamMode: ["values", "updates", "custom", "tasks"], streamSubgraphs: true,
}));
const names = events.map((e) => e.event);
assert.equal(names[0], "metadata");
assert.ok(events[0].data.run_id);
assert.deepEqual(events.find((e) => e.event === "custom").data, { progress: "planning" });
assert.ok(names.some((n) => n.startsWith("custom|child:")), names.join(","));
assert.ok(names.some((n) => n.startsWith("updates|child:")), names.join(","));
assert.ok(names.includes("tasks"));
// As in LangGraph, the subgraph returns its whole state, which the parent's append reducer adds again.
assert.deepEqual(events.filter((e) => e.event === "values").at(-1).data,
  { topic: "cats", steps: ["plan", "plan", "inner", "summary"] });
assert.equal((await client.threads.get(thread.thread_id)).status, "idle");
ok("stream");

// Hit an interrupt, look at it, resume with a command.
const hitl = await client.threads.create();
const paused = await collect(client.runs.stream(hitl.thread_id, "approval", {
  input: { topics: [["pricing"], ["risks"]] }, streamMode: ["updates", "values"],
}));
const interrupt = paused.find((e) => e.event === "updates" && "__interrupt__" in e.data);
assert.equal(interrupt.data.__interrupt__[0].value, "publish these notes?");
assert.equal(paused.at(-1).event, "values");
assert.ok("__interrupt__" in paused.at(-1).data);
const waiting = await client.threads.get(hitl.thread_id);
assert.equal(waiting.status, "interrupted");
const state = await client.threads.getState(hitl.thread_id);
assert.deepEqual(state.next, ["review"]);
assert.equal(state.tasks[0].interrupts[0].value, "publish these notes?");
const done = await client.runs.wait(hitl.thread_id, "approval", { command: { resume: "yes" } });
assert.deepEqual(done.log, ["plan", "review", "publish"]);
assert.equal((await client.threads.get(hitl.thread_id)).status, "idle");
ok("interrupt-resume");

// History: newest first, the oldest is the input checkpoint.
const history = await client.threads.getHistory(hitl.thread_id, { limit: 50 });
assert.deepEqual(history[0].values.log, ["plan", "review", "publish"]);
assert.equal(history.at(-1).metadata.source, "input");
assert.equal(history.at(-1).metadata.step, -1);
assert.deepEqual(history.at(-1).next, ["__start__"]);
await client.threads.patchState(hitl.thread_id, { reviewed_by: "qa" });
const patched2 = await client.threads.getHistory(hitl.thread_id, { limit: 1 });
assert.equal(patched2[0].metadata.reviewed_by, "qa");
assert.deepEqual(patched2[0].values, history[0].values);
ok("history");

// Fork: from the paused checkpoint, answer "no" as the review node: the run ends without publishing.
const pausedAt = history.find((s) => s.next.length === 1 && s.next[0] === "review" && s.tasks[0].interrupts.length);
const forked = await client.threads.updateState(hitl.thread_id, {
  values: { approved: "no" }, asNode: "review", checkpointId: pausedAt.checkpoint.checkpoint_id,
});
assert.ok(forked.checkpoint.checkpoint_id);
const forkState = await client.threads.getState(hitl.thread_id);
assert.equal(forkState.values.approved, "no");
assert.equal(forkState.parent_checkpoint.checkpoint_id, pausedAt.checkpoint.checkpoint_id);
assert.deepEqual(forkState.values.log, ["plan"]);
const copy = await client.threads.copy(hitl.thread_id);
assert.deepEqual((await client.threads.getState(copy.thread_id)).values.approved, "no");
ok("fork");

// Store: put, get, search with a filter, namespaces, delete.
await client.store.putItem(["users", "alice"], "prefs", { theme: "dark", lang: "en" });
await client.store.putItem(["users", "bob"], "prefs", { theme: "light" });
const item = await client.store.getItem(["users", "alice"], "prefs");
assert.deepEqual(item.value, { theme: "dark", lang: "en" });
const found = await client.store.searchItems(["users"], { filter: { theme: "dark" } });
assert.deepEqual(found.items.map((i) => i.namespace), [["users", "alice"]]);
const semantic = await client.store.searchItems(["users"], { query: "light theme", limit: 1 });
assert.deepEqual(semantic.items[0].value, { theme: "light" });
assert.equal(typeof semantic.items[0].score, "number");
const spaces = await client.store.listNamespaces({ prefix: ["users"] });
assert.deepEqual(spaces.namespaces, [["users", "alice"], ["users", "bob"]]);
await client.store.deleteItem(["users", "alice"], "prefs");
assert.equal(await client.store.getItem(["users", "alice"], "prefs"), null);
ok("store");

// Background run, joined.
const bg = await client.threads.create();
const run = await client.runs.create(bg.thread_id, "slow", { input: { log: ["go"] } });
assert.equal(run.status, "pending");
const joined = await client.runs.join(bg.thread_id, run.run_id);
assert.equal(joined.n, 5);
assert.equal((await client.runs.get(bg.thread_id, run.run_id)).status, "success");
assert.equal((await client.runs.list(bg.thread_id)).length, 1);
ok("join");

// Resumable stream: join from the start of a finished run's events.
const resumable = await client.runs.create(bg.thread_id, "chain", { input: { log: [] }, streamResumable: true,
  streamMode: ["updates"] });
const replay = await collect(client.runs.joinStream(bg.thread_id, resumable.run_id, { lastEventId: "-1" }));
assert.deepEqual(replay.filter((e) => e.event === "updates").map((e) => Object.keys(e.data)[0]),
  ["n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9"]);
ok("join-stream");

// Cancel a running run; a rejected second run on a busy thread.
const busy = await client.threads.create();
const long = await client.runs.create(busy.thread_id, "slow", { input: {} });
await until("the run to start", async () => (await client.runs.get(busy.thread_id, long.run_id)).status === "running");
await assert.rejects(client.runs.create(busy.thread_id, "slow", { input: {}, multitaskStrategy: "reject" }), /409/);
await client.runs.cancel(busy.thread_id, long.run_id);
await until("the run to be cancelled", async () => (await client.runs.get(busy.thread_id, long.run_id)).status === "interrupted");
const after = await client.threads.getState(busy.thread_id);
assert.ok((after.values.n ?? 0) < 5, "a cancelled run stops before its end");
ok("cancel");

// Stateless run, and errors the client surfaces.
const stateless = await client.runs.wait(null, "chain", { input: { log: ["x"] } });
assert.equal(stateless.log.length, 11);
await assert.rejects(client.threads.get("00000000-0000-0000-0000-000000000000"), /404/);
await assert.rejects(client.runs.wait(bg.thread_id, "no-such-graph", { input: {} }), /404/);
await client.threads.delete(copy.thread_id);
await assert.rejects(client.threads.get(copy.thread_id), /404/);
ok("stateless-and-errors");
console.log("SDK OK");
