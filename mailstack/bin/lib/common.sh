# Shared settings for the mailstack scripts. Sourced, never executed.
# Everything derives from two inputs: MAILSTACK_DIR (state) and MAILSTACK_PORT_BASE (ports).

MAILSTACK_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
REPO_ROOT=$(cd "$MAILSTACK_HOME/.." && pwd)

PORT_BASE=${MAILSTACK_PORT_BASE:-10000}
if ! [[ $PORT_BASE =~ ^[0-9]+$ ]] || ((PORT_BASE < 1024 || PORT_BASE > 64900)); then
  echo "mailstack: MAILSTACK_PORT_BASE must be an integer in 1024..64900 (got '$PORT_BASE')" >&2
  exit 2
fi
PORT_IMAP=$((PORT_BASE + 143))
PORT_SMTP=$((PORT_BASE + 25))
PORT_SUBMISSION=$((PORT_BASE + 587))
PORT_LMTP=$((PORT_BASE + 24))
PORT_SIEVE=$((PORT_BASE + 190))
# The webmail's own doors: IMAP and submission listeners where an account with two-factor sign-in still
# accepts its account password (the webmail asked for the second factor itself). Loopback only.
PORT_IMAP_WEBMAIL=$((PORT_BASE + 144))
PORT_SUBMISSION_WEBMAIL=$((PORT_BASE + 588))
# The webmail's ManageSieve door (password mode) and Dovecot's doveadm HTTP API (kick), loopback only.
PORT_SIEVE_WEBMAIL=$((PORT_BASE + 191))
PORT_DOVEADM_HTTP=$((PORT_BASE + 192))

# The state dir must be absolute: `postfix -c <relative dir>` fails silently.
STATE_DIR=$(realpath -m "${MAILSTACK_DIR:-$REPO_ROOT/.data/mailstack}")
if [[ $STATE_DIR =~ [[:space:]\'\"\\] ]]; then
  # Paths are pasted into Dovecot/Postfix configs and SQL; keep them boring.
  echo "mailstack: MAILSTACK_DIR must not contain whitespace, quotes or backslashes: $STATE_DIR" >&2
  exit 2
fi

# UNIX socket paths are limited to 107 bytes, and both daemons keep sockets under their runtime
# dirs (Dovecot base_dir, Postfix queue_directory/{public,private}). The state dir may be long
# (temp dirs, CI workspaces), so runtime files live under a short path derived from it.
RUN_DIR=/tmp/ms.$(printf '%s' "$STATE_DIR" | sha1sum | cut -c1-10)
DOVECOT_BASE=$RUN_DIR/dovecot
POSTFIX_QUEUE=$RUN_DIR/postfix
POSTFIX_DATA=$RUN_DIR/postfix-data

ETC_DIR=$STATE_DIR/etc
DOVECOT_CONF=$ETC_DIR/dovecot/dovecot.conf
POSTFIX_CONF_DIR=$ETC_DIR/postfix
LOG_DIR=$STATE_DIR/log
DOVECOT_LOG=$LOG_DIR/dovecot.log
POSTFIX_LOG=$LOG_DIR/postfix.log
USER_DB=$STATE_DIR/users.sqlite
# Who may send as which address (Postfix smtpd_sender_login_maps): written by the webmail (MAIL_SENDER_DB), read by
# Postfix. A file of its own: Postfix drops supplementary groups, so it could only read the user DB if the password
# hashes were readable by the postfix user too.
SENDER_DB=$STATE_DIR/senders.sqlite
VMAIL_DIR=$STATE_DIR/vmail
STACK_ENV=$STATE_DIR/stack.env
# The webmail's master credential (delegated access) and the doveadm HTTP API key: made once per state dir by
# start.sh, readable by root only (the webmail reads them as MAIL_MASTER_PASSWORD_FILE / DOVEADM_API_KEY).
MASTER_USER=webmail-master
MASTER_PASSWORD_FILE=$STATE_DIR/master-password
DOVEADM_API_KEY_FILE=$STATE_DIR/doveadm-api-key

# Local domains are delivered to Dovecot; every other domain goes to the sink mailbox.
LOCAL_DOMAINS=${MAILSTACK_LOCAL_DOMAINS:-example.test example.org}
SINK_ADDRESS=sink@sink.test
SINK_PASSWORD=sink
DEFAULT_QUOTA_MB=${MAILSTACK_DEFAULT_QUOTA_MB:-1024}

log() { printf 'mailstack: %s\n' "$*" >&2; }

require_root() {
  if [[ $(id -u) -ne 0 ]]; then
    log "must run as root (postfix -c only works as root; mail runs as the vmail user)"
    exit 1
  fi
}

# Prints the pid from a pid file if that process is alive and is the expected program.
live_pid() {
  local file=$1 comm=$2 pid
  [[ -r $file ]] || return 1
  read -r pid <"$file" || return 1
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == "$comm" ]] || return 1
  printf '%s\n' "$pid"
}

dovecot_pid() { live_pid "$DOVECOT_BASE/master.pid" dovecot; }
# Postfix's master process is literally named "master".
postfix_pid() { live_pid "$POSTFIX_QUEUE/pid/master.pid" master; }

# Runs a SQL statement against the user DB. Values are validated by the callers (no quotes).
user_db_exec() {
  sqlite3 -bail -cmd '.timeout 5000' "$USER_DB" "$1"
}

ensure_user_db() {
  mkdir -p "$STATE_DIR"
  user_db_exec "CREATE TABLE IF NOT EXISTS users (
      email    TEXT PRIMARY KEY NOT NULL,
      password TEXT NOT NULL,
      quota_mb INTEGER,
      active   INTEGER NOT NULL DEFAULT 1
    );" >/dev/null
  # Credentials the webmail manages (MAIL_AUTH_DB): application passwords, checked by Dovecot's first
  # passdb (selector = their first 4 letters, hash = ARGON2ID of all 16; password_grouped = ARGON2ID of the form
  # shown, "abcd efgh ijkl mnop", for the second passdb), and the accounts whose account
  # password works only through the webmail's doors (two-factor sign-in is on).
  user_db_exec "CREATE TABLE IF NOT EXISTS app_passwords (
      id       TEXT PRIMARY KEY NOT NULL,
      email    TEXT NOT NULL,
      selector TEXT NOT NULL,
      password TEXT NOT NULL,
      password_grouped TEXT,
      imap     INTEGER NOT NULL DEFAULT 0,
      pop3     INTEGER NOT NULL DEFAULT 0,
      smtp     INTEGER NOT NULL DEFAULT 0,
      UNIQUE (email, selector)
    );
    CREATE TABLE IF NOT EXISTS webmail_only_passwords (
      email TEXT PRIMARY KEY NOT NULL
    );" >/dev/null
  # A stack made before the grouped form (the password as shown, in groups of four) gets its column.
  if ! user_db_exec "SELECT 1 FROM pragma_table_info('app_passwords') WHERE name = 'password_grouped';" |
    grep -q 1; then
    user_db_exec "ALTER TABLE app_passwords ADD COLUMN password_grouped TEXT;" >/dev/null
  fi
  # Dovecot's auth worker runs as the unprivileged 'dovecot' user and only reads the DB.
  # The default rollback journal keeps readers lock-free while add-user.sh writes as root.
  chgrp dovecot "$USER_DB" && chmod 0640 "$USER_DB"
}

# The sender-login table (MAIL_SENDER_DB). A row (address, email) lets the account `email` use `address` as its
# envelope sender on the submission ports: the webmail adds one when the user verifies an outgoing address and
# removes it with the address. Every account may send as its own address without a row (the map's query says so).
ensure_sender_db() {
  mkdir -p "$STATE_DIR"
  sqlite3 -bail -cmd '.timeout 5000' "$SENDER_DB" "CREATE TABLE IF NOT EXISTS sender_logins (
      address TEXT NOT NULL,
      email   TEXT NOT NULL,
      PRIMARY KEY (address, email)
    );" >/dev/null
  # Postfix's smtpd (user postfix) reads it; only root (the webmail in the sandbox) writes it.
  chgrp postfix "$SENDER_DB" && chmod 0640 "$SENDER_DB"
}

# Dovecot's auth policy reports every authentication to the webmail (MAILSTACK_AUTH_REPORT_URL with
# MAILSTACK_AUTH_REPORT_SECRET as a bearer token): last use of application passwords, sign-ins and failures by
# protocol in the security log. Without a URL nothing is reported.
AUTH_REPORT_URL=${MAILSTACK_AUTH_REPORT_URL:-}
AUTH_REPORT_SECRET=${MAILSTACK_AUTH_REPORT_SECRET:-}
if [[ -n $AUTH_REPORT_URL && ! $AUTH_REPORT_URL =~ ^https?://[A-Za-z0-9.:/_-]+$ ]]; then
  echo "mailstack: MAILSTACK_AUTH_REPORT_URL must be a plain http(s) URL (got '$AUTH_REPORT_URL')" >&2
  exit 2
fi
if [[ -n $AUTH_REPORT_URL && ! $AUTH_REPORT_SECRET =~ ^[A-Za-z0-9_-]{16,}$ ]]; then
  echo "mailstack: MAILSTACK_AUTH_REPORT_SECRET must be 16+ characters of [A-Za-z0-9_-]" >&2
  exit 2
fi

# Token pass-through (the webmail signs in to IMAP, submission and ManageSieve with the user's OAuth2 access token,
# OAUTHBEARER or XOAUTH2): with MAILSTACK_OAUTH2_INTROSPECTION_URL an oauth2 passdb asks the identity provider about
# each token (RFC 7662 introspection, POST; the URL's user:password is the client's authentication) and takes the
# account from MAILSTACK_OAUTH2_USERNAME_ATTRIBUTE of the answer. Without the URL no token is accepted.
OAUTH2_INTROSPECTION_URL=${MAILSTACK_OAUTH2_INTROSPECTION_URL:-}
OAUTH2_USERNAME_ATTRIBUTE=${MAILSTACK_OAUTH2_USERNAME_ATTRIBUTE:-email}
if [[ -n $OAUTH2_INTROSPECTION_URL && ! $OAUTH2_INTROSPECTION_URL =~ ^https?://[A-Za-z0-9.:/_@%-]+$ ]]; then
  echo "mailstack: MAILSTACK_OAUTH2_INTROSPECTION_URL must be a plain http(s) URL (got '$OAUTH2_INTROSPECTION_URL')" >&2
  exit 2
fi
if [[ ! $OAUTH2_USERNAME_ATTRIBUTE =~ ^[A-Za-z0-9_]+$ ]]; then
  echo "mailstack: MAILSTACK_OAUTH2_USERNAME_ATTRIBUTE must be a plain attribute name" >&2
  exit 2
fi

# Live mail pushed to the webmail (push_notification plugin + templates/dovecot/push.lua): every new, appended,
# expunged or flagged message and every created, renamed or deleted folder is POSTed to MAILSTACK_PUSH_URL with
# MAILSTACK_PUSH_SECRET as a bearer token, bounded by MAILSTACK_PUSH_TIMEOUT_MS (default 50) so a slow or absent
# webmail never holds a delivery up for longer. Without a URL nothing is pushed (the webmail then watches).
PUSH_URL=${MAILSTACK_PUSH_URL:-}
PUSH_SECRET=${MAILSTACK_PUSH_SECRET:-}
PUSH_TIMEOUT_MS=${MAILSTACK_PUSH_TIMEOUT_MS:-50}
# Pushes that got no answer (the webmail stopped or restarting) wait here, written by the mail processes (vmail),
# and go out again with the next push that gets through.
PUSH_SPOOL_DIR=$STATE_DIR/push-spool
if [[ -n $PUSH_URL && ! $PUSH_URL =~ ^http://[A-Za-z0-9.:/_-]+$ ]]; then
  # Dovecot's Lua HTTP client has no TLS settings here: the webmail is reached over loopback or a private network.
  echo "mailstack: MAILSTACK_PUSH_URL must be a plain http URL (got '$PUSH_URL')" >&2
  exit 2
fi
if [[ -n $PUSH_URL && ! $PUSH_SECRET =~ ^[A-Za-z0-9_-]{16,}$ ]]; then
  echo "mailstack: MAILSTACK_PUSH_SECRET must be 16+ characters of [A-Za-z0-9_-]" >&2
  exit 2
fi
if ! [[ $PUSH_TIMEOUT_MS =~ ^[0-9]+$ ]] || ((PUSH_TIMEOUT_MS < 1 || PUSH_TIMEOUT_MS > 5000)); then
  echo "mailstack: MAILSTACK_PUSH_TIMEOUT_MS must be an integer in 1..5000 (got '$PUSH_TIMEOUT_MS')" >&2
  exit 2
fi

# A random secret in a root-only file, made on first use; prints it.
ensure_secret_file() {
  local file=$1
  if [[ ! -s $file ]]; then
    (umask 077 && openssl rand -base64 33 | tr '+/' '-_' | tr -d '\n=' >"$file.tmp" && mv -f "$file.tmp" "$file")
  fi
  chmod 0600 "$file"
  cat "$file"
}

# Dovecot's master passwd-file: the master user, its SHA512-CRYPT hash, and allow_nets as an extra field so the
# credential is refused from any other address than the webmail's own (loopback here).
write_master_users() {
  local out=$ETC_DIR/dovecot/master-users hash
  hash=$(hash_password "$(ensure_secret_file "$MASTER_PASSWORD_FILE")")
  printf '%s:%s::::::allow_nets=%s\n' "$MASTER_USER" "$hash" "${MAILSTACK_MASTER_ALLOW_NETS:-127.0.0.1/32}" >"$out.tmp"
  chgrp dovecot "$out.tmp" && chmod 0640 "$out.tmp" && mv -f "$out.tmp" "$out"
}

valid_email() { [[ $1 =~ ^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]+$ ]]; }

# Sets a user's password; the new password comes on stdin (never on a command line).
set_password() {
  local email=${1,,} password hash
  valid_email "$email" || { log "invalid email address: $1"; return 2; }
  IFS= read -r password || [[ -n $password ]] || { log "no password on stdin"; return 2; }
  [[ -n $password ]] || { log "empty password"; return 2; }
  [[ -n $(user_db_exec "SELECT 1 FROM users WHERE email = '$email';") ]] || { log "no such user: $email"; return 3; }
  hash=$(hash_password "$password")
  user_db_exec "UPDATE users SET password = '$hash' WHERE email = '$email';"
}

# Hashes a password with SHA512-CRYPT without putting it on a command line (ps shows argv).
hash_password() {
  local hash
  hash=$(printf '%s\n' "$1" | openssl passwd -6 -stdin)
  [[ $hash == \$6\$* ]] || { log "password hashing failed"; return 1; }
  printf '{SHA512-CRYPT}%s\n' "$hash"
}

# Without QUOTA_MB an existing user keeps its quota; a new one gets the default (NULL).
upsert_user() {
  local email=${1,,} password=$2 quota=${3:-} hash quota_sql=NULL
  valid_email "$email" || { log "invalid email address: $1"; return 2; }
  if [[ -n $quota ]]; then
    [[ $quota =~ ^[0-9]+$ ]] || { log "quota must be whole megabytes: $quota"; return 2; }
    quota_sql=$quota
  fi
  hash=$(hash_password "$password")
  # The hash alphabet is [A-Za-z0-9./$] plus the {SCHEME} prefix: safe inside SQL quotes.
  user_db_exec "INSERT INTO users (email, password, quota_mb, active)
      VALUES ('$email', '$hash', $quota_sql, 1)
      ON CONFLICT(email) DO UPDATE SET password = excluded.password,
        quota_mb = COALESCE(excluded.quota_mb, users.quota_mb), active = 1;"
}

# fts-xapian indexes ~100 messages/s; the seeded 5,000-message list folder is left out of
# autoindexing (it is indexed on the first search there instead). Wildcards are allowed.
FTS_BULK_EXCLUDE=${MAILSTACK_FTS_BULK_EXCLUDE:-Lists/*}
