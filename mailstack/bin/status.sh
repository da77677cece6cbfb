#!/usr/bin/env bash
# Prints whether the stack for MAILSTACK_DIR runs, its pids and ports. Exit 0 = fully running.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

if [[ -r $STACK_ENV ]]; then
  base=$(sed -n 's/^PORT_BASE=//p' "$STACK_ENV")
  if [[ -n $base && $base != "$PORT_BASE" ]]; then
    MAILSTACK_PORT_BASE=$base exec "$0" "$@"
  fi
fi

dc=$(dovecot_pid || true)
pf=$(postfix_pid || true)
echo "state dir:  $STATE_DIR"
echo "runtime:    $RUN_DIR"
state() { [[ -n $1 ]] && echo "running (pid $1)" || echo stopped; }
echo "dovecot:    $(state "$dc")"
echo "postfix:    $(state "$pf")"
echo "ports:      IMAP $PORT_IMAP (webmail $PORT_IMAP_WEBMAIL), SMTP $PORT_SMTP, submission $PORT_SUBMISSION (webmail $PORT_SUBMISSION_WEBMAIL), LMTP $PORT_LMTP, ManageSieve $PORT_SIEVE"
if [[ -r $USER_DB ]]; then
  echo "users:      $(sqlite3 -cmd '.timeout 2000' "$USER_DB" 'SELECT count(*) FROM users WHERE active = 1;')"
fi
[[ -n $dc && -n $pf ]] && MAILSTACK_READY_TIMEOUT=2 "$MAILSTACK_HOME/bin/wait-ready.sh" && echo "ready:      yes"
