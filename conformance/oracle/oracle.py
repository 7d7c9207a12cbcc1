"""Runs Trellis conformance scenarios (FORMAT.md v1) on the real LangGraph (Python).

Usage: oracle.py FILE|DIR [...]   prints, per scenario file, one JSON line:
       {"file": "<path>", "result": [<result per run>]}
With --single FILE it prints only the result array (the shape of `expect`).
With --durability exit|async|sync (first) threaded runs use that mode (default sync).
"""
import contextlib
import json
import operator
import os
import sys
import time
import typing
from typing import Annotated, Any

from langgraph.cache.memory import InMemoryCache
from langgraph.channels.named_barrier_value import NamedBarrierValue
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.config import get_stream_writer
from langgraph.errors import EmptyInputError, GraphRecursionError, InvalidUpdateError
from langgraph.graph import END, START, StateGraph
from langgraph.types import CachePolicy, Command, Overwrite, RetryPolicy, Send, interrupt


class ScenarioFailure(Exception):
    """Raised by the `fail` op; retried by LangGraph's default retry_on."""


def _merge(a, b):
    return {**(a or {}), **(b or {})}


def _add(a, b):
    return a + b


def _default_type(base, value):
    # BinaryOperatorAggregate builds its initial value by calling the annotated type.
    return type("Default", (), {"__new__": lambda cls: value})


def state_schema(channels):
    fields = {}
    for name, spec in channels.items():
        reducer = spec.get("reducer", "last")
        has_default = "default" in spec
        if reducer == "last":
            if has_default:
                raise ValueError("oracle: a default on a last channel cannot be expressed in LangGraph")
            fields[name] = Any
        elif reducer == "append":
            typ = _default_type(list, spec["default"]) if has_default else list
            fields[name] = Annotated[typ, operator.add]
        elif reducer == "add":
            typ = _default_type(int, spec["default"]) if has_default else int
            fields[name] = Annotated[typ, _add]
        elif reducer == "merge":
            typ = _default_type(dict, spec["default"]) if has_default else dict
            fields[name] = Annotated[typ, _merge]
        else:
            raise ValueError(f"unknown reducer {reducer}")
    return typing.TypedDict("State", fields)


class Scenario:
    def __init__(self, spec):
        self.spec = spec
        self.fail_counts = {}
        self.cache = InMemoryCache()

    def node_fn(self, path, node):
        ops = node.get("ops", [])

        def run(state):
            writes, gotos, parent_goto = {}, [], None
            for op in ops:
                (kind, arg), = op.items()
                if kind == "set":
                    writes.update(arg)
                elif kind == "append":
                    for ch, v in arg.items():
                        writes[ch] = list(writes.get(ch, [])) + [v]
                elif kind == "overwrite":
                    for ch, v in arg.items():
                        writes[ch] = Overwrite(v)
                elif kind == "incr":
                    for ch, n in arg.items():
                        writes[ch] = (state.get(ch) or 0) + n
                elif kind == "copy":
                    writes[arg["to"]] = state.get(arg["from"])
                elif kind == "interrupt":
                    writes[arg["into"]] = interrupt(arg["value"])
                elif kind == "fail":
                    seen = self.fail_counts.get(path, 0)
                    if seen < arg["times"]:
                        self.fail_counts[path] = seen + 1
                        raise ScenarioFailure(f"{path} fails (attempt {seen + 1})")
                elif kind == "send":
                    gotos.extend(Send(arg["node"], {arg["as"]: e}) for e in state.get(arg["over"]) or [])
                elif kind == "goto":
                    gotos.extend(arg if isinstance(arg, list) else [arg])
                elif kind == "goto_parent":
                    parent_goto = arg
                elif kind == "custom":
                    get_stream_writer()(arg)
                elif kind == "sleep_ms":
                    time.sleep(arg / 1000)
                else:
                    raise ValueError(f"unknown op {kind}")
            if parent_goto is not None:
                return Command(graph=Command.PARENT, goto=parent_goto, update=writes)
            if gotos:
                return Command(update=writes, goto=gotos)
            return writes

        return run

    def build(self, g, prefix=""):
        builder = StateGraph(state_schema(g.get("channels", {})))
        for name, node in g.get("nodes", {}).items():
            kwargs = {}
            if "retry" in node:
                r = node["retry"]
                kwargs["retry_policy"] = RetryPolicy(
                    max_attempts=r.get("max_attempts", 3),
                    initial_interval=r.get("initial_interval", 0.5),
                    backoff_factor=r.get("backoff_factor", 2.0),
                    jitter=r.get("jitter", True),
                )
            if node.get("defer"):
                kwargs["defer"] = True
            if "cache" in node:
                kwargs["cache_policy"] = CachePolicy(ttl=(node["cache"] or {}).get("ttl"))
            if "graph" in node:
                builder.add_node(name, self.build(node["graph"], prefix + name + "/").compile(), **kwargs)
            else:
                builder.add_node(name, self.node_fn(prefix + name, node), **kwargs)
        for src, dst in g.get("edges", []):
            builder.add_edge(src, dst)
        for i, route in enumerate(g.get("routes", [])):
            fn = router(route)
            fn.__name__ = f"route{i}"  # LangGraph keys branches by function name
            builder.add_conditional_edges(route["from"], fn, route.get("to"))
        return builder


COMPARE = {"lt": operator.lt, "le": operator.le, "eq": operator.eq,
           "ne": operator.ne, "ge": operator.ge, "gt": operator.gt}


def router(route):
    if "by" in route:
        channel = route["by"]
        return lambda state: state.get(channel)
    cond = route["if"]
    (op, value), = ((k, v) for k, v in cond.items() if k != "ch")
    channel = cond["ch"]
    return lambda state: route["then"] if COMPARE[op](state.get(channel), value) else route["else"]


def jsonable(v):
    if isinstance(v, dict):
        return {k: jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, Overwrite):
        return {"__overwrite__": jsonable(v.value)}
    if hasattr(v, "value") and type(v).__name__ == "Interrupt":
        return {"value": jsonable(v.value)}
    return v


def event(mode, chunk):
    if mode == "updates":
        out = {}
        for node, update in chunk.items():
            out[node] = {} if update is None else jsonable(update)
        return [mode, out]
    return [mode, jsonable(chunk)]


def error_name(e):
    if isinstance(e, GraphRecursionError):
        return "GraphRecursion"
    if isinstance(e, InvalidUpdateError):
        return "InvalidUpdate"
    if isinstance(e, EmptyInputError):
        return "EmptyInput"
    if isinstance(e, RuntimeError) and "multiple pending interrupts" in str(e):
        return "AmbiguousResume"
    return "NodeError"


def history_entry(snapshot):
    return {"step": snapshot.metadata["step"], "source": snapshot.metadata["source"],
            "next": sorted(snapshot.next)}


@contextlib.contextmanager
def barrier_copies():
    """Join barriers checkpoint a copy of their set (LangGraph hands out the live set, so a
    checkpoint serialized later can show a join target as next where it could not run:
    DIFFERENCES.md, 7). With durability="exit" every save happens late, at the end of the run."""
    original = NamedBarrierValue.checkpoint
    NamedBarrierValue.checkpoint = lambda self: set(original(self))
    try:
        yield
    finally:
        NamedBarrierValue.checkpoint = original


def run_scenario(spec, durability="sync"):
    if durability == "exit":
        with barrier_copies():
            return _run_scenario(spec, durability)
    return _run_scenario(spec, durability)


def _run_scenario(spec, durability):
    scenario = Scenario(spec)
    try:
        builder = scenario.build(spec)
        saver = InMemorySaver()
        threaded = builder.compile(checkpointer=saver, cache=scenario.cache)
        plain = builder.compile(cache=scenario.cache)
    except Exception:  # compile-time rejection
        return [{"events": [], "error": "InvalidGraph"} for _ in spec["runs"]]
    results = []
    for run in spec["runs"]:
        result = {"events": []}
        thread = run.get("thread")
        graph = threaded if thread else plain
        config = {"recursion_limit": run.get("recursion_limit", 10007)}
        if thread:
            config["configurable"] = {"thread_id": thread}
            if "from_checkpoint" in run:
                history = list(graph.get_state_history(config))
                if run["from_checkpoint"] >= len(history):
                    # e.g. durability="exit" saves one checkpoint per run, not one per step
                    result["error"] = "NoCheckpoint"
                else:
                    target = history[run["from_checkpoint"]].config["configurable"]
                    config["configurable"] = dict(target)
        if "error" in result:
            pass
        elif "update_state" in run:
            upd = run["update_state"]
            try:
                graph.update_state(config, upd.get("values"), as_node=upd.get("as_node"))
            except Exception as e:  # e.g. an ambiguous update without as_node
                result["error"] = error_name(e)
        else:
            if "command" in run:
                c = run["command"]
                payload = Command(**{k: c[k] for k in ("resume", "update", "goto") if k in c})
            else:
                payload = run.get("input")
            modes = run.get("stream_mode", ["values", "updates"])
            # durability="sync" by default: with "async", LangGraph may serialize a join's barrier
            # set after the next step has already added to it (see DIFFERENCES.md); fill.py also
            # runs "exit", which saves one checkpoint per run.
            kwargs = {"stream_mode": list(dict.fromkeys([*modes, "values"]))}
            if thread:
                kwargs["durability"] = durability
            if run.get("interrupt_before"):
                kwargs["interrupt_before"] = run["interrupt_before"]
            if run.get("interrupt_after"):
                kwargs["interrupt_after"] = run["interrupt_after"]
            last_values = None
            try:
                for mode, chunk in graph.stream(payload, config, **kwargs):
                    if mode in modes:
                        result["events"].append(event(mode, chunk))
                    if mode == "values" and "__interrupt__" not in chunk:
                        last_values = jsonable(chunk)
            except Exception as e:  # the run's error is part of the result
                result["error"] = error_name(e)
            if not thread and last_values is not None:
                result["final"] = last_values
        if thread:
            state_config = {"configurable": {"thread_id": thread}}
            try:
                state = graph.get_state(state_config)
            except Exception as e:  # pending writes that cannot be applied together
                result["state_error"] = error_name(e)
                results.append(result)
                continue
            result["final"] = jsonable(state.values)
            result["next"] = sorted(state.next)
            result["interrupts"] = [{"value": jsonable(i.value)} for i in state.interrupts]
            if run.get("history"):
                result["history"] = [history_entry(s) for s in graph.get_state_history(state_config)]
        results.append(result)
    return results


def files(args):
    for arg in args:
        if os.path.isdir(arg):
            for name in sorted(os.listdir(arg)):
                if name.endswith(".json"):
                    yield os.path.join(arg, name)
        else:
            yield arg


def main(argv):
    durability = "sync"
    if argv and argv[0] == "--durability":
        durability, argv = argv[1], argv[2:]
    if argv and argv[0] == "--single":
        with open(argv[1]) as f:
            print(json.dumps(run_scenario(json.load(f), durability)))
        return
    for path in files(argv):
        with open(path) as f:
            spec = json.load(f)
        print(json.dumps({"file": path, "result": run_scenario(spec, durability)}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
