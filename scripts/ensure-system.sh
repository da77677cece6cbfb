#!/usr/bin/env bash
# Installs the Debian packages the project needs, only those missing, without starting any system daemon.
# Usage: ensure-system.sh [--with-test-tools]   (adds Chromium and PostgreSQL for the test suite)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

bash "$here/../mailstack/install.sh"

missing=()
# better-sqlite3 is compiled when npm installs it: no prebuilt binary is reachable from here.
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v python3 >/dev/null 2>&1 || missing+=(python3)

if [ "${1:-}" = "--with-test-tools" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing+=(postgresql)
  fc-list 2>/dev/null | grep -qi dejavu || missing+=(fonts-dejavu-core)
  # The interpreter for the unit tests of the mail server's Lua push script (Dovecot embeds liblua5.4 itself).
  command -v lua5.4 >/dev/null 2>&1 || missing+=(lua5.4)
  # The balancer of the reference deployment (deploy/reference), which one browser-test run goes through.
  command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "Missing packages: ${missing[*]} — install them as root (apt-get install ${missing[*]})" >&2
    exit 1
  fi
  echo "Installing ${missing[*]} …"
  # A policy-rc.d that refuses keeps postgresql's package from starting a system-wide cluster.
  had_policy=0
  [ -e /usr/sbin/policy-rc.d ] && had_policy=1
  [ $had_policy = 1 ] || printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  [ $had_policy = 1 ] || rm -f /usr/sbin/policy-rc.d
fi
