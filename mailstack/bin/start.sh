#!/usr/bin/env bash
# Starts the sandboxed Dovecot + Postfix for MAILSTACK_DIR on MAILSTACK_PORT_BASE and waits
# until every service greets. Idempotent: exits 0 if the stack for this state dir already runs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$MAILSTACK_HOME/bin/lib/render.sh"
require_root

running_base() { [[ -r $STACK_ENV ]] && sed -n 's/^PORT_BASE=//p' "$STACK_ENV"; }

if dovecot_pid >/dev/null && postfix_pid >/dev/null; then
  base=$(running_base || true)
  if [[ -n $base && $base != "$PORT_BASE" ]]; then
    log "already running for $STATE_DIR on port base $base (asked for $PORT_BASE); stop it first"
    exit 1
  fi
  log "already running for $STATE_DIR (port base $PORT_BASE)"
  exec "$MAILSTACK_HOME/bin/wait-ready.sh"
fi

command -v dovecot >/dev/null && command -v postfix >/dev/null && getent passwd vmail >/dev/null || {
  log "packages or the vmail user are missing: run mailstack/install.sh"
  exit 1
}

# A port held by something else would only show up as a timeout later; fail clearly now.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
check_port() {
  local port=$1 owner=$2
  if ! $owner >/dev/null && port_in_use "$port"; then
    log "port $port is already in use by another process (MAILSTACK_PORT_BASE=$PORT_BASE)"
    exit 1
  fi
}
for p in "$PORT_IMAP" "$PORT_IMAP_WEBMAIL" "$PORT_LMTP" "$PORT_SIEVE" "$PORT_SIEVE_WEBMAIL" "$PORT_DOVEADM_HTTP"; do check_port "$p" dovecot_pid; done
for p in "$PORT_SMTP" "$PORT_SUBMISSION" "$PORT_SUBMISSION_WEBMAIL"; do check_port "$p" postfix_pid; done

# Directories. The state dir must be traversable by vmail (maildirs) and dovecot (user DB),
# so it is 0755 even when created by mkdtemp (0700).
mkdir -p "$STATE_DIR" "$LOG_DIR" "$STATE_DIR/dovecot-state" "$VMAIL_DIR"
chmod 0755 "$STATE_DIR"
chown vmail:vmail "$VMAIL_DIR" && chmod 0700 "$VMAIL_DIR"
# push.lua's spool of pushes that got no answer: written by every mail process (vmail), nobody else.
install -d -m 0700 -o vmail -g vmail "$PUSH_SPOOL_DIR"
install -d -m 0755 -o root -g root "$RUN_DIR" "$POSTFIX_QUEUE"
install -d -m 0700 -o postfix -g postfix "$POSTFIX_DATA"

render_configs
ensure_user_db
ensure_sender_db
# The sink mailbox is a real user so tests can read what "left" the machine.
if [[ -z $(user_db_exec "SELECT 1 FROM users WHERE email = '$SINK_ADDRESS';") ]]; then
  upsert_user "$SINK_ADDRESS" "$SINK_PASSWORD"
fi

# Mail runs as vmail, the auth worker as dovecot and smtpd as postfix: all must be able to traverse every parent
# of the state dir. A parent made by mkdtemp (0700) blocks them, so such parents get search
# permission only (o+x: no listing, no reading), and we say so.
can_reach() {
  runuser -u vmail -- test -w "$VMAIL_DIR" && runuser -u dovecot -- test -r "$USER_DB" &&
    runuser -u postfix -- test -r "$SENDER_DB"
}
if ! can_reach; then
  d=$STATE_DIR
  while [[ $d != / ]]; do
    d=$(dirname "$d")
    if [[ $(stat -c %A "$d") != *[xt] ]]; then
      log "granting search permission (chmod o+x) on $d so the vmail and dovecot users can reach $STATE_DIR"
      chmod o+x "$d"
    fi
  done
  can_reach || { log "users vmail/dovecot/postfix cannot reach $STATE_DIR; check its permissions"; exit 1; }
fi

printf 'PORT_BASE=%s\nSTATE_DIR=%s\nRUN_DIR=%s\n' "$PORT_BASE" "$STATE_DIR" "$RUN_DIR" >"$STACK_ENV"

if ! dovecot_pid >/dev/null; then
  # Dovecot keeps the stdio it inherited open for its whole life: never hand it a pipe.
  if ! dovecot -c "$DOVECOT_CONF" </dev/null >>"$DOVECOT_LOG" 2>&1; then
    log "dovecot failed to start; last log lines:"
    tail -n 20 "$DOVECOT_LOG" >&2
    exit 1
  fi
fi

if ! postfix_pid >/dev/null; then
  if ! postfix -c "$POSTFIX_CONF_DIR" start </dev/null >>"$LOG_DIR/postfix-start.log" 2>&1; then
    log "postfix failed to start; see $LOG_DIR/postfix-start.log and $POSTFIX_LOG:"
    tail -n 20 "$LOG_DIR/postfix-start.log" >&2
    exit 1
  fi
fi

"$MAILSTACK_HOME/bin/wait-ready.sh"
log "running: IMAP $PORT_IMAP (webmail $PORT_IMAP_WEBMAIL), SMTP $PORT_SMTP, submission $PORT_SUBMISSION (webmail $PORT_SUBMISSION_WEBMAIL), LMTP $PORT_LMTP, ManageSieve $PORT_SIEVE (webmail $PORT_SIEVE_WEBMAIL), doveadm HTTP $PORT_DOVEADM_HTTP (state $STATE_DIR)"
