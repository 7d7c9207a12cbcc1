#!/usr/bin/env bash
# The Neura skip-gate measurement (apps/neura/README.md, bench/WORKLOADS.md): 50 seeded sessions
# x 10 turns through the HTTP API, with and without skip gates, alternating turn by turn. Run it
# under the machine's build lock: `lockrun bench/run-neura.sh` (or through tmvn where that
# exists). Override with NEURA_SESSIONS, NEURA_TURNS, NEURA_SEED, NEURA_TOOL_LATENCY_MS (a fixed
# wait per tool call standing in for the production services).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mvn=${MVN:-mvn}
command -v tmvn >/dev/null && mvn=tmvn
$mvn -o -q verify -pl apps/neura -am -Dtest=NeuraBenchMain -Dsurefire.failIfNoSpecifiedTests=false \
  -Dneura.sessions="${NEURA_SESSIONS:-50}" -Dneura.turns="${NEURA_TURNS:-10}" -Dneura.seed="${NEURA_SEED:-7}" \
  -Dneura.toolLatencyMs="${NEURA_TOOL_LATENCY_MS:-20}"
cat apps/neura/target/neura-bench.txt
