#!/usr/bin/env bash
# Runs `npm ci` when node_modules is missing or older than package-lock.json, and rebuilds the native modules when
# they were built for another Node (its ABI, process.versions.modules, is kept in node_modules/.node-abi).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
marker=node_modules/.package-lock.json
abi_marker=node_modules/.node-abi
abi=$(node -p process.versions.modules)
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "Installing npm dependencies (npm ci) …"
  npm ci --no-audit --no-fund
  echo "$abi" >"$abi_marker"
elif [ "$(cat "$abi_marker" 2>/dev/null)" != "$abi" ]; then
  echo "Rebuilding native modules for Node $(node --version) …"
  npm rebuild better-sqlite3
  echo "$abi" >"$abi_marker"
fi
