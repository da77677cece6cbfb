#!/usr/bin/env bash
# Stops the sandboxed Postfix and Dovecot of MAILSTACK_DIR and waits until their processes
# are gone and the ports are free. Idempotent: succeeds when nothing runs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_root

# Ports come from the base the stack was started with, not from the caller's environment.
if [[ -r $STACK_ENV ]]; then
  base=$(sed -n 's/^PORT_BASE=//p' "$STACK_ENV")
  if [[ -n $base && $base != "$PORT_BASE" ]]; then
    MAILSTACK_PORT_BASE=$base exec "$0" "$@"
  fi
fi

# Every descendant of a master process, so we can wait for the whole tree.
descendants() {
  local pid child
  for pid in "$@"; do
    for child in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do
      printf '%s\n' "$child"
      descendants "$child"
    done
  done
}

pids=()
pf=$(postfix_pid || true)
dc=$(dovecot_pid || true)
[[ -n $pf ]] && pids+=("$pf" $(descendants "$pf"))
[[ -n $dc ]] && pids+=("$dc" $(descendants "$dc"))

# Both stop in parallel: Postfix via its own script (it waits up to 5 s, then kills the
# process group), Dovecot by SIGTERM to its master, which terminates its children.
if [[ -n $pf ]]; then
  postfix -c "$POSTFIX_CONF_DIR" stop </dev/null >>"$LOG_DIR/postfix-start.log" 2>&1 || kill -TERM "$pf" 2>/dev/null || true &
fi
[[ -n $dc ]] && kill -TERM "$dc" 2>/dev/null || true
wait

alive() {
  local pid
  for pid in "$@"; do
    # A zombie is dead (the sandbox's init may never reap the daemonized masters).
    [[ -r /proc/$pid/status ]] && ! grep -q '^State:[[:space:]]*Z' "/proc/$pid/status" 2>/dev/null && return 0
  done
  return 1
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
any_port_open() {
  local p
  for p in "$PORT_IMAP" "$PORT_IMAP_WEBMAIL" "$PORT_SMTP" "$PORT_SUBMISSION" "$PORT_SUBMISSION_WEBMAIL" "$PORT_LMTP" "$PORT_SIEVE"; do
    port_open "$p" && return 0
  done
  return 1
}

deadline=$((SECONDS + 15))
while ((${#pids[@]})) && alive "${pids[@]}"; do
  if ((SECONDS >= deadline)); then
    log "processes still alive after 15 s; sending SIGKILL to ${pids[*]}"
    kill -KILL "${pids[@]}" 2>/dev/null || true
    sleep 0.2
    break
  fi
  sleep 0.05
done

if ((${#pids[@]})) && any_port_open; then
  # Only report: a port held by something else is not ours to kill.
  sleep 0.5
  any_port_open && log "warning: a mailstack port is still open after stopping (port base $PORT_BASE)"
fi

# Remove the short runtime dir unless Postfix still holds queued mail in it (or a process
# survived, which was reported above).
if [[ -d $RUN_DIR ]] && ! { ((${#pids[@]})) && alive "${pids[@]}"; }; then
  queued=$(find "$POSTFIX_QUEUE"/{maildrop,incoming,active,deferred,hold} -type f 2>/dev/null | head -n 1 || true)
  if [[ -z $queued ]]; then
    rm -rf "$RUN_DIR"
  else
    log "keeping $RUN_DIR: the Postfix queue still holds mail"
  fi
fi

((${#pids[@]})) && log "stopped (state $STATE_DIR)" || log "not running (state $STATE_DIR)"
