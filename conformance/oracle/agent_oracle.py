"""Runs agent scenarios (format: ../AGENT-FORMAT.md) on LangChain's `create_agent` and prints
each file's results in the shape of its `expect` field, one JSON line per file.

Usage: agent_oracle.py FILE|DIR [...]
"""
import json
import os
import sys
import tempfile
from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import (
    AgentMiddleware,
    ClearToolUsesEdit,
    ContextEditingMiddleware,
    FilesystemFileSearchMiddleware,
    HumanInTheLoopMiddleware,
    LLMToolEmulator,
    LLMToolSelectorMiddleware,
    ModelCallLimitMiddleware,
    ModelFallbackMiddleware,
    ModelRetryMiddleware,
    PIIMiddleware,
    ShellToolMiddleware,
    SummarizationMiddleware,
    TodoListMiddleware,
    ToolCallLimitMiddleware,
    ToolErrorMiddleware,
    ToolRetryMiddleware,
    hook_config,
)
from langchain.agents.structured_output import ProviderStrategy, ToolStrategy
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import StructuredTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.errors import GraphRecursionError
from langgraph.types import Command
from pydantic import ConfigDict, create_model

THREAD = {"configurable": {"thread_id": "t"}}


class ModelError(Exception):
    """A scripted model failure (`{"error": ...}` in a model's script)."""


class ToolError(Exception):
    """A scripted tool failure (`raises`, `fail_times`)."""


class ScriptExhausted(Exception):
    """A model was called more often than its script has answers."""


def text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(b if isinstance(b, str) else b.get("text", "") for b in content)


def record_message(m: BaseMessage) -> dict:
    out = {"type": m.type, "content": text(m.content)}
    if isinstance(m, AIMessage):
        out["tool_calls"] = [{"name": c["name"], "args": c["args"], "id": c["id"]} for c in m.tool_calls]
        if m.usage_metadata:
            out["usage"] = {"input_tokens": m.usage_metadata["input_tokens"],
                            "output_tokens": m.usage_metadata["output_tokens"]}
    if isinstance(m, ToolMessage):
        out["tool_call_id"] = m.tool_call_id
        out["name"] = m.name
        out["status"] = m.status
    return out


class Log:
    """Every request any scripted model received, in order."""

    def __init__(self):
        self.requests = []


class ScriptedModel(BaseChatModel):
    """Answers from its script in order and records every request (messages, tools, response format)."""

    label: str
    script: list
    log: Any
    position: list

    model_config = ConfigDict(arbitrary_types_allowed=True)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools, *, tool_choice=None, **kwargs):
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        request = {"model": self.label, "messages": [record_message(m) for m in messages],
                   "tools": [t["function"]["name"] for t in kwargs.get("tools", [])]}
        rf = kwargs.get("response_format")
        if rf is not None:
            request["response_format"] = rf.get("json_schema", {}).get("name")
        self.log.requests.append(request)
        if self.position[0] >= len(self.script):
            raise ScriptExhausted(f"model {self.label} has only {len(self.script)} answers")
        answer = self.script[self.position[0]]
        self.position[0] += 1
        if "error" in answer:
            raise ModelError(answer["error"])
        usage = answer.get("usage")
        message = AIMessage(
            content=answer.get("content", ""),
            tool_calls=[{"name": c["name"], "args": c.get("args", {}), "id": c["id"], "type": "tool_call"}
                        for c in answer.get("tool_calls", [])],
            usage_metadata=None if usage is None else {
                "input_tokens": usage["input_tokens"], "output_tokens": usage["output_tokens"],
                "total_tokens": usage["input_tokens"] + usage["output_tokens"]},
        )
        return ChatResult(generations=[ChatGeneration(message=message)])


JSON_TYPES = {"string": str, "integer": int, "number": float, "boolean": bool, "object": dict, "array": list}


def make_tool(spec: dict, calls: dict):
    name = spec["name"]
    fields = {arg: (JSON_TYPES[kind], ...) for arg, kind in spec.get("args", {}).items()}
    schema = create_model(name + "_args", **fields)

    def run(**kwargs):
        calls[name] = calls.get(name, 0) + 1
        if "raises" in spec:
            raise ToolError(spec["raises"])
        if calls[name] <= spec.get("fail_times", 0):
            raise ToolError(f"{name} failed (call {calls[name]})")
        return spec.get("returns", "ok").format(**kwargs)

    return StructuredTool.from_function(run, name=name, description=spec.get("description", name),
                                        args_schema=schema, return_direct=spec.get("return_direct", False))


def holds(cond: dict | None, state: dict) -> bool:
    """A hook's `if`: every clause holds in `state`."""
    if not cond:
        return True
    messages = state.get("messages", [])
    for key, value in cond.items():
        if key == "messages_at_least" and len(messages) < value:
            return False
        if key == "messages_exactly" and len(messages) != value:
            return False
        if key == "ai_messages_at_least" and sum(m.type == "ai" for m in messages) < value:
            return False
        if key == "tool_messages_at_least" and sum(m.type == "tool" for m in messages) < value:
            return False
        if key == "last_ai_calls_tools":
            ais = [m for m in messages if m.type == "ai"]
            if bool(ais and ais[-1].tool_calls) != value:
                return False
    return True


def node_hook(action: dict):
    jumps = action.get("can_jump_to", [action["jump_to"]] if "jump_to" in action else [])

    def hook(self, state, runtime):
        if not holds(action.get("if"), state):
            return None
        update = {}
        if "add_messages" in action:
            update["messages"] = action["add_messages"]
        if "jump_to" in action:
            update["jump_to"] = action["jump_to"]
        return update or None

    return hook_config(can_jump_to=jumps)(hook) if jumps else hook


def wrap_model(action: dict):
    def wrap_model_call(self, request, handler):
        if "replace" in action and holds(action.get("if"), request.state):
            return AIMessage(content=action["replace"])
        if "system_suffix" in action:
            old = request.system_message.content if request.system_message else ""
            request = request.override(system_message=SystemMessage(content=old + action["system_suffix"]))
        if "only_tools" in action:
            request = request.override(tools=[t for t in request.tools if t.name in action["only_tools"]])
        return handler(request)

    return wrap_model_call


def wrap_tool(action: dict):
    def wrap_tool_call(self, request, handler):
        call = request.tool_call
        if "answer" in action:
            return ToolMessage(content=action["answer"], tool_call_id=call["id"], name=call["name"])
        if "override_args" in action:
            request = request.override(tool_call={**call, "args": action["override_args"]})
        try:
            result = handler(request)
        except ToolError as e:
            if "catch" not in action:
                raise
            return ToolMessage(content=action["catch"] + str(e), tool_call_id=call["id"], name=call["name"],
                               status="error")
        if "prefix" in action and isinstance(result, ToolMessage):
            result = ToolMessage(content=action["prefix"] + text(result.content), tool_call_id=result.tool_call_id,
                                 name=result.name, status=result.status)
        return result

    return wrap_tool_call


def hooks_middleware(spec: dict):
    body = {}
    for hook in ("before_agent", "before_model", "after_model", "after_agent"):
        if hook in spec:
            body[hook] = node_hook(spec[hook])
    if "wrap_model_call" in spec:
        body["wrap_model_call"] = wrap_model(spec["wrap_model_call"])
    if "wrap_tool_call" in spec:
        body["wrap_tool_call"] = wrap_tool(spec["wrap_tool_call"])
    cls = type(spec["name"], (AgentMiddleware,), body)
    return cls()


def size(value):
    return tuple(value) if isinstance(value, list) else value


def make_middleware(spec: dict, models: dict):
    kind = spec["type"]
    if kind == "Hooks":
        return hooks_middleware(spec)
    if kind == "ModelCallLimit":
        return ModelCallLimitMiddleware(thread_limit=spec.get("thread_limit"), run_limit=spec.get("run_limit"),
                                        exit_behavior=spec.get("exit_behavior", "end"))
    if kind == "ToolCallLimit":
        return ToolCallLimitMiddleware(tool_name=spec.get("tool"), thread_limit=spec.get("thread_limit"),
                                       run_limit=spec.get("run_limit"),
                                       exit_behavior=spec.get("exit_behavior", "continue"))
    if kind == "ModelRetry":
        kwargs = {"on_failure": spec["on_failure"]} if "on_failure" in spec else {}
        return ModelRetryMiddleware(max_retries=spec.get("max_retries", 2), initial_delay=0, max_delay=0,
                                    jitter=False, **kwargs)
    if kind == "ToolRetry":
        kwargs = {"on_failure": spec["on_failure"]} if "on_failure" in spec else {}
        return ToolRetryMiddleware(max_retries=spec.get("max_retries", 2), tools=spec.get("tools"),
                                   initial_delay=0, max_delay=0, jitter=False, **kwargs)
    if kind == "ModelFallback":
        return ModelFallbackMiddleware(*[models[m] for m in spec["models"]])
    if kind == "Summarization":
        trigger = spec.get("trigger")
        trigger = [size(t) for t in trigger] if trigger and isinstance(trigger[0], list) else size(trigger)
        kwargs = {"summary_prompt": spec["summary_prompt"]} if "summary_prompt" in spec else {}
        return SummarizationMiddleware(models[spec["model"]], trigger=trigger,
                                       keep=size(spec.get("keep", ["messages", 20])), **kwargs)
    if kind == "ContextEditing":
        edit = ClearToolUsesEdit(trigger=spec.get("trigger", 100000), clear_at_least=spec.get("clear_at_least", 0),
                                 keep=spec.get("keep", 3), clear_tool_inputs=spec.get("clear_tool_inputs", False),
                                 exclude_tools=spec.get("exclude_tools", ()),
                                 placeholder=spec.get("placeholder", "[cleared]"))
        return ContextEditingMiddleware(edits=[edit])
    if kind == "HumanInTheLoop":
        interrupt_on = {}
        for tool, config in spec["interrupt_on"].items():
            if isinstance(config, dict) and "when" in config:
                config = dict(config)
                config["when"] = when_predicate(config["when"])
            interrupt_on[tool] = config
        kwargs = {k: spec[k] for k in ("description_prefix", "edit_notice") if k in spec}
        return HumanInTheLoopMiddleware(interrupt_on=interrupt_on, **kwargs)
    if kind == "LLMToolSelector":
        kwargs = {}
        if "system_prompt" in spec:
            kwargs["system_prompt"] = spec["system_prompt"]
        return LLMToolSelectorMiddleware(model=models.get(spec.get("model")), max_tools=spec.get("max_tools"),
                                         always_include=spec.get("always_include"), **kwargs)
    if kind == "PII":
        return PIIMiddleware(spec["pii_type"], strategy=spec.get("strategy", "redact"), detector=spec.get("detector"),
                             apply_to_input=spec.get("apply_to_input", True),
                             apply_to_output=spec.get("apply_to_output", False),
                             apply_to_tool_results=spec.get("apply_to_tool_results", False))
    if kind == "LLMToolEmulator":
        return LLMToolEmulator(tools=spec.get("tools"), model=models[spec["model"]])
    if kind == "TodoList":
        return TodoListMiddleware(**{k: spec[k] for k in ("system_prompt", "tool_description") if k in spec})
    if kind == "ToolError":
        return ToolErrorMiddleware(tool_error_handler(spec), tools=spec.get("tools"))
    if kind == "FilesystemFileSearch":
        return FilesystemFileSearchMiddleware(root_path=file_tree(spec["files"]), use_ripgrep=False)
    if kind == "ShellTool":
        return ShellToolMiddleware(workspace_root=tempfile.mkdtemp(prefix="agent-shell-"))
    raise ValueError(f"unknown middleware type {kind}")


def tool_error_handler(spec: dict):
    """ToolErrorMiddleware's `on_error`: `template` ({tool}, {error}) for failures whose text holds `only_if`."""
    def on_error(e, request):
        if spec.get("only_if", "") not in str(e):
            return None
        return spec["template"].replace("{tool}", request.tool_call["name"]).replace("{error}", str(e))
    return on_error


def file_tree(files: dict) -> str:
    """A fresh directory holding `files` (path → text), modified 1000 s apart in the order given."""
    root = tempfile.mkdtemp(prefix="agent-files-")
    for i, (path, content) in enumerate(files.items()):
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(content)
        os.utime(full, (1000 * (i + 1), 1000 * (i + 1)))
    return root


def when_predicate(cond: dict):
    """InterruptOnConfig's `when`: review only calls whose arguments match `args_equal`."""
    def when(request):
        args = request.tool_call["args"]
        return all(args.get(k) == v for k, v in cond.get("args_equal", {}).items())
    return when


def response_format(spec: dict | None):
    if spec is None:
        return None
    schema = spec["schema"]
    kwargs = {}
    if "tool_message_content" in spec:
        kwargs["tool_message_content"] = spec["tool_message_content"]
    if spec.get("strategy", "tool") == "provider":
        return ProviderStrategy(schema=schema)
    if "handle_errors" in spec:
        kwargs["handle_errors"] = spec["handle_errors"]
    return ToolStrategy(schema=schema, **kwargs)


def error_of(e: BaseException) -> dict:
    name = type(e).__name__
    kinds = {"GraphRecursionError": "GraphRecursion", "ModelError": "ModelError", "ToolError": "ToolError",
             "ScriptExhausted": "ScriptExhausted", "StructuredOutputValidationError": "StructuredOutput",
             "MultipleStructuredOutputsError": "StructuredOutput", "ModelCallLimitExceededError": "LimitExceeded",
             "ToolCallLimitExceededError": "LimitExceeded", "PIIDetectionError": "PII"}
    out = {"kind": kinds.get(name, "Other:" + name)}
    if out["kind"] in ("ModelError", "ToolError"):
        out["message"] = str(e)
    return out


def run_scenario(spec: dict) -> list:
    log = Log()
    scripts = {"model": spec.get("model", [])}
    scripts.update(spec.get("models", {}))
    profiles = spec.get("profiles", {})
    models = {name: ScriptedModel(label=name, script=script, log=log, position=[0], profile=profiles.get(name))
              for name, script in scripts.items()}
    calls = {}
    tools = [make_tool(t, calls) for t in spec.get("tools", [])]
    agent = create_agent(
        models["model"],
        tools=tools,
        system_prompt=spec.get("system_prompt"),
        middleware=[make_middleware(m, models) for m in spec.get("middleware", [])],
        response_format=response_format(spec.get("response_format")),
        checkpointer=InMemorySaver(),
    )
    results = []
    for run in spec["runs"]:
        config = dict(THREAD)
        if "recursion_limit" in run:
            config["recursion_limit"] = run["recursion_limit"]
        payload = Command(resume=run["resume"]) if "resume" in run else run["input"]
        before = len(log.requests)
        result: dict = {}
        steps, step = [], []
        try:
            for mode, chunk in agent.stream(payload, config, stream_mode=["updates", "values"]):
                if mode == "values":
                    if step:
                        steps.append(sorted(step))
                    step = []
                else:
                    step.extend(chunk.keys())
        except Exception as e:  # noqa: BLE001 - every failure is a result
            result["error"] = error_of(e)
        if step:
            steps.append(sorted(step))
        state = agent.get_state(THREAD)
        result["steps"] = steps
        result["messages"] = [record_message(m) for m in state.values.get("messages", [])]
        if spec.get("response_format") is not None:
            result["structured_response"] = state.values.get("structured_response")
        result["interrupts"] = [i.value for i in state.interrupts]
        result["next"] = sorted(state.next)
        result["requests"] = log.requests[before:]
        results.append(result)
    return results


def files(argv):
    for arg in argv:
        if os.path.isdir(arg):
            for name in sorted(os.listdir(arg)):
                if name.endswith(".json"):
                    yield os.path.join(arg, name)
        else:
            yield arg


def main(argv):
    for path in files(argv):
        with open(path) as f:
            spec = json.load(f)
        print(json.dumps({"file": path, "expect": run_scenario(spec)}, sort_keys=True))


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    main(sys.argv[1:])
