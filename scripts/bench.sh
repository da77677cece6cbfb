#!/usr/bin/env bash
# Runs one bench (`npm run bench:… -w @webmail/bench` calls this with its file) on the Node that `npm test` and
# `npm run demo` use (ensure-node.sh: 22 or 24, from the npm registry when the machine's is older), with the native
# modules built for it. Without this a bench run on the machine's Node 20 after a demo or a test run loaded a
# better-sqlite3 built for Node 24 and its server exited with ERR_DLOPEN_FAILED. WEBMAIL_NODE=system keeps the
# machine's Node (and rebuilds the native modules for it).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=ensure-node.sh
source "$root/scripts/ensure-node.sh" >&2
bash "$root/scripts/ensure-node-deps.sh" >&2
cd "$root/bench"
exec "$root/node_modules/.bin/tsx" "$@"
