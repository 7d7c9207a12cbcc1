// Drives an agent with middleware (summarization, human review, call limits, a typed answer)
// on a running Trellis server with LangGraph's official JS client, as agent-chat-ui would:
// the review request arrives as an interrupt in LangChain's HITL shape and is answered with
// {"decisions": [...]}. Prints one "ok <step>" line per step; exits non-zero on a failure.
import assert from "node:assert/strict";
import { Client } from "@langchain/langgraph-sdk";

const client = new Client({ apiUrl: process.env.TRELLIS_URL, defaultHeaders: {} });
const ok = (step) => console.log(`ok ${step}`);

async function collect(stream) {
  const events = [];
  for await (const part of stream) events.push(part);
  return events;
}

// 1. The model asks to send an email; the human-in-the-loop middleware pauses for review.
const thread = await client.threads.create();
const paused = await collect(client.runs.stream(thread.thread_id, "agent", {
  input: { messages: [{ role: "user", content: "Email bob that lunch is at noon" }] },
  streamMode: ["updates", "values"],
}));
const nodes = paused.filter((e) => e.event === "updates").flatMap((e) => Object.keys(e.data));
// LangChain's order: before-hooks in middleware order, after-hooks in reverse (the review comes last).
assert.deepEqual(nodes, ["SummarizationMiddleware.before_model", "ModelCallLimitMiddleware.before_model", "model",
  "ModelCallLimitMiddleware.after_model", "__interrupt__"], JSON.stringify(nodes));
const request = paused.find((e) => e.event === "updates" && "__interrupt__" in e.data).data.__interrupt__[0].value;
assert.deepEqual(request.action_requests.map((a) => [a.name, a.args]),
  [["send_email", { to: "bob", body: "lunch is at noon" }]]);
assert.ok(request.action_requests[0].description.startsWith("Tool execution requires approval"));
assert.deepEqual(request.review_configs, [{ action_name: "send_email", allowed_decisions: ["approve", "edit", "reject", "respond"] }]);
assert.equal((await client.threads.get(thread.thread_id)).status, "interrupted");
ok("hitl-request");

// 2. The reviewer edits the recipient; the edited call runs (its result says so) and the typed answer follows.
const done = await client.runs.wait(thread.thread_id, "agent", {
  command: { resume: { decisions: [{ type: "edit", edited_action: { name: "send_email", args: { to: "alice", body: "lunch is at noon" } } }] } },
});
assert.deepEqual(done.structured_response, { to: "alice", sent: true });
const tool = done.messages.find((m) => m.type === "tool" && m.name === "send_email");
assert.ok(tool.content.endsWith("Executed instead: send_email with arguments {\"to\": \"alice\", \"body\": \"lunch is at noon\"}."
  + "\n\nTool response:\nsent to alice"), tool.content);
assert.equal(done.thread_model_call_count, 2);
ok("hitl-edit-structured");

// 3. A rejection reaches the model as a tool message with the reviewer's words.
const rejected = await client.threads.create();
await client.runs.wait(rejected.thread_id, "agent", { input: { messages: [{ role: "user", content: "Email carol" }] } });
const afterReject = await client.runs.wait(rejected.thread_id, "agent", {
  command: { resume: { decisions: [{ type: "reject", message: "Do not email Carol." }] } },
});
const rejection = afterReject.messages.find((m) => m.type === "tool" && m.tool_call_id);
assert.equal(rejection.content, "User rejected the tool call for `send_email` with reason: Do not email Carol.");
assert.deepEqual(afterReject.structured_response, { to: "carol", sent: false });
ok("hitl-reject");

// 4. A follow-up on the first thread passes the token budget: old messages become a summary.
const followUp = await client.runs.wait(thread.thread_id, "agent", {
  input: { messages: [{ role: "user", content: "Email dave too" }] },
});
assert.ok(followUp.messages[0].content.startsWith("Here is a summary of the conversation to date:"),
  JSON.stringify(followUp.messages[0]));
assert.equal(followUp.messages.filter((m) => m.type === "human").length, 2, "the summary and the kept question");
ok("summarization");

// 5. A run limit ends a model that would loop forever with LangChain's message.
const loop = await client.threads.create();
const limited = await client.runs.wait(loop.thread_id, "looping", { input: { messages: [{ role: "user", content: "go" }] } });
assert.equal(limited.messages.at(-1).content, "Model call limits exceeded: run limit (2/2)");
ok("call-limit");

// 6. A pushed message and generative UI: custom "ui" events useStream folds, the ui key, the message.
const uiThread = await client.threads.create();
const uiEvents = await collect(client.runs.stream(uiThread.thread_id, "ui", {
  input: { messages: [] }, streamMode: ["custom", "messages-tuple", "values"],
}));
const custom = uiEvents.filter((e) => e.event === "custom").map((e) => e.data);
assert.deepEqual(custom.map((c) => [c.type, c.id, c.name, c.props, c.metadata.merge]),
  [["ui", "card-1", "weather", { city: "Oslo" }, false], ["ui", "card-1", "weather", { temp: 21 }, true]]);
const finalValues = uiEvents.filter((e) => e.event === "values").at(-1).data;
const pushed = finalValues.messages[0];
assert.equal(pushed.content, "Here is the weather in Oslo.");
assert.equal(custom[0].metadata.message_id, pushed.id, "the card points at the pushed message");
assert.deepEqual(finalValues.ui.map((u) => [u.id, u.props]), [["card-1", { city: "Oslo", temp: 21 }]]);
const tuples = uiEvents.filter((e) => e.event === "messages");
assert.equal(tuples.filter((e) => e.data[0].id === pushed.id && e.data[0].content === pushed.content).length, 1,
  "the pushed message is on the messages stream once, with its state id: " + JSON.stringify(tuples));
assert.equal(tuples[0].data[1].langgraph_node, "weather");
ok("push-message-and-ui");

console.log("AGENT SDK OK");
