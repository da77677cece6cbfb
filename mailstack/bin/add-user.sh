#!/usr/bin/env bash
# Usage: add-user.sh EMAIL PASSWORD [QUOTA_MB]
# Adds or updates a user in the sandbox user DB. Works while the stack runs: Dovecot's auth
# cache is off, so IMAP LOGIN and SMTP AUTH see the change at once. Without QUOTA_MB a new user
# gets the default quota and an existing user keeps theirs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_root

if (($# < 2 || $# > 3)); then
  echo "usage: $(basename "$0") EMAIL PASSWORD [QUOTA_MB]" >&2
  exit 2
fi
ensure_user_db
upsert_user "$1" "$2" "${3:-}"
log "user ${1,,} ready"
