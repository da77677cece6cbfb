#!/usr/bin/env bash
# Usage: set-password.sh EMAIL   (the new password on stdin, one line)
# The sandbox's password driver for the webmail (PASSWORD_DRIVER=command, PASSWORD_COMMAND=this script):
# sets an existing user's password in the sandbox user DB. The password never appears on a command line.
# Exit codes: 0 done, 2 bad input, 3 no such user.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_root

if (($# != 1)); then
  echo "usage: $(basename "$0") EMAIL  (new password on stdin)" >&2
  exit 2
fi
ensure_user_db
set_password "$1"
log "password of ${1,,} changed"
