#!/usr/bin/env bash
# Usage: add-user.sh EMAIL PASSWORD [QUOTA_MB]
#        add-user.sh --batch < lines of "EMAIL PASSWORD [QUOTA_MB]"
# Adds or updates a user in the sandbox user DB. Works while the stack runs: Dovecot's auth
# cache is off, so IMAP LOGIN and SMTP AUTH see the change at once. Without QUOTA_MB a new user
# gets the default quota and an existing user keeps theirs. --batch adds many users in one call
# (one hashing process, one transaction; passwords without white space): for benchmarks.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_root

# Reads the batch lines, then writes them all in one transaction (all or nothing).
upsert_users_batch() {
  local -a emails=() passwords=() quotas=() hashes=()
  local email password quota extra i
  while read -r email password quota extra || [[ -n ${email:-} ]]; do
    [[ -z $email || $email == \#* ]] && continue
    if [[ -z $password || -n $extra ]] || ! valid_email "$email"; then
      log "batch line must be: EMAIL PASSWORD [QUOTA_MB] (got a line for '$email')"
      return 2
    fi
    [[ -z $quota || $quota =~ ^[0-9]+$ ]] || { log "quota must be whole megabytes: $quota"; return 2; }
    emails+=("${email,,}") passwords+=("$password") quotas+=("${quota:-NULL}")
  done
  ((${#emails[@]})) || { log "no users on stdin"; return 2; }
  mapfile -t hashes < <(printf '%s\n' "${passwords[@]}" | openssl passwd -6 -stdin)
  ((${#hashes[@]} == ${#emails[@]})) || { log "password hashing failed"; return 1; }
  {
    echo 'BEGIN;'
    for i in "${!emails[@]}"; do
      [[ ${hashes[i]} == \$6\$* ]] || { log "password hashing failed"; return 1; }
      # Validated addresses and crypt hashes ([A-Za-z0-9./$]): safe inside SQL quotes.
      printf "INSERT INTO users (email, password, quota_mb, active) VALUES ('%s', '{SHA512-CRYPT}%s', %s, 1)
        ON CONFLICT(email) DO UPDATE SET password = excluded.password,
        quota_mb = COALESCE(excluded.quota_mb, users.quota_mb), active = 1;\n" \
        "${emails[i]}" "${hashes[i]}" "${quotas[i]}"
    done
    echo 'COMMIT;'
  } | sqlite3 -bail -cmd '.timeout 5000' "$USER_DB"
  log "${#emails[@]} users ready"
}

if [[ ${1:-} == --batch ]]; then
  (($# == 1)) || { echo "usage: $(basename "$0") --batch < users" >&2; exit 2; }
  ensure_user_db
  upsert_users_batch
  exit 0
fi
if (($# < 2 || $# > 3)); then
  echo "usage: $(basename "$0") EMAIL PASSWORD [QUOTA_MB] | --batch" >&2
  exit 2
fi
ensure_user_db
upsert_user "$1" "$2" "${3:-}"
log "user ${1,,} ready"
