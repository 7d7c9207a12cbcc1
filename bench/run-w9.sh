#!/usr/bin/env bash
# W9: the W1 graph behind an HTTP server, 8 concurrent clients each doing create-thread +
# run-wait, on Trellis (SQLite default) and on LangGraph's own JS server (langgraph-cli dev,
# in-memory), with the same JMH client (trellis-bench W9Server). Prints runs/s, p50 and p99.
# Not part of the test command. Usage: bench/run-w9.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -d /usr/lib/jvm/temurin-25-jdk-amd64 ]; then
  export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
  export PATH="$JAVA_HOME/bin:$PATH"
fi
(cd "$root" && mvn -B -ntp -q package -DskipTests -pl trellis-bench -am >&2)
peer="$root/bench/peers/langgraph-server"
# npm ci trips over optional platform packages in this lock (npm 11); install honours the lock.
(cd "$peer" && npm install --no-audit --no-fund --loglevel=error >&2)
echo "load before: $(uptime)"
java -jar "$root/trellis-bench/target/benchmarks.jar" 'dev.trellis.bench.W9.*' 2>/dev/null | grep -E '^trellis '
(cd "$peer" && LANGSMITH_TRACING=false exec npx langgraphjs dev --port 2199 --host 127.0.0.1 --no-browser >/tmp/w9-peer.log 2>&1) &
server=$!
trap 'kill $server 2>/dev/null; pkill -f "langgraphjs dev --port 2199" || true' EXIT
for _ in $(seq 1 60); do curl -sf http://127.0.0.1:2199/ok >/dev/null && break; sleep 1; done
java -Dw9.url=http://127.0.0.1:2199 -Dw9.name=langgraph-js-server -jar "$root/trellis-bench/target/benchmarks.jar" \
  'dev.trellis.bench.W9.*' 2>/dev/null | grep -E '^langgraph-js-server '
echo "load after: $(uptime)"
