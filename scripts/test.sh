#!/usr/bin/env bash
# npm test: every test — types, lint, unit, integration against the real mail stack and databases, browser.
# Each suite runs even if an earlier one failed; the summary line counts them all.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)

bash scripts/ensure-system.sh --with-test-tools || exit 1
# shellcheck source=ensure-node.sh
source scripts/ensure-node.sh
bash scripts/ensure-node-deps.sh || exit 1

results=$root/.data/test-results
rm -rf "$results" && mkdir -p "$results"
failed_steps=()

step() {
  local name=$1 started=$SECONDS
  shift
  echo
  echo "━━ $name"
  if ! "$@"; then failed_steps+=("$name"); fi
  echo "── $name: $((SECONDS - started)) s"
}

# Steps that are each about one core's work (tsc, eslint, prettier) or mostly waiting (the mailstack tests) run side
# by side: `beside NAME COMMAND…` starts one with its output kept aside, `together` waits for them all and prints each
# step's output in the order they were started, so a log reads as if they had run one after another.
beside_names=()
beside_pids=()
beside_logs=()
beside() {
  local name=$1 log
  shift
  log=$(mktemp)
  "$@" >"$log" 2>&1 &
  beside_names+=("$name")
  beside_pids+=($!)
  beside_logs+=("$log")
}
together() {
  local started=$SECONDS i
  for i in "${!beside_pids[@]}"; do
    echo
    echo "━━ ${beside_names[$i]}"
    if ! wait "${beside_pids[$i]}"; then failed_steps+=("${beside_names[$i]}"); fi
    cat "${beside_logs[$i]}"
    rm -f "${beside_logs[$i]}"
  done
  echo "── ${beside_names[*]}: $((SECONDS - started)) s together"
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
step "server unit + integration tests (SQLite, PostgreSQL)" vitest_in packages/server server "$workers"
step "web unit tests" vitest_in packages/web web "$workers"
step "browser tests (Playwright, Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" \
  npx playwright test --config e2e/playwright.config.ts --reporter=list,json
step "browser tests through HAProxy and three nodes (deploy/reference)" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-cluster.json" \
  npx playwright test --config e2e/playwright.cluster.config.ts --reporter=list,json

node scripts/summarize-tests.mjs "$results"
echo "npm test took $((SECONDS / 60)) min $((SECONDS % 60)) s"
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "Failed steps: ${failed_steps[*]}"
  exit 1
fi
