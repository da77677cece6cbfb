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
  local name=$1
  shift
  echo
  echo "━━ $name"
  if ! "$@"; then failed_steps+=("$name"); fi
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
step "typecheck" npm run typecheck --silent
step "lint" npx eslint --max-warnings=0 .
step "format" npx prettier --check .
step "contracts unit tests" vitest_in packages/contracts contracts
step "mailstack tests" vitest_in mailstack mailstack
step "server unit + integration tests (SQLite, PostgreSQL)" vitest_in packages/server server "$workers"
step "web unit tests" vitest_in packages/web web "$workers"
step "browser tests (Playwright, Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" \
  npx playwright test --config e2e/playwright.config.ts --reporter=list,json
step "browser tests through HAProxy and three nodes (deploy/reference)" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-cluster.json" \
  npx playwright test --config e2e/playwright.cluster.config.ts --reporter=list,json

node scripts/summarize-tests.mjs "$results"
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "Failed steps: ${failed_steps[*]}"
  exit 1
fi
