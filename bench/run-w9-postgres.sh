#!/usr/bin/env bash
# W9 on PostgreSQL: the same 8-client create-thread + run-wait load (trellis-bench W9Server)
# against one Trellis server process, then against three processes sharing one database
# (each client talks to one process; any process may execute any run). Prints runs/s, p50 and
# p99 for each, and the ratio three/one. Each measurement uses a fresh schema of
# TRELLIS_PG_URL (bin/postgres-up prints one), dropped afterwards.
# With COUNT=1 each server counts what it asks PostgreSQL at the JDBC layer (round trips, statements,
# commits, rows written and rows read FOR UPDATE/SHARE, pg_notify calls; CountingJdbc) and samples its
# backends' waits in pg_stat_activity (PgWaits); the script prints them per run executed.
# With WARMUP_S=N every measurement is preceded by N seconds of the same load (each process JIT-compiles the
# server: on few cores, three processes warming up inside a short measurement measure their compilers), and the
# CPU each process spent per run during the measured client run alone is printed.
# W9_JAR=path measures another build's benchmarks.jar (e.g. main's, for a before/after).
# Not part of the test command. Usage: [QUICK=1] [COUNT=1] [WARMUP_S=60] bench/run-w9-postgres.sh  (after the bench jar is built)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jar="${W9_JAR:-$root/trellis-bench/target/benchmarks.jar}"
if [ -d /usr/lib/jvm/temurin-25-jdk-amd64 ]; then
  export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
  export PATH="$JAVA_HOME/bin:$PATH"
fi
if [ -z "${TRELLIS_PG_URL:-}" ]; then
  TRELLIS_PG_URL=$("$root/bin/postgres-up")
  export TRELLIS_PG_URL
fi
if [ -n "${QUICK:-}" ]; then
  export TRELLIS_BENCH_QUICK=1
fi
[ -f "$jar" ] || (cd "$root" && mvn -B -ntp -q package -DskipTests -pl trellis-bench -am >&2)
pids=()
fifos=()
schema=""
cleanup() {
  for f in "${fifos[@]}"; do exec {f}>&- 2>/dev/null || true; done
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [ -n "$schema" ]; then java -cp "$jar" dev.trellis.bench.W9Serve --drop "$schema" || true; fi
}
trap cleanup EXIT

# measure N: starts N server processes on a fresh schema, runs the client over all of them, stops them.
measure() {
  local n=$1 urls="" dir
  schema="w9_$(date +%s)_$n"
  java -cp "$jar" dev.trellis.bench.W9Serve --create "$schema"
  dir=$(mktemp -d)
  for i in $(seq 1 "$n"); do
    mkfifo "$dir/in$i"
    # The server serves until its input closes: hold the fifo open on a descriptor of ours.
    java ${COUNT:+-Dw9.count=true} -cp "$jar" dev.trellis.bench.W9Serve "$schema" "w9-$i" <"$dir/in$i" >"$dir/out$i" 2>"$dir/err$i" &
    pids+=($!)
    exec {fd}>"$dir/in$i"
    fifos+=("$fd")
    for _ in $(seq 1 120); do grep -q '^port ' "$dir/out$i" 2>/dev/null && break; sleep 0.5; done
    urls="$urls${urls:+,}http://127.0.0.1:$(sed -n 's/^port //p' "$dir/out$i")"
  done
  if [ -n "${WARMUP_S:-}" ]; then # every process compiles the server's code: warm them all before measuring
    java -Dw9.url="$urls" -Dw9.name="warmup" -cp "$jar" org.openjdk.jmh.Main 'dev.trellis.bench.W9Server' \
      -f 1 -wi 0 -i 1 -r "${WARMUP_S}s" -bm thrpt >/dev/null 2>&1
  fi
  for f in "${fifos[@]}"; do echo mark >&"$f"; done
  java -Dw9.url="$urls" -Dw9.name="trellis-pg-$n" -jar "$jar" 'dev.trellis.bench.W9.*' 2>/dev/null \
    | grep -E '^trellis-pg-' | sed "s/ W9 / W9pg /"
  for f in "${fifos[@]}"; do echo mark >&"$f"; done
  for f in "${fifos[@]}"; do exec {f}>&-; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  fifos=()
  pids=()
  per_run "trellis-pg-$n" "$dir"/out* >&2
  java -cp "$jar" dev.trellis.bench.W9Serve --drop "$schema"
  schema=""
  rm -rf "$dir"
}

# per_run NAME FILES...: the servers' counts summed, divided by the runs they executed.
per_run() {
  python3 - "$@" <<'PY'
import sys, collections
name, files = sys.argv[1], sys.argv[2:]
count, sql, wait, samples = collections.Counter(), collections.Counter(), collections.Counter(), 0
measured = collections.Counter()  # between the two marks: the measured client run alone
for f in files:
    marks = [dict((q[i + 1], int(q[i + 2])) for i in range(0, len(q) - 2, 3)) for q in
             (line.split()[1:] for line in open(f) if line.startswith("mark "))]
    if len(marks) >= 2:
        for k in marks[1]:
            measured[k] += marks[1][k] - marks[0].get(k, 0)
    for line in open(f):
        p = line.rstrip("\n").split(" ", 2)
        if p[0] in ("count", "cpu"):
            count[p[1]] += int(p[2])
        elif p[0] == "sql":
            sql[p[2]] += int(p[1])
        elif p[0] == "waits":
            samples += int(p[1])
        elif p[0] == "wait":
            wait[p[2]] += int(p[1])
if not count:
    sys.exit()  # a build whose W9Serve reports nothing
if measured.get("runs"):
    r = measured.pop("runs")
    print(f"{name}: measured client run alone: {r} runs; per run: " + ", ".join(f"{k} {v / r:.2f}" for k, v in measured.items()))
runs = count.pop("runs", 0) or 1
print(f"{name}: whole life: {runs} runs; per run: " + ", ".join(f"{k} {v / runs:.2f}" for k, v in count.items()))
for text, n in sql.most_common(25):
    print(f"  {n / runs:6.2f}  {text}")
if samples:
    print(f"{name}: backends per sample ({samples} samples, over the processes):")
    for text, n in wait.most_common(15):
        print(f"  {n / samples * len(files):6.3f}  {text}")
PY
}

echo "load before: $(uptime)"
out=$(mktemp)
measure 1 >>"$out"
measure 3 >>"$out"
cat "$out"
echo "load after: $(uptime)"
python3 - "$out" <<'PY'
import sys
v = {}
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) >= 4:
        v[(p[0], p[2])] = float(p[3])
one, three = v.get(("trellis-pg-1", "runs_per_s")), v.get(("trellis-pg-3", "runs_per_s"))
if one and three:
    print(f"W9 on PostgreSQL: 3 processes / 1 process = {three / one:.2f}x (issue 28: >= 0.9x on this 2-core machine)")
PY
