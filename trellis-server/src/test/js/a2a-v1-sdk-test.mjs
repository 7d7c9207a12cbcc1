// Drives the server's A2A surface with the official A2A JavaScript SDK 1.3 (npm alias a2a-sdk-1,
// pinned), whose ClientFactory reads the agent card's supportedInterfaces and speaks A2A 1.0
// (PascalCase methods, A2A-Version: 1.0): the card, SendMessage, SendStreamingMessage (the answer
// streamed in chunks), an interrupt as TASK_STATE_INPUT_REQUIRED resumed on the same task, GetTask,
// ListTasks, SubscribeToTask, CancelTask, and the errors bad requests get. Prints one JSON line with what it
// saw, as ProtoJSON (the SDK's own toJSON); the Java test (A2aSdkV1Test) asserts on it.
import { ClientFactory } from "a2a-sdk-1/client";
import { ListTasksRequest, ListTasksResponse, Message, SendMessageConfiguration, StreamResponse, Task } from "a2a-sdk-1";
import { randomUUID } from "node:crypto";

const base = process.env.TRELLIS_URL;
const msg = (parts, extra = {}) => Message.fromJSON({ messageId: randomUUID(), role: "ROLE_USER", parts, ...extra });
const text = (t, extra) => msg([{ text: t }], extra);
const data = (d, extra) => msg([{ data: d }], extra);
const json = (r) => ("messageId" in r ? { message: Message.toJSON(r) } : { task: Task.toJSON(r) });
const failure = async (call) => {
  try {
    return { ok: await call() };
  } catch (e) {
    return { name: e.name, code: e.envelopeCode, message: e.message };
  }
};
const collect = async (stream) => {
  const out = [];
  for await (const event of stream) {
    out.push(StreamResponse.toJSON(event));
  }
  return out;
};
const factory = new ClientFactory();

const agent = await factory.createFromUrl(`${base}/a2a/agent/.well-known/agent-card.json`, "");
const cardV1 = await (await fetch(`${base}/a2a/agent/.well-known/agent-card.json`, { headers: { "A2A-Version": "1.0" } })).json();
const cardV03 = await (await fetch(`${base}/a2a/agent/.well-known/agent-card.json`)).json();

// SendMessage on a chat agent: text in, the AI's answer out.
const sent = json(await agent.sendMessage({ message: text("Paris") }));
// SendStreamingMessage: every event, the answer's tokens among them.
const streamed = await collect(agent.sendMessageStream({ message: text("Rome") }));

// The approval graph interrupts: TASK_STATE_INPUT_REQUIRED; a follow-up on the same task resumes it.
const approval = await factory.createFromUrl(`${base}/.well-known/agent-card.json?assistant_id=approval`, "");
const paused = Task.toJSON(await approval.sendMessage({ message: data({ topics: [["pricing"]] }) }));
const resumedEvents = await collect(approval.sendMessageStream({ message: text("yes", { taskId: paused.id, contextId: paused.contextId }) }));
const fetched = Task.toJSON(await approval.getTask({ id: paused.id }));
const fetchedShort = Task.toJSON(await approval.getTask({ id: paused.id, historyLength: 1 }));
const again = await failure(() => approval.sendMessage({ message: text("yes", { taskId: paused.id }) }));
const subscribeEnded = await failure(() => collect(approval.resubscribeTask({ id: paused.id })));
// A second task on the same context, left waiting for input; then ListTasks over the context.
const second = Task.toJSON(await approval.sendMessage({ message: data({ topics: [["risks"]] }, { contextId: paused.contextId }) }));
const list = (req) => approval.listTasks(ListTasksRequest.fromJSON(req)).then((r) => ListTasksResponse.toJSON(r));
const listed = await list({ contextId: paused.contextId, includeArtifacts: true });
const waiting = await list({ contextId: paused.contextId, status: "TASK_STATE_INPUT_REQUIRED" });
const page1 = await list({ contextId: paused.contextId, pageSize: 1, historyLength: 0 });
const page2 = await list({ contextId: paused.contextId, pageSize: 1, pageToken: page1.nextPageToken });

// CancelTask on a task still working, followed by SubscribeToTask.
const waiter = await factory.createFromUrl(`${base}/a2a/waiter/.well-known/agent-card.json`, "");
const started = Task.toJSON(await waiter.sendMessage({ message: data({ count: 0 }),
  configuration: SendMessageConfiguration.fromJSON({ returnImmediately: true }) }));
const follow = waiter.resubscribeTask({ id: started.id });
const subscribed = [StreamResponse.toJSON((await follow.next()).value)];
const canceled = Task.toJSON(await waiter.cancelTask({ id: started.id }));
for await (const event of follow) {
  subscribed.push(StreamResponse.toJSON(event));
}
const cancelAgain = await failure(() => waiter.cancelTask({ id: started.id }));

// Bad requests.
const missingTask = await failure(() => approval.getTask({ id: randomUUID() }));
const noMessages = await failure(() => approval.sendMessage({ message: text("hello") }));
const filePart = await failure(() => approval.sendMessage({ message: msg([{ url: "https://example.com/a.pdf", mediaType: "application/pdf" }]) }));
const rpc = async (body, version = "1.0") => (await fetch(`${base}/a2a/approval`, { method: "POST",
  headers: { "Content-Type": "application/json", "A2A-Version": version }, body: JSON.stringify(body) })).json();
const oldMethod = await rpc({ jsonrpc: "2.0", id: 3, method: "message/send", params: {} });
const badVersion = await rpc({ jsonrpc: "2.0", id: 4, method: "GetTask", params: { id: "x" } }, "2.0");
const rawMissing = await rpc({ jsonrpc: "2.0", id: 5, method: "GetTask", params: { id: randomUUID() } });

console.log(JSON.stringify({
  clientVersion: agent.protocolVersion, cardV1, cardV03, sent, streamed, paused, resumedEvents, fetched, fetchedShort,
  again, subscribeEnded, second, listed, waiting, page1, page2, started, subscribed, canceled, cancelAgain, missingTask, noMessages, filePart, oldMethod,
  badVersion, rawMissing,
}));
