"""WORKLOADS.md W1-W5 on Python LangGraph 1.2.12 (the conformance oracle's virtualenv, made by
conformance/oracle/setup.sh). Prints `langgraph-py <workload> <metric> <value> <unit>` lines like
trellis-bench. Each workload: warm-up for WARM_SECONDS, then as many invocations as fit in
MEASURE_SECONDS. Usage: .oracle-venv/bin/python bench/peers/langgraph-python/bench.py [REGEX]"""
import operator
import os
import re
import sys
import time
from typing import Annotated, TypedDict

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Send

WARM = float(os.environ.get("WARM_SECONDS", 2))
MEASURE = float(os.environ.get("MEASURE_SECONDS", 5))


class State(TypedDict, total=False):
    count: int
    log: Annotated[list, operator.add]
    results: Annotated[list, operator.add]
    i: int


def chain10(checkpointer=None):
    g = StateGraph(State)
    for i in range(10):
        g.add_node(f"n{i}", lambda s, i=i: {"count": s["count"] + 1, "log": [i]})
    g.add_edge(START, "n0")
    for i in range(9):
        g.add_edge(f"n{i}", f"n{i + 1}")
    g.add_edge("n9", END)
    return g.compile(checkpointer=checkpointer)


def fanout100():
    sends = [Send("worker", {"i": i}) for i in range(100)]
    g = StateGraph(State)
    g.add_node("router", lambda s: {})
    g.add_node("worker", lambda s: {"results": [s["i"]]})
    g.add_node("join", lambda s: {})
    g.add_edge(START, "router")
    g.add_conditional_edges("router", lambda s: sends)
    g.add_edge("worker", "join")
    g.add_edge("join", END)
    return g.compile()


def parallel10():
    g = StateGraph(State)
    names = []
    for i in range(10):
        names.append(f"p{i}")
        g.add_node(f"p{i}", lambda s, i=i: {"log": [i]})
        g.add_edge(START, f"p{i}")
    g.add_node("join", lambda s: {"count": len(s["log"])})
    g.add_edge(names, "join")
    g.add_edge("join", END)
    return g.compile()


def loop(steps):
    g = StateGraph(State)
    g.add_node("loop", lambda s: {"count": s["count"] + 1})
    g.add_edge(START, "loop")
    g.add_conditional_edges("loop", lambda s: END if s["count"] >= steps else "loop")
    return g.compile()


def measure(run):
    end = time.perf_counter() + WARM
    while time.perf_counter() < end:
        run()
    n, start = 0, time.perf_counter()
    end = start + MEASURE
    while time.perf_counter() < end:
        run()
        n += 1
    return n, time.perf_counter() - start


def w1():
    g = chain10()
    n, s = measure(lambda: g.invoke({"count": 0, "log": []}))
    return f"langgraph-py W1 invocations_per_s {n / s:.0f} ops/s"


def w2():
    g = fanout100()
    n, s = measure(lambda: g.invoke({"count": 0}))
    return f"langgraph-py W2 invocations_per_s {n / s:.0f} ops/s"


def w3():
    g = parallel10()
    n, s = measure(lambda: g.invoke({"count": 0, "log": []}))
    return f"langgraph-py W3 invocations_per_s {n / s:.0f} ops/s"


def w4():
    g = loop(1000)
    n, s = measure(lambda: g.invoke({"count": 0}, {"recursion_limit": 1010}))
    return f"langgraph-py W4 us_per_step {s * 1e6 / (n * 1000):.3f} us"


def w5():
    g = chain10(InMemorySaver())
    t = iter(range(10**9))
    n, s = measure(lambda: g.invoke({"count": 0, "log": []}, {"configurable": {"thread_id": f"t{next(t)}"}}))
    return f"langgraph-py W5 invocations_per_s {n / s:.0f} ops/s"


if __name__ == "__main__":
    only = re.compile(sys.argv[1] if len(sys.argv) > 1 else ".*")
    for name, run in (("W1", w1), ("W2", w2), ("W3", w3), ("W4", w4), ("W5", w5)):
        if only.search(name):
            print(run(), flush=True)
