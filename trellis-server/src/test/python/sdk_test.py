"""Drives a running Trellis server with LangGraph's official Python client (langgraph-sdk, the
version langgraph 1.2.12 pulls into the oracle's virtualenv). Prints one "ok <step>" line per
step; any failed assertion exits non-zero."""
import os
import sys
import time

import httpx
from langgraph_sdk import get_sync_client

client = get_sync_client(url=os.environ["TRELLIS_URL"], api_key=None)


def ok(step):
    print("ok", step, flush=True)


def expect_status(status, fn):
    try:
        fn()
    except httpx.HTTPStatusError as e:
        assert e.response.status_code == status, (e.response.status_code, e.response.text)
        return
    raise AssertionError(f"expected HTTP {status}")


# Assistants by graph name and search.
names = sorted(a["graph_id"] for a in client.assistants.search(limit=100))
assert {"approval", "chain", "nested", "slow"} <= set(names), names
mine = client.assistants.create(graph_id="chain", name="py", metadata={"lang": "python"})
assert client.assistants.get(mine["assistant_id"])["name"] == "py"
assert client.assistants.get_graph("nested", xray=True)["nodes"]
ok("assistants")

# Stream in several modes with subgraph events.
thread = client.threads.create(metadata={"client": "python"})
parts = list(client.runs.stream(thread["thread_id"], "nested", input={"topic": "owls"},
                                stream_mode=["values", "updates", "custom"], stream_subgraphs=True))
events = [p.event for p in parts]
assert events[0] == "metadata", events
assert any(e.startswith("updates|child:") for e in events), events
assert [p.data for p in parts if p.event == "custom"][0] == {"progress": "planning"}
assert client.threads.get(thread["thread_id"])["status"] == "idle"
ok("stream")

# Interrupt, inspect, resume with a command.
hitl = client.threads.create()
result = client.runs.wait(hitl["thread_id"], "approval", input={"topics": [["a"], ["b"]]})
assert result["__interrupt__"][0]["value"] == "publish these notes?", result
state = client.threads.get_state(hitl["thread_id"])
assert state["next"] == ["review"], state
assert state["tasks"][0]["interrupts"][0]["value"] == "publish these notes?"
done = client.runs.wait(hitl["thread_id"], "approval", command={"resume": "yes"})
assert done["log"] == ["plan", "review", "publish"], done
ok("interrupt-resume")

# History, then fork from the paused checkpoint.
history = client.threads.get_history(hitl["thread_id"], limit=50)
assert history[-1]["metadata"]["source"] == "input" and history[-1]["metadata"]["step"] == -1
paused = next(s for s in history if s["next"] == ["review"] and s["tasks"][0]["interrupts"])
client.threads.update_state(hitl["thread_id"], {"approved": "no"}, as_node="review",
                            checkpoint_id=paused["checkpoint"]["checkpoint_id"])
forked = client.threads.get_state(hitl["thread_id"])
assert forked["values"]["approved"] == "no" and forked["values"]["log"] == ["plan"], forked
ok("history-fork")

# Store.
client.store.put_item(["py", "notes"], "n1", {"text": "hello"})
assert client.store.get_item(["py", "notes"], "n1")["value"] == {"text": "hello"}
assert [i["key"] for i in client.store.search_items(["py"], filter={"text": "hello"})["items"]] == ["n1"]
assert ["py", "notes"] in client.store.list_namespaces(prefix=["py"])["namespaces"]
client.store.delete_item(["py", "notes"], "n1")
ok("store")

# Background run joined; a running one cancelled; a rejected one.
bg = client.threads.create()
run = client.runs.create(bg["thread_id"], "slow", input={})
assert client.runs.join(bg["thread_id"], run["run_id"])["n"] == 5
busy = client.threads.create()
long = client.runs.create(busy["thread_id"], "slow", input={})
deadline = time.time() + 10
while client.runs.get(busy["thread_id"], long["run_id"])["status"] != "running":
    assert time.time() < deadline
    time.sleep(0.02)
expect_status(409, lambda: client.runs.create(busy["thread_id"], "slow", input={}, multitask_strategy="reject"))
client.runs.cancel(busy["thread_id"], long["run_id"], wait=True)
assert client.runs.get(busy["thread_id"], long["run_id"])["status"] == "interrupted"
ok("join-cancel")

# Resumable join stream, stateless run, errors.
res = client.runs.create(bg["thread_id"], "chain", input={"log": []}, stream_resumable=True, stream_mode=["updates"])
replayed = [p for p in client.runs.join_stream(bg["thread_id"], res["run_id"], last_event_id="0")
            if p.event == "updates"]
assert [list(p.data)[0] for p in replayed] == [f"n{i}" for i in range(10)], replayed
assert len(client.runs.wait(None, "chain", input={"log": ["x"]})["log"]) == 11
expect_status(404, lambda: client.threads.get("00000000-0000-0000-0000-000000000000"))
expect_status(422, lambda: client.runs.wait(bg["thread_id"], "chain", input={}, interrupt_before=["ghost"]))
ok("stream-stateless-errors")

# The thread's stream across its runs (threads.join_stream), resumed from before the first event.
joined = client.threads.create()
first = client.runs.create(joined["thread_id"], "chain", input={"log": []}, stream_resumable=True)
client.runs.join(joined["thread_id"], first["run_id"])
lifecycle = []
for p in client.threads.join_stream(joined["thread_id"], last_event_id=f"{first['run_id']}:0", stream_mode="lifecycle"):
    assert p.event, p  # no phantom chunks
    lifecycle.append((p.event, p.data["run_id"], p.data.get("status")))
    if p.event == "run_done":
        break
assert lifecycle == [("metadata", first["run_id"], None), ("run_done", first["run_id"], "success")], lifecycle
ok("join-thread-stream")
print("PY SDK OK")
sys.exit(0)
