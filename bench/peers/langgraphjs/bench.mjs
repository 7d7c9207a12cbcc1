// WORKLOADS.md on LangGraph.js (@langchain/langgraph 1.7.3). Prints
// `langgraphjs <workload> <metric> <value> <unit>` lines, like trellis-bench.
// Each workload: warm-up for WARM seconds, then as many invocations as fit in MEASURE seconds.
import { Annotation, END, MemorySaver, START, Send, StateGraph } from "@langchain/langgraph";

const WARM = Number(process.env.WARM_SECONDS ?? 2);
const MEASURE = Number(process.env.MEASURE_SECONDS ?? 5);

const State = Annotation.Root({
  count: Annotation({ reducer: (_a, b) => b, default: () => 0 }),
  log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
  results: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

function chain10(checkpointer) {
  const g = new StateGraph(State);
  for (let i = 0; i < 10; i++) g.addNode(`n${i}`, (s) => ({ count: s.count + 1, log: [i] }));
  g.addEdge(START, "n0");
  for (let i = 0; i < 9; i++) g.addEdge(`n${i}`, `n${i + 1}`);
  g.addEdge("n9", END);
  return g.compile(checkpointer ? { checkpointer } : {});
}

function fanout100() {
  const sends = Array.from({ length: 100 }, (_, i) => new Send("worker", { i }));
  return new StateGraph(State)
    .addNode("router", () => ({}))
    .addNode("worker", (s) => ({ results: [s.i] }))
    .addNode("join", () => ({}))
    .addEdge(START, "router")
    .addConditionalEdges("router", () => sends)
    .addEdge("worker", "join")
    .addEdge("join", END)
    .compile();
}

function parallel10() {
  const g = new StateGraph(State);
  const names = [];
  for (let i = 0; i < 10; i++) {
    names.push(`p${i}`);
    g.addNode(`p${i}`, () => ({ log: [i] }));
    g.addEdge(START, `p${i}`);
  }
  g.addNode("join", (s) => ({ count: s.log.length }));
  g.addEdge(names, "join");
  g.addEdge("join", END);
  return g.compile();
}

function loop(steps) {
  return new StateGraph(State)
    .addNode("loop", (s) => ({ count: s.count + 1 }))
    .addEdge(START, "loop")
    .addConditionalEdges("loop", (s) => (s.count >= steps ? END : "loop"))
    .compile();
}

async function measure(run) {
  let end = performance.now() + WARM * 1000;
  while (performance.now() < end) await run();
  let n = 0;
  const start = performance.now();
  end = start + MEASURE * 1000;
  while (performance.now() < end) {
    await run();
    n++;
  }
  return { n, seconds: (performance.now() - start) / 1000 };
}

const only = process.argv[2] ? new RegExp(process.argv[2]) : /.*/;
const workloads = {
  W1: async () => {
    const g = chain10();
    const { n, seconds } = await measure(() => g.invoke({ count: 0 }));
    return `langgraphjs W1 invocations_per_s ${(n / seconds).toFixed(0)} ops/s`;
  },
  W2: async () => {
    const g = fanout100();
    const { n, seconds } = await measure(() => g.invoke({ count: 0 }));
    return `langgraphjs W2 invocations_per_s ${(n / seconds).toFixed(0)} ops/s`;
  },
  W3: async () => {
    const g = parallel10();
    const { n, seconds } = await measure(() => g.invoke({ count: 0 }));
    return `langgraphjs W3 invocations_per_s ${(n / seconds).toFixed(0)} ops/s`;
  },
  W4: async () => {
    const g = loop(1000);
    const { n, seconds } = await measure(() => g.invoke({ count: 0 }, { recursionLimit: 1010 }));
    return `langgraphjs W4 us_per_step ${((seconds * 1e6) / (n * 1000)).toFixed(3)} us`;
  },
  W5: async () => {
    const g = chain10(new MemorySaver());
    let t = 0;
    const { n, seconds } = await measure(() => g.invoke({ count: 0 }, { configurable: { thread_id: `t${t++}` } }));
    return `langgraphjs W5 invocations_per_s ${(n / seconds).toFixed(0)} ops/s`;
  },
};
for (const [name, run] of Object.entries(workloads)) {
  if (only.test(name)) console.log(await run());
}
