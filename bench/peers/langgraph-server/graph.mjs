// W1's chain10 graph (the same as bench/peers/langgraphjs/bench.mjs), served as "chain" for W9.
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";

const State = Annotation.Root({
  count: Annotation({ reducer: (_a, b) => b, default: () => 0 }),
  log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const g = new StateGraph(State);
for (let i = 0; i < 10; i++) g.addNode(`n${i}`, (s) => ({ count: s.count + 1, log: [i] }));
g.addEdge(START, "n0");
for (let i = 0; i < 9; i++) g.addEdge(`n${i}`, `n${i + 1}`);
g.addEdge("n9", END);

export const chain = g.compile();

// W10's graph: one node calls the scripted 2,000-token model and appends its answer.
import { MessagesAnnotation } from "@langchain/langgraph";
import { ScriptedTokens } from "./model.mjs";

const model = new ScriptedTokens({});
export const tokens = new StateGraph(MessagesAnnotation)
  .addNode("model", async (s) => ({ messages: [await model.invoke(s.messages)] }))
  .addEdge(START, "model")
  .addEdge("model", END)
  .compile();
