#!/usr/bin/env bash
# Installs the Debian packages the sandboxed mail stack needs and the `vmail` system user.
# Idempotent and a fast no-op when everything is present. Never starts a system-wide daemon:
# a temporary policy-rc.d (exit 101) blocks invoke-rc.d during the install, and the sandbox
# never reads /etc/dovecot or /etc/postfix anyway.
set -euo pipefail

PACKAGES=(dovecot-imapd dovecot-lmtpd dovecot-sieve dovecot-managesieved dovecot-submissiond
  dovecot-sqlite dovecot-fts-xapian postfix postfix-sqlite sqlite3)

if [[ $(id -u) -ne 0 ]]; then
  echo "install.sh: must run as root (apt-get, useradd)" >&2
  exit 1
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  # dpkg-query prints "install ok installed" only for fully configured packages.
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]})); then
  echo "install.sh: installing ${missing[*]}"
  policy=/usr/sbin/policy-rc.d
  created_policy=0
  if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\n# temporary, written by mailstack/install.sh\nexit 101\n' >"$policy"
    chmod 0755 "$policy"
    created_policy=1
  fi
  # Remove our policy file however the install ends; never remove one we did not create.
  trap '[[ $created_policy == 1 ]] && rm -f "$policy"' EXIT
  # "No configuration" keeps the postfix package from writing a system main.cf we do not use.
  echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Mail processes may not run as uid 0 (Dovecot refuses), so maildirs belong to a system user.
if ! getent group vmail >/dev/null; then
  groupadd --system vmail
fi
if ! getent passwd vmail >/dev/null; then
  useradd --system --gid vmail --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin vmail
fi

# Postfix and Dovecot's own users come from the packages; fail loudly if something is off.
for u in postfix dovecot dovenull vmail; do
  getent passwd "$u" >/dev/null || { echo "install.sh: system user '$u' is missing" >&2; exit 1; }
done
echo "install.sh: ok"
