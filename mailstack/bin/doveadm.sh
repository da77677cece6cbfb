#!/usr/bin/env bash
# Runs doveadm against the sandbox Dovecot of MAILSTACK_DIR, e.g.
#   mailstack/bin/doveadm.sh mailbox status -u alice@example.test 'messages unseen' '*'
#   mailstack/bin/doveadm.sh index -q -u alice@example.test 'Lists/Newsletters-archive'
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_root
[[ -r $DOVECOT_CONF ]] || { log "no rendered config in $STATE_DIR: run start.sh first"; exit 1; }
exec doveadm -c "$DOVECOT_CONF" "$@"
