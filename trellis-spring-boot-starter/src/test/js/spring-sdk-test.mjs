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
assert.deepEqual(assistants.map((a) => a.graph_id).sort(), ["gated", "hello"]);
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
console.log("SPRING SDK OK");
