#!/usr/bin/env bash
# W10: a scripted model's 2,000 tokens streamed with `messages-tuple` over SSE to the JS SDK
# (bench/peers/langgraph-server/w10.mjs), from Trellis (trellis-bench W10Tokens, SQLite) and
# from LangGraph's JS server (langgraph-cli dev, in-memory) serving the same graph. Prints
# time to first token and time per token through each server, and the overhead of each
# against its own model called directly (Trellis's in Java, LangGraph's in the client's node).
# Not part of the test command. Usage: bench/run-w10.sh  (after the bench jar is built)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jar="$root/trellis-bench/target/benchmarks.jar"
peer="$root/bench/peers/langgraph-server"
if [ -d /usr/lib/jvm/temurin-25-jdk-amd64 ]; then
  export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
  export PATH="$JAVA_HOME/bin:$PATH"
fi
[ -f "$jar" ] || (cd "$root" && mvn -B -ntp -q package -DskipTests -pl trellis-bench -am >&2)
[ -d "$peer/node_modules/@langchain/langgraph-sdk" ] || (cd "$peer" && npm install --no-audit --no-fund --loglevel=error >&2)
dir=$(mktemp -d)
trellis=""
lg=""
cleanup() {
  [ -n "$trellis" ] && kill "$trellis" 2>/dev/null || true
  [ -n "$lg" ] && kill -- "-$lg" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
echo "load before: $(uptime)"
# Trellis serves until its input closes: feed it from a fifo we hold open.
mkfifo "$dir/in"
java -cp "$jar" dev.trellis.bench.W10Tokens <"$dir/in" >"$dir/out" 2>"$dir/err" &
trellis=$!
exec {hold}>"$dir/in"
for _ in $(seq 1 120); do grep -q '^port ' "$dir/out" 2>/dev/null && break; sleep 0.5; done
grep -E '^trellis W10 ' "$dir/out"
ttft=$(sed -n 's/^trellis W10 direct_ttft_ms \([0-9.]*\).*/\1/p' "$dir/out")
per=$(sed -n 's/^trellis W10 direct_us_per_token \([0-9.]*\).*/\1/p' "$dir/out")
(cd "$peer" && node w10.mjs "http://127.0.0.1:$(sed -n 's/^port //p' "$dir/out")" trellis \
  --direct-ttft-ms "$ttft" --direct-us-per-token "$per")
exec {hold}>&-
wait "$trellis" || true
trellis=""
# LangGraph's JS server, in its own process group so that stopping it stops its workers.
(cd "$peer" && LANGSMITH_TRACING=false exec setsid npx langgraphjs dev --port 2198 --host 127.0.0.1 --no-browser \
  >"$dir/peer.log" 2>&1) &
lg=$!
for _ in $(seq 1 90); do curl -sf http://127.0.0.1:2198/ok >/dev/null && break; sleep 1; done
(cd "$peer" && node w10.mjs http://127.0.0.1:2198 langgraph-js-server)
echo "load after: $(uptime)"
