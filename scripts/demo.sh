#!/usr/bin/env bash
# npm run demo: install what is missing, build, start the sandboxed mail stack with demo accounts and mail,
# start the server on SQLite, print the URL and sign-ins. Ctrl+C stops the server and the mail stack.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)
launcher=$PPID # npm, or the shell that ran this script

export PORT=${PORT:-8080}
export HOST=${HOST:-127.0.0.1}
# Where links in mail point and the passkey relying party (a name: browsers refuse an IP address there).
export PUBLIC_URL=${PUBLIC_URL:-http://localhost:$PORT}
export LOG_LEVEL=${LOG_LEVEL:-warn} # the terminal shows the URL, not a line per request
export MAILSTACK_PORT_BASE=${MAILSTACK_PORT_BASE:-10000}
export MAILSTACK_DIR=${MAILSTACK_DIR:-$root/.data/mailstack}
# The webmail uses the sandbox's own doors for it (base + 144 / + 588), where an account with two-step sign-in
# keeps its password; mail apps use 143 / 587 with application passwords.
export IMAP_PORT=${IMAP_PORT:-$((MAILSTACK_PORT_BASE + 144))}
export SMTP_PORT=${SMTP_PORT:-$((MAILSTACK_PORT_BASE + 588))}
export MAIL_AUTH_DB=${MAIL_AUTH_DB:-$MAILSTACK_DIR/users.sqlite}
export PASSWORD_DRIVER=${PASSWORD_DRIVER:-command}
export PASSWORD_COMMAND=${PASSWORD_COMMAND:-$root/mailstack/bin/set-password.sh}
# Dovecot reports each authentication (last use of application passwords, the security log) to the server.
export MAIL_AUTH_REPORT_SECRET=${MAIL_AUTH_REPORT_SECRET:-$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 32)}
export MAILSTACK_AUTH_REPORT_URL=${MAILSTACK_AUTH_REPORT_URL:-http://$HOST:$PORT/api/mail-auth/report}
export MAILSTACK_AUTH_REPORT_SECRET=$MAIL_AUTH_REPORT_SECRET
# Live mail: Dovecot pushes each change to the server (push.lua), so an open browser holds no IMAP connection.
export MAIL_PUSH_SECRET=${MAIL_PUSH_SECRET:-$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 32)}
export MAILSTACK_PUSH_URL=${MAILSTACK_PUSH_URL:-http://$HOST:$PORT/api/mail-push}
export MAILSTACK_PUSH_SECRET=$MAIL_PUSH_SECRET
export SIEVE_PORT=${SIEVE_PORT:-$((MAILSTACK_PORT_BASE + 191))}
# The sandbox's default mail access: the webmail logs in as itself for the user (the stack's master passdb, made by
# start.sh), and kicks revoked sessions through doveadm's HTTP API. MAIL_ACCESS=password uses the account password.
export MAIL_ACCESS=${MAIL_ACCESS:-delegated}
export MAIL_MASTER_USER=${MAIL_MASTER_USER:-webmail-master}
export MAIL_MASTER_PASSWORD_FILE=${MAIL_MASTER_PASSWORD_FILE:-$MAILSTACK_DIR/master-password}
export DOVEADM_URL=${DOVEADM_URL:-http://127.0.0.1:$((MAILSTACK_PORT_BASE + 192))}
export DOVEADM_API_KEY_FILE=${DOVEADM_API_KEY_FILE:-$MAILSTACK_DIR/doveadm-api-key}

bash scripts/ensure-system.sh
# shellcheck source=ensure-node.sh
source scripts/ensure-node.sh
bash scripts/ensure-node-deps.sh
echo "Building …"
npm run build --silent

server_pid=
stop_all() {
  trap - INT TERM EXIT
  echo
  echo "Stopping …"
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  bash mailstack/bin/stop.sh || true
}
trap stop_all INT TERM EXIT

bash mailstack/bin/start.sh
npx tsx mailstack/bin/seed-demo.ts

node --max-semi-space-size=64 packages/server/dist/main.js &
server_pid=$!
for _ in $(seq 1 100); do
  curl -fsS "http://$HOST:$PORT/api/" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { echo "The server did not start." >&2; exit 1; }
  sleep 0.1
done

cat <<INFO

  Webmail is running:  http://$HOST:$PORT

  Demo sign-ins:
    alice@example.test   alice-demo
    bob@example.test     bob-demo
    carol@example.test   carol-demo

  Press Ctrl+C to stop the server and the mail stack.

INFO
# npm passes Ctrl+C (SIGINT to the whole group) but not a SIGTERM sent to npm alone on to this script, so
# the loop also ends when the launcher is gone; the EXIT trap then stops everything.
while kill -0 "$server_pid" 2>/dev/null && kill -0 "$launcher" 2>/dev/null; do
  sleep 1 &
  wait $! || true
done
