// What agent-chat-ui and the SDKs read off the wire, checked with LangGraph's official JS client
// against a running Trellis server (WireSdkTest starts it with a short keep-alive interval):
// message ids in messages-tuple, threads.joinStream, chat-model and tool events, debug
// checkpoints, and keep-alives the client does not turn into chunks. Prints "ok <step>" per
// step; exits non-zero on a failure.
import assert from "node:assert/strict";
import { Client } from "@langchain/langgraph-sdk";

const url = process.env.TRELLIS_URL;
const client = new Client({ apiUrl: url, defaultHeaders: {} });
const ok = (step) => console.log(`ok ${step}`);
const ask = { messages: [{ role: "user", content: "Oslo" }] };

async function collect(stream) {
  const events = [];
  for await (const part of stream) events.push(part);
  return events;
}

// 1. messages-tuple: every message has its id before it is streamed, the id state keeps, and its step.
const thread = await client.threads.create();
const streamed = await collect(client.runs.stream(thread.thread_id, "agent", {
  input: ask, streamMode: ["messages-tuple", "values"],
}));
const tuples = streamed.filter((e) => e.event === "messages").map((e) => e.data);
const stored = streamed.filter((e) => e.event === "values").at(-1).data.messages;
assert.deepEqual(stored.map((m) => m.type), ["human", "ai", "tool", "ai"], JSON.stringify(stored));
for (const [message, meta] of tuples) {
  assert.ok(typeof message.id === "string" && message.id.length > 0, "a chunk without id: " + JSON.stringify(message));
  assert.ok(Number.isInteger(meta.langgraph_step) && meta.langgraph_step > 0, "step " + meta.langgraph_step);
}
const [, callAi, toolMsg, answer] = stored;
const byId = (id) => tuples.filter(([m]) => m.id === id);
assert.equal(byId(callAi.id).length, 1, "the tool-calling turn is sent once, under its stored id");
assert.deepEqual(byId(callAi.id)[0][0].tool_calls.map((c) => c.name), ["weather"]);
assert.equal(byId(toolMsg.id).length, 1, "the tool result is sent once, under its stored id");
assert.equal(byId(toolMsg.id)[0][0].content, "sunny in Oslo");
const tokens = byId(answer.id);
assert.ok(tokens.length > 1, "the answer streams as tokens under the stored id: " + JSON.stringify(tuples));
assert.ok(tokens.every(([m]) => m.type === "AIMessageChunk"));
assert.equal(tokens.map(([m]) => m.content).join(""), answer.content);
assert.equal(tuples.filter(([m]) => ![callAi.id, toolMsg.id, answer.id].includes(m.id)).length, 0,
  "no message under another id: " + JSON.stringify(tuples.map(([m]) => m.id)));
const stepOf = (id) => byId(id)[0][1].langgraph_step;
assert.ok(stepOf(callAi.id) < stepOf(toolMsg.id) && stepOf(toolMsg.id) < stepOf(answer.id),
  `steps ${stepOf(callAi.id)}, ${stepOf(toolMsg.id)}, ${stepOf(answer.id)}`);
assert.equal(byId(toolMsg.id)[0][1].langgraph_node, "tools");
// A node returning the conversation it was given sends only its new message, as LangGraph's handler does.
const echoThread = await client.threads.create();
await client.runs.wait(echoThread.thread_id, "echo", { input: { messages: [{ role: "user", content: "one" }] } });
const echoed = await collect(client.runs.stream(echoThread.thread_id, "echo", {
  input: { messages: [{ role: "user", content: "two" }] }, streamMode: "messages-tuple",
}));
assert.deepEqual(echoed.filter((e) => e.event === "messages").map((e) => e.data[0].content), ["echo: two"],
  JSON.stringify(echoed));
ok("message-ids");

// 2. events: the chat model's and the tool's start and end, LangChain's astream_events v2 shape.
const evThread = await client.threads.create();
const events = (await collect(client.runs.stream(evThread.thread_id, "agent", { input: ask, streamMode: "events" })))
  .filter((e) => e.event === "events").map((e) => e.data);
const kinds = events.map((e) => e.event).filter((k) => /chat_model|tool/.test(k));
assert.deepEqual([...new Set(kinds)], ["on_chat_model_start", "on_chat_model_end", "on_tool_start", "on_tool_end",
  "on_chat_model_stream"], JSON.stringify(kinds));
const runId = events[0].run_id;
const modelStarts = events.filter((e) => e.event === "on_chat_model_start");
assert.equal(modelStarts.length, 2);
assert.equal(modelStarts[0].name, "ScriptedChatModel");
assert.deepEqual(modelStarts[0].data.input.messages[0].map((m) => [m.type, m.content]), [["human", "Oslo"]]);
assert.equal(modelStarts[0].parent_ids.length, 2);
assert.equal(modelStarts[0].parent_ids[0], runId, "the graph run is the outermost parent");
assert.equal(modelStarts[0].metadata.langgraph_node, "model");
const secondModel = modelStarts[1].run_id;
const secondEnd = events.find((e) => e.event === "on_chat_model_end" && e.run_id === secondModel);
assert.equal(secondEnd.data.output.content, "It is sunny in Oslo.");
assert.ok(events.filter((e) => e.event === "on_chat_model_stream").every((e) => e.run_id === secondModel),
  "tokens belong to the answering call");
const evStored = (await client.threads.getState(evThread.thread_id)).values.messages;
assert.equal(secondEnd.data.output.id, evStored.at(-1).id, "the end event's message is the stored one");
const toolStart = events.find((e) => e.event === "on_tool_start");
assert.equal(toolStart.name, "weather");
assert.deepEqual(toolStart.data.input, { city: "Oslo" });
assert.equal(toolStart.metadata.langgraph_node, "tools");
const toolEnd = events.find((e) => e.event === "on_tool_end");
assert.equal(toolEnd.run_id, toolStart.run_id);
assert.deepEqual(toolEnd.data.input, { city: "Oslo" });
assert.deepEqual([toolEnd.data.output.type, toolEnd.data.output.content, toolEnd.data.output.tool_call_id],
  ["tool", "sunny in Oslo", "call-1"]);
const order = events.map((e) => `${e.event}:${e.run_id}`);
assert.ok(order.indexOf(`on_tool_start:${toolStart.run_id}`) < order.indexOf(`on_tool_end:${toolStart.run_id}`));
ok("events");

// 3. debug: checkpoint events carry checkpoint and parent_checkpoint.
const dbgThread = await client.threads.create();
const checkpoints = (await collect(client.runs.stream(dbgThread.thread_id, "slow", {
  input: { done: "" }, streamMode: "debug",
}))).filter((e) => e.event === "debug" && e.data.type === "checkpoint").map((e) => e.data.payload);
assert.ok(checkpoints.length >= 2, JSON.stringify(checkpoints));
for (const [i, cp] of checkpoints.entries()) {
  assert.deepEqual(cp.checkpoint, { thread_id: dbgThread.thread_id, checkpoint_ns: "",
    checkpoint_id: cp.config.configurable.checkpoint_id, checkpoint_map: null });
  assert.deepEqual(cp.parent_checkpoint, i === 0 ? null : checkpoints[i - 1].checkpoint);
}
ok("debug-checkpoints");

// 4. keep-alives: a run quiet for longer than the interval gets them, and the client yields no phantom chunk.
const quiet = await client.threads.create();
const raw = await fetch(`${url}/threads/${quiet.thread_id}/runs/stream`, {
  method: "POST", headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ assistant_id: "slow", input: { done: "" }, stream_mode: ["values"] }),
});
const text = await raw.text();
assert.match(text, /\r\n: heartbeat\r\n/, "the quiet run got keep-alives: " + JSON.stringify(text));
assert.doesNotMatch(text, /: heartbeat\r\n\r\n/, "a keep-alive never ends an event");
const viaSdk = await collect(client.runs.stream(quiet.thread_id, "slow", { input: { done: "" }, streamMode: ["values"] }));
assert.deepEqual(viaSdk.map((e) => e.event), ["metadata", "values", "values"], JSON.stringify(viaSdk));
assert.equal(viaSdk.at(-1).data.done, "yes");
ok("keep-alive");

// 5. threads.joinStream: one stream across the thread's runs, run_done after each, resumable by event id.
const joined = await client.threads.create();
const seen = [];
const abort = new AbortController();
const following = (async () => {
  try {
    for await (const part of client.threads.joinStream(joined.thread_id, { signal: abort.signal })) {
      seen.push(part);
      if (part.event === "run_done" && seen.filter((p) => p.event === "run_done").length === 2) abort.abort();
    }
  } catch (e) {
    if (!abort.signal.aborted) throw e;
  }
})();
await new Promise((resolve) => setTimeout(resolve, 300)); // the stream is open before the runs start
const first = await client.runs.create(joined.thread_id, "slow", { input: { done: "" }, streamResumable: true });
await client.runs.join(joined.thread_id, first.run_id);
const second = await client.runs.create(joined.thread_id, "slow", { input: { done: "" }, streamResumable: true });
await client.runs.join(joined.thread_id, second.run_id);
await following;
const runIds = seen.filter((p) => p.event === "metadata").map((p) => p.data.run_id);
assert.deepEqual(runIds, [first.run_id, second.run_id], JSON.stringify(seen.map((p) => p.event)));
assert.deepEqual(seen.filter((p) => p.event === "run_done").map((p) => [p.data.run_id, p.data.status]),
  [[first.run_id, "success"], [second.run_id, "success"]]);
assert.equal(seen.filter((p) => p.event === "values" && p.data.done === "yes").length, 2, "both runs' values");
assert.ok(seen.every((p) => p.event !== "" && typeof p.id === "string" && p.id.includes(":")),
  "every chunk is a named event with an id: " + JSON.stringify(seen.filter((p) => !p.event)));
// Resume after the first run's metadata: the rest of it and the next run, nothing before.
const resumeAbort = new AbortController();
const resumed = [];
try {
  for await (const part of client.threads.joinStream(joined.thread_id, {
    lastEventId: seen[0].id, streamMode: "lifecycle", signal: resumeAbort.signal,
  })) {
    resumed.push(part);
    if (part.event === "run_done" && part.data.run_id === second.run_id) resumeAbort.abort();
  }
} catch (e) {
  if (!resumeAbort.signal.aborted) throw e;
}
assert.deepEqual(resumed.map((p) => [p.event, p.data.run_id]), [["run_done", first.run_id],
  ["metadata", second.run_id], ["run_done", second.run_id]], JSON.stringify(resumed));
ok("join-thread-stream");

console.log("WIRE SDK OK");
