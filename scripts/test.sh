#!/usr/bin/env bash
# npm test: every test — types, lint, unit, integration against the real mail stack and databases, browser.
# Each suite runs even if an earlier one failed; the summary line counts them all.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)

bash scripts/ensure-system.sh --with-test-tools || exit 1
# shellcheck source=ensure-node.sh
source scripts/ensure-node.sh
# better-sqlite3's compile (a fresh clone) runs beside the build and the first steps; the server tests wait for it.
bash scripts/ensure-node-deps.sh --native-in-background || exit 1

results=$root/.data/test-results
rm -rf "$results" && mkdir -p "$results"
failed_steps=()

# The machine's CPU ticks, busy and all (/proc/stat: user nice system idle iowait irq softirq steal).
cpu_ticks() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat; }
# "N s, CPU x.y of z cores busy" since the ticks in $1 $2 were read: where a step leaves cores idle, another can run.
took() {
  local seconds=$1 busy0=$2 all0=$3 busy1 all1
  read -r busy1 all1 < <(cpu_ticks)
  awk -v s="$seconds" -v b=$((busy1 - busy0)) -v a=$((all1 - all0)) -v n="$(nproc)" \
    'BEGIN { printf "%d s, CPU %.1f of %d cores busy\n", s, (a > 0 ? n * b / a : 0), n }'
}

step() {
  local name=$1 started=$SECONDS busy all
  shift
  read -r busy all < <(cpu_ticks)
  echo
  echo "━━ $name"
  if ! "$@"; then failed_steps+=("$name"); fi
  echo "── $name: $(took $((SECONDS - started)) "$busy" "$all")"
}

# Steps that are each about one core's work (tsc, eslint, prettier) or mostly waiting (the mailstack tests) run side
# by side: `beside NAME COMMAND…` starts one with its output kept aside, `together` waits for them all and prints each
# step's output in the order they were started, so a log reads as if they had run one after another.
beside_names=()
beside_pids=()
beside_logs=()
beside_ticks=()
beside_started=0
beside() {
  local name=$1 log
  shift
  if [ ${#beside_pids[@]} -eq 0 ]; then
    beside_started=$SECONDS
    read -r -a beside_ticks < <(cpu_ticks)
  fi
  log=$(mktemp)
  "$@" >"$log" 2>&1 &
  beside_names+=("$name")
  beside_pids+=($!)
  beside_logs+=("$log")
}
together() {
  local started=$beside_started i
  for i in "${!beside_pids[@]}"; do
    echo
    echo "━━ ${beside_names[$i]}"
    if ! wait "${beside_pids[$i]}"; then failed_steps+=("${beside_names[$i]}"); fi
    cat "${beside_logs[$i]}"
    rm -f "${beside_logs[$i]}"
  done
  echo "── ${beside_names[*]}: $(took $((SECONDS - started)) "${beside_ticks[@]}") (together)"
  beside_names=()
  beside_pids=()
  beside_logs=()
}

vitest_in() {
  local dir=$1 name=$2
  shift 2
  (cd "$dir" && npx vitest run --reporter=default --reporter=json --outputFile="$results/$name.json" "$@")
}

# Vitest gives a run one worker per core but one: a single worker on 2 cores. The server's integration tests
# mostly wait for the mail stack and the databases (each file makes its own users, databases and servers), and
# the web's jsdom tests spend a third of their time starting an environment per file, so both take two workers
# (VITEST_WORKERS changes it). The mailstack tests keep their config's one worker: they share one real stack.
workers=--maxWorkers=${VITEST_WORKERS:-2}

step "build" npm run build --silent
beside "typecheck" npm run typecheck --silent
beside "lint" npx eslint --max-warnings=0 .
beside "format" npx prettier --check .
beside "contracts unit tests" vitest_in packages/contracts contracts
beside "mailstack tests" vitest_in mailstack mailstack
together
step "native modules (better-sqlite3)" bash scripts/wait-native.sh
# The server tests keep ~70 % of the 2 cores busy (they wait for Dovecot and the databases), the run through the
# reference deployment ~half (node restarts, HAProxy's checks): side by side they take little more than the server
# tests alone. The deployment gets a state directory of its own: the browser run after it clears the suite's.
beside "server unit + integration tests (SQLite, PostgreSQL)" vitest_in packages/server server "$workers"
beside "browser tests through HAProxy and three nodes (deploy/reference)" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-cluster.json" E2E_STATE_DIR="${E2E_STATE_DIR:-$root/.data/e2e}-cluster" \
  npx playwright test --config e2e/playwright.cluster.config.ts --reporter=list,json
together
step "web unit tests" vitest_in packages/web web "$workers"
step "browser tests (Playwright, Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" \
  npx playwright test --config e2e/playwright.config.ts --reporter=list,json

node scripts/summarize-tests.mjs "$results"
echo "npm test took $((SECONDS / 60)) min $((SECONDS % 60)) s"
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "Failed steps: ${failed_steps[*]}"
  exit 1
fi
