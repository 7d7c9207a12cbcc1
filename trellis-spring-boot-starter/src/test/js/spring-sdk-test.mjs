// Drives the sample Spring Boot application's LangGraph API (TRELLIS_URL, e.g.
// http://127.0.0.1:<port>/langgraph) with LangGraph's official JS client, loaded from the
// installation of trellis-server's SDK tests (SDK_DIR). Prints "ok <step>" per step.
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const sdk = join(process.env.SDK_DIR, "node_modules", "@langchain", "langgraph-sdk", "dist", "index.js");
const { Client } = await import(pathToFileURL(sdk).href);
const client = new Client({ apiUrl: process.env.TRELLIS_URL, defaultHeaders: {} });
const ok = (step) => console.log(`ok ${step}`);

const assistants = await client.assistants.search({ limit: 10 });
assert.deepEqual(assistants.map((a) => a.graph_id).sort(), ["echo-bot", "gated", "hello", "review"]);
ok("assistants");

const thread = await client.threads.create({ metadata: { from: "spring" } });
assert.ok(thread.thread_id);
ok("thread");

const events = [];
for await (const part of client.runs.stream(thread.thread_id, "hello", {
  input: { name: "Ada" },
  streamMode: ["updates", "values"],
})) {
  events.push(part);
}
assert.equal(events[0].event, "metadata");
const updates = events.filter((e) => e.event === "updates").map((e) => Object.keys(e.data)[0]);
assert.deepEqual(updates, ["greet", "sign"]);
const last = events.filter((e) => e.event === "values").at(-1);
assert.equal(last.data.greeting, "Hello, Ada! (from Spring)");
ok("stream");

const state = await client.threads.getState(thread.thread_id);
assert.equal(state.values.greeting, "Hello, Ada! (from Spring)");
assert.deepEqual(state.values.steps, ["greet", "sign"]);
assert.deepEqual(state.next, []);
const history = await client.threads.getHistory(thread.thread_id);
assert.ok(history.length >= 3, `history has ${history.length} checkpoints`);
ok("state");

const runs = await client.runs.list(thread.thread_id);
assert.equal(runs.length, 1);
assert.equal(runs[0].status, "success");
ok("runs");

// A CompiledGraph bean compiled without a checkpointer: served on the server's, so its
// interruptBefore pauses the thread durably and a later run continues it.
const review = await client.threads.create();
const paused = await client.runs.wait(review.thread_id, "review", { input: { name: "Q3 report" } });
assert.deepEqual(paused.steps, ["draft"]);
const pausedState = await client.threads.getState(review.thread_id);
assert.deepEqual(pausedState.next, ["ship"]);
assert.equal((await client.threads.get(review.thread_id)).status, "interrupted");
const shipped = await client.runs.wait(review.thread_id, "review", { input: null });
assert.deepEqual(shipped.steps, ["draft", "ship"]);
assert.equal(shipped.greeting, "Draft for Q3 report");
const echo = await client.runs.wait(null, "echo-bot", { input: { name: "ping" } });
assert.equal(echo.greeting, "ping");
ok("compiled");
console.log("SPRING SDK OK");
