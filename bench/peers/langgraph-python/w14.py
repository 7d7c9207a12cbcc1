"""W14 and W15 on Python LangGraph 1.2.12 with LangChain 1.4's create_agent, on InMemorySaver:
langgraph-checkpoint-sqlite is not in the local package mirror (nor the oracle's virtualenv), and
LangGraph's server is not installed, so this is the engine alone, not through a server, and its
bytes are the saver's serialized blobs and writes (no SQLite row overhead, no run rows).

W14: an agent thread driven to 10,000 messages in 100 runs, the same script as trellis-bench's
W14AgentThread (a model asking for 13 tool calls 7 times, then answering: 100 messages a run).
W15: 20 runs on a thread whose first input holds a 5 MB string no node changes (three nodes in a
line append a note each); bytes per checkpoint after the first run.
Usage: w14.py [RUNS]"""
import operator
import statistics
import sys
import time
from typing import Annotated, Any, TypedDict

from langchain.agents import create_agent
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

ROUNDS, CALLS = 7, 13


class Scripted(BaseChatModel):
    def bind_tools(self, tools, **kwargs):
        return self

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        last_human = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
        asked = sum(1 for m in messages[last_human:] if isinstance(m, AIMessage))
        if asked >= ROUNDS:
            msg = AIMessage(content=f"All {ROUNDS * CALLS} lookups are done; here is the summary.")
        else:
            msg = AIMessage(content="", tool_calls=[
                {"id": f"call-{len(messages)}-{i}", "name": "lookup", "args": {"key": f"item {i}"}} for i in range(CALLS)])
        return ChatResult(generations=[ChatGeneration(message=msg)])


@tool
def lookup(key: str) -> str:
    """looks a key up"""
    return f"the value of {key} is a short sentence of about sixty characters"


def stored(saver):
    def size(x):
        if isinstance(x, (bytes, bytearray)):
            return len(x)
        if isinstance(x, dict):
            return sum(size(v) for v in x.values())
        if isinstance(x, (list, tuple)):
            return sum(size(v) for v in x)
        return 0
    return size(saver.storage) + size(saver.writes) + size(saver.blobs)


def w14(runs):
    saver = InMemorySaver()
    app = create_agent(Scripted(), tools=[lookup], checkpointer=saver)
    config = {"configurable": {"thread_id": "t"}, "recursion_limit": 100}
    ms, sizes = [0.0] * (runs + 1), [0] * (runs + 1)
    before = stored(saver)
    for run in range(1, runs + 1):
        t0 = time.perf_counter()
        out = app.invoke({"messages": [{"role": "user", "content": f"question {run}: look the items up"}]}, config)
        ms[run] = (time.perf_counter() - t0) * 1000
        now = stored(saver)
        sizes[run], before = now - before, now
        assert len(out["messages"]) == 100 * run, len(out["messages"])
        if run % 10 == 0:
            print(f"run {run}: {ms[run]:.0f} ms, {sizes[run]} B", file=sys.stderr)
    for n in (10, runs):
        print(f"langgraph-py W14 ms_per_run_{n} {statistics.median(ms[n - 4:n + 1]):.2f} ms")
        print(f"langgraph-py W14 bytes_per_run_{n} {statistics.median(sizes[n - 4:n + 1]):.0f} B")
    print(f"langgraph-py W14 stored_bytes_{runs} {before} B")


class Doc(TypedDict):
    doc: str
    notes: Annotated[list, operator.add]


def w15(runs=20):
    saver = InMemorySaver()
    g = StateGraph(Doc)
    prev = START
    for node in ("skim", "read", "summarise"):
        g.add_node(node, lambda s, node=node: {"notes": [f"{node} saw {len(s['doc'])} characters"]})
        g.add_edge(prev, node)
        prev = node
    g.add_edge(prev, END)
    app = g.compile(checkpointer=saver)
    document = "0123456789abcdef" * (5 * 1024 * 1024 // 16)
    config = {"configurable": {"thread_id": "t"}}
    app.invoke({"doc": document, "notes": ["run 1"]}, config)
    after_first, checkpoints = stored(saver), len(list(saver.list(config)))
    for run in range(2, runs + 1):
        app.invoke({"notes": [f"run {run}"]}, config)
    per = (stored(saver) - after_first) // (len(list(saver.list(config))) - checkpoints)
    print(f"langgraph-py W15 bytes_per_checkpoint {per} B")
    print(f"langgraph-py W15 stored_bytes_{runs} {stored(saver)} B")


if __name__ == "__main__":
    w14(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
    w15()
