#!/usr/bin/env bash
# Runs the WORKLOADS.md benchmarks on Trellis and on the peers (LangGraph.js, LangGraph4j,
# Python LangGraph 1.2.12 from the conformance oracle's virtualenv),
# alternating rounds, then prints every result line and a table of ratios.
# Not part of the test command (minutes long). Usage: [QUICK=1] bench/run-all.sh [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-1}
# W0-W9 (JMH; W13 thread search takes minutes of setup: run it alone with its class name);
# W10, W11 and W9 on PostgreSQL after the rounds (their own scripts and mains).
jmh='dev.trellis.bench.W[0-9][A-Z].*'
# QUICK=1: short JMH iterations and peer measurements, for a shared machine.
if [ -n "${QUICK:-}" ]; then
  export TRELLIS_BENCH_QUICK=1 WARM_SECONDS=1 MEASURE_SECONDS=2
fi
if [ -d /usr/lib/jvm/temurin-25-jdk-amd64 ]; then
  export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
  export PATH="$JAVA_HOME/bin:$PATH"
fi
out=$(mktemp -d)
echo "== building (results in $out)" >&2
(cd "$root" && mvn -B -ntp -q package -DskipTests -pl trellis-bench -am >&2)
(cd "$root/bench/peers/langgraph4j" && mvn -B -ntp -q package >&2)
(cd "$root/bench/peers/langgraphjs" && npm ci --no-audit --no-fund --loglevel=error >&2)
"$root/conformance/oracle/setup.sh" >&2
python="$root/.oracle-venv/bin/python"
if [ -z "${TRELLIS_PG_URL:-}" ]; then
  TRELLIS_PG_URL=$("$root/bin/postgres-up") || true
  export TRELLIS_PG_URL
fi
echo "load before: $(uptime)" | tee "$out/load.txt"
for r in $(seq 1 "$rounds"); do
  echo "== round $r: trellis" >&2
  java -jar "$root/trellis-bench/target/benchmarks.jar" "$jmh" 2>/dev/null | grep -E '^(trellis|sqlite-jdbc) ' | tee -a "$out/results.txt"
  echo "== round $r: langgraph.js" >&2
  (cd "$root/bench/peers/langgraphjs" && node --no-warnings bench.mjs) | tee -a "$out/results.txt"
  echo "== round $r: langgraph4j" >&2
  java -jar "$root/bench/peers/langgraph4j/target/peer-langgraph4j.jar" 2>/dev/null | grep -E '^langgraph4j ' \
    | tee -a "$out/results.txt"
  echo "== round $r: langgraph (python)" >&2
  "$python" "$root/bench/peers/langgraph-python/bench.py" | tee -a "$out/results.txt"
done
echo "== W7 and W12 on trellis" >&2
java -cp "$root/trellis-bench/target/benchmarks.jar" dev.trellis.bench.W7Memory | tee -a "$out/results.txt"
java -cp "$root/trellis-bench/target/benchmarks.jar" dev.trellis.bench.W12ChatThread | tee -a "$out/results.txt"
echo "== W12 on langgraph (python)" >&2
"$python" "$root/bench/peers/langgraph-python/w12.py" | tee -a "$out/results.txt"
echo "== W14 (agent thread to 10,000 messages through the server) and W15 (a 5 MB unchanged input) on trellis" >&2
java -cp "$root/trellis-bench/target/benchmarks.jar" dev.trellis.bench.W14AgentThread sqlite 2>/dev/null | tee -a "$out/results.txt"
if [ -n "${TRELLIS_PG_URL:-}" ]; then
  java -cp "$root/trellis-bench/target/benchmarks.jar" dev.trellis.bench.W14AgentThread postgres 2>/dev/null | tee -a "$out/results.txt"
fi
java -cp "$root/trellis-bench/target/benchmarks.jar" dev.trellis.bench.W15BigInput 2>/dev/null | tee -a "$out/results.txt"
echo "== W14 and W15 on langgraph (python, InMemorySaver, no server)" >&2
"$python" "$root/bench/peers/langgraph-python/w14.py" | tee -a "$out/results.txt"
echo "== W10 (token streaming to the JS SDK), trellis and LangGraph's JS server" >&2
"$root/bench/run-w10.sh" | grep -E '^[a-z-]+ W10 ' | tee -a "$out/results.txt"
echo "== W11 (1,000 open thread streams) on trellis" >&2
java -cp "$root/trellis-bench/target/benchmarks.jar" dev.trellis.bench.W11Streams | tee -a "$out/results.txt"
if [ -n "${TRELLIS_PG_URL:-}" ]; then
  echo "== W9 on PostgreSQL: one process, then three" >&2
  "$root/bench/run-w9-postgres.sh" | grep -E ' W9pg ' | tee -a "$out/results.txt"
fi
echo "load after: $(uptime)" | tee -a "$out/load.txt"
python3 - "$out/results.txt" <<'PY'
import collections, statistics, sys
vals = collections.defaultdict(list)
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) >= 5 and parts[3].replace('.', '', 1).isdigit():
        vals[(parts[0], parts[1], parts[2])].append(float(parts[3]))
v = {k: statistics.median(x) for k, x in vals.items()}
def get(engine, w, metric):
    return v.get((engine, w, metric))
print()
print("| workload | metric | trellis | langgraph.js | langgraph4j | langgraph (python) | trellis speed-up vs js | vs lg4j | vs python |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for w, metric, better in [("W1", "invocations_per_s", "high"), ("W2", "invocations_per_s", "high"),
                          ("W3", "invocations_per_s", "high"), ("W4", "us_per_step", "low"),
                          ("W5", "invocations_per_s", "high")]:
    t, js, j4 = get("trellis", w, metric), get("langgraphjs", w, metric), get("langgraph4j", w, metric)
    py = get("langgraph-py", w, metric)
    def ratio(p):
        if t is None or p is None:
            return "n/a"
        return f"{(t / p if better == 'high' else p / t):.1f}x"
    fmt = lambda x: "n/a" if x is None else f"{x:g}"
    print(f"| {w} | {metric} | {fmt(t)} | {fmt(js)} | {fmt(j4)} | {fmt(py)} | {ratio(js)} | {ratio(j4)} | {ratio(py)} |")
w0 = get("trellis", "W0", "ns_per_step")
w1 = get("trellis", "W1", "invocations_per_s")
if w0 and w1:
    per_step = 1e9 / w1 / 10
    print(f"\nW1 per step {per_step:.0f} ns vs W0 floor {w0:.0f} ns: trellis/W0 = {per_step / w0:.1f}x")
w6, raw = get("trellis", "W6", "us_per_step"), get("sqlite-jdbc", "W6", "us_per_step")
if w6 and raw:
    print(f"W6 SQLite step {w6:.1f} us vs raw sqlite-jdbc insert {raw:.1f} us: raw/trellis = {raw / w6:.2f}")
w8 = get("trellis", "W8", "us_per_step")
if w8:
    print(f"W8 Postgres step {w8:.1f} us")
b = get("trellis", "W7", "bytes_per_thread")
if b:
    print(f"W7 retained heap per idle thread {b:.0f} B")
w9, w9p = get("trellis", "W9", "runs_per_s"), get("trellis", "W9", "p99_ms")
if w9:
    print(f"W9 server (SQLite, 8 clients) {w9:.0f} runs/s, p99 {w9p:.1f} ms (issue 28: >= 1,500 runs/s, p99 <= 25 ms; QUICK=1 is too short for this figure: see W9Probe)")
pg1, pg3 = get("trellis-pg-1", "W9pg", "runs_per_s"), get("trellis-pg-3", "W9pg", "runs_per_s")
if pg1 and pg3:
    print(f"W9 on PostgreSQL: 1 process {pg1:.0f} runs/s, 3 processes {pg3:.0f} runs/s = {pg3 / pg1:.2f}x (issue 28: >= 0.9x on this 2-core machine)")
print("\nW10 (2,000 tokens, messages-tuple, JS SDK): first token ms / us per token through the server; overhead over the model called directly")
w10 = {}
for engine in ("trellis", "langgraph-js-server"):
    t, u = get(engine, "W10", "ttft_ms"), get(engine, "W10", "us_per_token")
    to, ua = get(engine, "W10", "ttft_overhead_ms"), get(engine, "W10", "us_per_token_added")
    if t is not None:
        w10[engine] = ua
        print(f"  {engine}: {t:.2f} ms / {u:.2f} us; +{to:.2f} ms / +{ua:.2f} us per token")
if len(w10) == 2 and w10["trellis"]:
    print(f"  added latency per token: langgraph-js-server / trellis = {w10['langgraph-js-server'] / w10['trellis']:.1f}x")
b11, p11 = get("trellis", "W11", "bytes_per_stream"), get("trellis", "W11", "p99_ms")
if b11 is not None:
    print(f"W11 (1,000 open thread streams): {b11:.0f} B heap per idle stream, event delivery p50 "
          f"{get('trellis', 'W11', 'p50_ms'):.2f} ms, p99 {p11:.2f} ms")
print("\nW12 (200-turn chat thread): us per turn / bytes per turn at turns 10, 50, 100, 200; stored per thread")
for engine in ("trellis", "langgraph-py-append", "langgraph-py-delta"):
    turns = [(get(engine, "W12", f"us_per_turn_{n}"), get(engine, "W12", f"bytes_per_turn_{n}")) for n in (10, 50, 100, 200)]
    total = get(engine, "W12", "stored_bytes_200")
    if total:
        print(f"  {engine}: " + ", ".join(f"{u:.0f} us / {b:.0f} B" for u, b in turns) + f"; {total / 1e6:.2f} MB")
print("\nW14 (agent thread to 10,000 messages, 100 runs): ms and bytes per run at runs 10 and 100 (targets: time <= 1.2x, bytes flat within 20%)")
for engine in ("trellis", "trellis-pg", "langgraph-py"):
    t10, t100 = get(engine, "W14", "ms_per_run_10"), get(engine, "W14", "ms_per_run_100")
    b10, b100 = get(engine, "W14", "bytes_per_run_10"), get(engine, "W14", "bytes_per_run_100")
    if t10 and t100:
        new = get(engine, "W14", "new_message_bytes_100")
        extra = f"; new message bytes {new:.0f} B ({b100 / new:.1f}x)" if new else ""
        print(f"  {engine}: {t10:.1f} -> {t100:.1f} ms ({t100 / t10:.2f}x), {b10:.0f} -> {b100:.0f} B ({b100 / b10:.2f}x){extra}")
        a10, a100 = get(engine, "W14", "answer_ms_per_run_10"), get(engine, "W14", "answer_ms_per_run_100")
        if a10 and a100:
            print(f"    to the answer's last byte, without the client's JSON parse: {a10:.1f} -> {a100:.1f} ms ({a100 / a10:.2f}x)")
for engine in ("trellis", "langgraph-py"):
    b = get(engine, "W15", "bytes_per_checkpoint")
    if b is not None:
        print(f"W15 ({engine}): {b:.0f} B per checkpoint after the first run (target <= 10 KB)")
PY
