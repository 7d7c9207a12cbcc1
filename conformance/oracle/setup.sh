#!/usr/bin/env bash
# Creates the oracles' virtualenv at <repo>/.oracle-venv: LangGraph (the engine's oracle) and
# LangChain (the agent layer's oracle). Idempotent and incremental: an existing venv that already
# holds langgraph 1.2.12 is kept (it may be shared) and only what is missing is added to it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.oracle-venv"
here="$root/conformance/oracle"
LANGGRAPH=1.2.12
LANGCHAIN=1.4.2
version() { "$venv/bin/python" -c "import importlib.metadata as m; print(m.version('$1'))" 2>/dev/null || true; }
# The public index is unreachable from these machines (a local mirror serves the packages);
# without this pip spends minutes retrying it for every package.
export PIP_RETRIES=${PIP_RETRIES:-0}
pip="$venv/bin/pip"
if ! { [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import langgraph.graph' 2>/dev/null \
       && [ "$(version langgraph)" = "$LANGGRAPH" ]; }; then
  python=${PYTHON:-python3}
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$pip" install -q --disable-pip-version-check wheel setuptools
  # The stand-in must be installed before langgraph so that the resolver finds it satisfied.
  "$pip" install -q --disable-pip-version-check --no-build-isolation "$here/langchain_protocol_standin"
  "$pip" install -q --disable-pip-version-check "langgraph==$LANGGRAPH"
  "$venv/bin/python" -c 'import langgraph.graph; print("LangGraph oracle ready")'
fi
if [ "$(version langchain)" != "$LANGCHAIN" ]; then
  # langgraph is pinned too so that adding langchain can never move the engine's oracle.
  "$pip" install -q --disable-pip-version-check "langchain==$LANGCHAIN" "langgraph==$LANGGRAPH"
  "$venv/bin/python" -c 'from langchain.agents import create_agent; print("LangChain agent oracle ready")'
fi
