#!/usr/bin/env bash
# Runs `npm ci` when node_modules is missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "Installing npm dependencies (npm ci) …"
  npm ci --no-audit --no-fund
fi
