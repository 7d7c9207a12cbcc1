#!/usr/bin/env bash
# Creates the LangGraph oracle's virtualenv at <repo>/.oracle-venv (idempotent).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.oracle-venv"
here="$root/conformance/oracle"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import langgraph.graph' 2>/dev/null \
   && [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("langgraph"))')" = "1.2.12" ]; then
  exit 0
fi
python=${PYTHON:-python3}
# The public index is unreachable from these machines (a local mirror serves the packages);
# without this pip spends minutes retrying it for every package.
export PIP_RETRIES=${PIP_RETRIES:-0}
rm -rf "$venv"
"$python" -m venv "$venv"
pip="$venv/bin/pip"
"$pip" install -q --disable-pip-version-check wheel setuptools
# The stand-in must be installed before langgraph so that the resolver finds it satisfied.
"$pip" install -q --disable-pip-version-check --no-build-isolation "$here/langchain_protocol_standin"
"$pip" install -q --disable-pip-version-check langgraph==1.2.12
"$venv/bin/python" -c 'import langgraph.graph; print("LangGraph oracle ready")'
