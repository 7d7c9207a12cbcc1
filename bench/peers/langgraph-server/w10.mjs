// W10 client: streams the "tokens" graph's 2,000-token answer with `messages-tuple` through
// @langchain/langgraph-sdk from a server (Trellis or LangGraph's JS server) and prints, as
// WORKLOADS.md lines, time to first token and time per token through the server, and their
// overhead against calling the model directly (this process's ScriptedTokens, or the numbers
// given with --direct-ttft-ms / --direct-us-per-token, e.g. Trellis's Java model called in Java).
// Usage: node w10.mjs URL ENGINE [--runs N] [--direct-ttft-ms X --direct-us-per-token Y]
import { Client } from "@langchain/langgraph-sdk";
import { ScriptedTokens, TOKENS, tokens } from "./model.mjs";

const [url, engine, ...rest] = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = rest.indexOf(name);
  return i < 0 ? dflt : Number(rest[i + 1]);
};
const runs = opt("--runs", 15);
const warm = opt("--warm", 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function direct() {
  const model = new ScriptedTokens({});
  const first = [], per = [];
  for (let i = 0; i < warm + runs; i++) {
    const t0 = performance.now();
    let t1 = 0, n = 0;
    for await (const _ of await model.stream([{ role: "user", content: "go" }])) {
      if (n++ === 0) t1 = performance.now();
    }
    const end = performance.now();
    if (n !== TOKENS) throw new Error(`model gave ${n} tokens`);
    if (i >= warm) {
      first.push(t1 - t0);
      per.push(((end - t0) * 1000) / TOKENS);
    }
  }
  return { ttft: median(first), perToken: median(per) };
}

async function served() {
  const client = new Client({ apiUrl: url });
  const first = [], per = [];
  for (let i = 0; i < warm + runs; i++) {
    const thread = await client.threads.create();
    const t0 = performance.now();
    let t1 = 0, n = 0;
    for await (const part of client.runs.stream(thread.thread_id, "tokens", {
      input: { messages: [{ role: "user", content: "go" }] },
      streamMode: "messages-tuple",
    })) {
      // Token chunks, in order; the finished answer (if a server repeats it) is not a token.
      if (part.event === "messages" && Array.isArray(part.data) && part.data[0]?.content === tokens[n]) {
        if (n++ === 0) t1 = performance.now();
      }
    }
    const end = performance.now();
    if (n !== TOKENS) throw new Error(`${engine} streamed ${n} token chunks, expected ${TOKENS}`);
    if (i >= warm) {
      first.push(t1 - t0);
      per.push(((end - t0) * 1000) / TOKENS);
    }
  }
  return { ttft: median(first), perToken: median(per) };
}

const base = rest.includes("--direct-ttft-ms")
  ? { ttft: opt("--direct-ttft-ms"), perToken: opt("--direct-us-per-token") }
  : await direct();
const s = await served();
const f = (x, d) => x.toFixed(d);
console.log(`${engine} W10 ttft_ms ${f(s.ttft, 2)} ms`);
console.log(`${engine} W10 us_per_token ${f(s.perToken, 2)} us`);
console.log(`${engine} W10 ttft_overhead_ms ${f(s.ttft - base.ttft, 2)} ms`);
console.log(`${engine} W10 us_per_token_added ${f(s.perToken - base.perToken, 2)} us`);
