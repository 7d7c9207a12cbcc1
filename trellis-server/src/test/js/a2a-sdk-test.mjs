// Drives the server's A2A surface with the official A2A JavaScript SDK (@a2a-js/sdk, pinned; its
// A2AClient speaks A2A 0.3 over JSON-RPC): the agent card, message/send, message/stream, an
// interrupt as input-required resumed by a follow-up message on the same task, tasks/get,
// tasks/resubscribe, tasks/cancel, and the errors bad requests get. Prints one JSON line with what it saw; the Java
// test (A2aSdkTest) asserts on it.
import { A2AClient } from "@a2a-js/sdk/client";
import { randomUUID } from "node:crypto";

const base = process.env.TRELLIS_URL;
const text = (t, extra = {}) => ({ kind: "message", messageId: randomUUID(), role: "user", parts: [{ kind: "text", text: t }], ...extra });
const data = (d, extra = {}) => ({ kind: "message", messageId: randomUUID(), role: "user", parts: [{ kind: "data", data: d }], ...extra });

const agent = await A2AClient.fromCardUrl(`${base}/a2a/agent/.well-known/agent-card.json`);
const card = await agent.getAgentCard();

// message/send on a chat agent: text in, the AI's answer out.
const sent = await agent.sendMessage({ message: text("Paris") });

// message/stream: every event the SDK yields.
const streamed = [];
for await (const event of agent.sendMessageStream({ message: text("Rome") })) {
  streamed.push(event);
}

// approval interrupts: input-required; a follow-up on the same task resumes it.
const approval = await A2AClient.fromCardUrl(`${base}/.well-known/agent-card.json?assistant_id=approval`);
const paused = await approval.sendMessage({ message: data({ topics: [["pricing"]] }) });
const task = paused.result;
const resumedEvents = [];
for await (const event of approval.sendMessageStream({ message: text("yes", { taskId: task.id, contextId: task.contextId }) })) {
  resumedEvents.push(event);
}
const fetched = await approval.getTask({ id: task.id });
const again = await approval.sendMessage({ message: text("yes", { taskId: task.id }) });
const secondTask = await approval.sendMessage({ message: data({ topics: [["risks"]] }, { contextId: task.contextId }) });

// tasks/cancel on a task that is still working.
const waiter = await A2AClient.fromCardUrl(`${base}/a2a/waiter/.well-known/agent-card.json`);
const started = await waiter.sendMessage({ message: data({ count: 0 }), configuration: { blocking: false } });
// tasks/resubscribe follows the working task: its first event is the task, its last the final status.
const follow = waiter.resubscribeTask({ id: started.result.id });
const resubscribed = [(await follow.next()).value];
const canceled = await waiter.cancelTask({ id: started.result.id });
for await (const event of follow) {
  resubscribed.push(event);
}
const cancelAgain = await waiter.cancelTask({ id: started.result.id });

// Bad requests.
const missingTask = await approval.getTask({ id: randomUUID() });
const noMessages = await approval.sendMessage({ message: text("hello") });
const badRole = await approval.sendMessage({ message: { ...text("x"), role: "agent" } });
const rpc = async (body) => (await fetch(`${base}/a2a/approval`, { method: "POST", headers: { "Content-Type": "application/json" }, body })).json();
const parseError = await rpc("{not json");
const unknownMethod = await rpc(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tasks/teleport", params: {} }));
const notRpc = await rpc(JSON.stringify({ id: 8, method: "tasks/get" }));
const unknownAgent = await fetch(`${base}/a2a/nobody/.well-known/agent-card.json`);

console.log(JSON.stringify({
  card, sent, streamed, paused, resumedEvents, fetched, again, secondTask, started, resubscribed, canceled, cancelAgain,
  missingTask, noMessages, badRole, parseError, unknownMethod, notRpc, unknownAgentStatus: unknownAgent.status,
}));
