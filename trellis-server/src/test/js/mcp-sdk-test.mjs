// Drives the server's /mcp endpoint with the official MCP TypeScript SDK (streamable HTTP transport):
// initialize (a session), list tools, call one, call one that interrupts and resume it, end the session, and see the ended session refused.
// Prints one JSON line with what it saw; the Java test asserts on it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const url = new URL(process.env.TRELLIS_URL + "/mcp");
const transport = new StreamableHTTPClientTransport(url);
const client = new Client({ name: "trellis-test", version: "1.0.0" });
await client.connect(transport);
const sessionId = transport.sessionId;
const version = transport.protocolVersion;
const { tools } = await client.listTools();
const call = await client.callTool({ name: "chain", arguments: { count: 0 } });
// approval interrupts: the call answers that it waits, with the thread id; the same tool resumes it.
const paused = await client.callTool({ name: "approval", arguments: { topics: [["pricing"]] } });
const resumed = paused.structuredContent
  ? await client.callTool({ name: "approval", arguments: { thread_id: paused.structuredContent.thread_id, resume: "yes" } })
  : null;
const resumedAgain = paused.structuredContent
  ? await client.callTool({ name: "approval", arguments: { thread_id: paused.structuredContent.thread_id, resume: "yes" } })
  : null;
await transport.terminateSession();

// The ended session: a new transport reusing its id is refused with 404.
const stale = new StreamableHTTPClientTransport(url, { sessionId });
let staleError = null;
try {
  await stale.start();
  await stale.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
} catch (e) {
  staleError = { code: e.code ?? null, message: String(e) };
}

console.log(JSON.stringify({
  sessionId,
  version,
  tools: tools.map((t) => t.name),
  chainSchema: tools.find((t) => t.name === "chain")?.inputSchema,
  call,
  approvalSchema: tools.find((t) => t.name === "approval")?.inputSchema,
  paused,
  resumed,
  resumedAgain,
  afterTerminate: transport.sessionId ?? null,
  staleError,
}));
await client.close();
