#!/usr/bin/env bash
# Runs `npm ci` when node_modules is missing or older than package-lock.json, and rebuilds the native modules when
# they were built for another Node (its ABI, process.versions.modules, is kept in node_modules/.node-abi).
#
# better-sqlite3 is compiled from source here: its prebuilt binaries are downloaded from GitHub, which this machine
# does not reach. That compile is ~45 s of one core, most of a fresh `npm ci`. With --native-in-background (npm test)
# it runs in the background while the caller goes on with work that does not load the module (the build, types,
# lint, the web tests); `bash scripts/wait-native.sh` waits for it and fails as the compile did.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
marker=node_modules/.package-lock.json
abi_marker=node_modules/.node-abi
native_dir=node_modules/.native-build
abi=$(node -p process.versions.modules)
in_background=false
[ "${1:-}" = --native-in-background ] && in_background=true

build_native() {
  if npm rebuild better-sqlite3 >"$native_dir/log" 2>&1; then
    echo "$abi" >"$abi_marker"
    echo 0 >"$native_dir/status"
  else
    echo 1 >"$native_dir/status"
  fi
}

native=false
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "Installing npm dependencies (npm ci) …"
  npm ci --no-audit --no-fund --ignore-scripts
  # The install scripts npm ci skipped, but better-sqlite3's (built below).
  mapfile -t scripted < <(node -e '
    const lock = require("./node_modules/.package-lock.json");
    for (const [where, p] of Object.entries(lock.packages))
      if (p.hasInstallScript && !where.endsWith("node_modules/better-sqlite3")) console.log(where.replace(/^.*node_modules\//, ""));
  ')
  [ ${#scripted[@]} -gt 0 ] && npm rebuild --no-audit --no-fund "${scripted[@]}" >/dev/null
  native=true
elif [ "$(cat "$abi_marker" 2>/dev/null)" != "$abi" ]; then
  native=true
fi

if $native; then
  rm -rf "$native_dir" && mkdir -p "$native_dir"
  echo "Building better-sqlite3 for Node $(node --version)$($in_background && echo ' in the background') …"
  if $in_background; then
    build_native &
    echo $! >"$native_dir/pid"
  else
    build_native
    bash scripts/wait-native.sh
  fi
fi
