#!/usr/bin/env bash
# Waits for the native-module build scripts/ensure-node-deps.sh started (if it started one) and fails, printing the
# build's log, when that build failed or ended without saying how it went.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
native_dir=node_modules/.native-build
[ -d "$native_dir" ] || exit 0
if [ -f "$native_dir/pid" ]; then
  pid=$(cat "$native_dir/pid")
  while [ ! -f "$native_dir/status" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.5; done
fi
if [ "$(cat "$native_dir/status" 2>/dev/null)" != 0 ]; then
  echo "Building better-sqlite3 failed:" >&2
  cat "$native_dir/log" >&2 2>/dev/null || true
  exit 1
fi
