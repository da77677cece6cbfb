#!/usr/bin/env bash
# Waits until every service of the stack answers with its real greeting - an open port is not
# readiness (Dovecot's master holds the listening sockets even while a login process dies).
# Timeout: MAILSTACK_READY_TIMEOUT seconds (default 20).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

timeout_s=${MAILSTACK_READY_TIMEOUT:-20}
deadline=$((SECONDS + timeout_s))

# Connects, reads lines for up to 1 s and succeeds if one matches the expected greeting.
# Sends a polite goodbye so the daemons do not log a lost connection.
greets() {
  local port=$1 pattern=$2 bye=$3 line ok=1
  exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
  while IFS= read -r -t 1 line <&3; do
    line=${line%$'\r'}
    if [[ $line == $pattern ]]; then ok=0; break; fi
    # ManageSieve sends its capabilities first and ends the greeting with OK.
    [[ $line == OK* ]] && break
  done
  printf '%s\r\n' "$bye" >&3 2>/dev/null || true
  exec 3<&- 3>&-
  return $ok
}

check_all() {
  greets "$PORT_IMAP" '\* OK*' 'a LOGOUT' &&
    greets "$PORT_IMAP_WEBMAIL" '\* OK*' 'a LOGOUT' &&
    greets "$PORT_SMTP" '220 *' 'QUIT' &&
    greets "$PORT_SUBMISSION" '220 *' 'QUIT' &&
    greets "$PORT_SUBMISSION_WEBMAIL" '220 *' 'QUIT' &&
    greets "$PORT_LMTP" '220 *' 'QUIT' &&
    greets "$PORT_SIEVE" '"IMPLEMENTATION"*' 'LOGOUT' &&
    greets "$PORT_SIEVE_WEBMAIL" '"IMPLEMENTATION"*' 'LOGOUT'
}

until check_all 2>/dev/null; do
  if ((SECONDS >= deadline)); then
    log "not ready after ${timeout_s}s (port base $PORT_BASE); see $LOG_DIR"
    exit 1
  fi
  sleep 0.05
done
