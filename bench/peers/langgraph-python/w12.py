"""W12 on Python LangGraph: a 200-turn chat thread, the same graph and messages as trellis-bench's
W12ChatThread, on InMemorySaver (langgraph-checkpoint-sqlite is not in the oracle's virtualenv),
once with the appending reducer (operator.add) and once with DeltaChannel. Prints per-turn time and
the bytes each turn adds to the saver's serialized storage at turns 10, 50, 100, 200, and the total."""
import operator
import statistics
import sys
import time
from typing import Annotated, TypedDict

from langgraph.channels.delta import DeltaChannel
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

TURNS = 200
REPORTED = (10, 50, 100, 200)
FILLER = "the quick brown fox jumps over the lazy dog " * 3


def concat(state, writes):
    out = list(state)
    for w in writes:
        out.extend(w if isinstance(w, list) else [w])
    return out


class Appending(TypedDict):
    messages: Annotated[list, operator.add]


class Delta(TypedDict):
    messages: Annotated[list, DeltaChannel(concat)]


def message(role, text):
    return {"role": role, "content": f"{text}: {FILLER}"}


def graph(schema, saver):
    g = StateGraph(schema)
    g.add_node("assistant", lambda s: {"messages": [message("assistant", f"reply to message {len(s['messages'])}")]})
    g.add_edge(START, "assistant")
    g.add_edge("assistant", END)
    return g.compile(checkpointer=saver)


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


def thread(app, saver, tid):
    nanos, sizes = [0] * (TURNS + 1), [0] * (TURNS + 1)
    before = stored(saver)
    for turn in range(1, TURNS + 1):
        t0 = time.perf_counter_ns()
        app.invoke({"messages": [message("user", f"message {turn}")]}, {"configurable": {"thread_id": tid}})
        nanos[turn] = time.perf_counter_ns() - t0
        now = stored(saver)
        sizes[turn], before = now - before, now
    n = len(app.get_state({"configurable": {"thread_id": tid}}).values["messages"])
    assert n == 2 * TURNS, n
    return nanos, sizes


def main():
    threads = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for name, schema in (("append", Appending), ("delta", Delta)):
        saver = InMemorySaver()
        app = graph(schema, saver)
        thread(app, saver, "warm")
        start = stored(saver)
        runs = [thread(app, saver, f"t{i}") for i in range(threads)]
        per_thread = (stored(saver) - start) // threads
        for turn in REPORTED:
            ns = [r[0][k] for r in runs for k in range(max(1, turn - 4), turn + 1)]
            bs = [r[1][k] for r in runs for k in range(max(1, turn - 4), turn + 1)]
            print(f"langgraph-py-{name} W12 us_per_turn_{turn} {statistics.median(ns) / 1000:.1f} us")
            print(f"langgraph-py-{name} W12 bytes_per_turn_{turn} {statistics.median(bs):.0f} B")
        print(f"langgraph-py-{name} W12 stored_bytes_{TURNS} {per_thread} B")


if __name__ == "__main__":
    main()
