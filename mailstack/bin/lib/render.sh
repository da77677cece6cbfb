# Renders the config templates into the state dir. Sourced by start.sh after common.sh.

declare -A TEMPLATE_VARS

# Fills {{KEY}} placeholders. The replacement is quoted so bash 5.2's patsub_replacement does
# not treat "&" or backslashes (the regexp table has "\.") specially.
render_template() {
  local template=$1 out=$2 content key
  content=$(<"$template")
  for key in "${!TEMPLATE_VARS[@]}"; do
    content=${content//"{{$key}}"/"${TEMPLATE_VARS[$key]}"}
  done
  if [[ $content == *'{{'[A-Z_]*'}}'* ]]; then
    log "unfilled placeholder in $template"
    return 1
  fi
  # Write atomically so a daemon re-reading its config never sees half a file.
  printf '%s\n' "$content" >"$out.tmp"
  mv -f "$out.tmp" "$out"
}

# Dovecot's auth policy, reporting only (never asked before or after authentication, so the webmail
# being down never blocks a login). The attributes become the JSON body; `app_password` is the id of
# the application password that matched (empty for the account password).
auth_policy_settings() {
  [[ -n $AUTH_REPORT_URL ]] || { printf '# No MAILSTACK_AUTH_REPORT_URL: authentications are not reported.'; return; }
  cat <<POLICY
auth_policy_server_url = $AUTH_REPORT_URL
auth_policy_server_api_header = Authorization: Bearer $AUTH_REPORT_SECRET
auth_policy_server_timeout_msecs = 2000
auth_policy_hash_nonce = $(printf '%s' "$STATE_DIR" | sha256sum | cut -c1-32)
auth_policy_request_attributes = login=%{requested_username} remote=%{rip} protocol=%s local_port=%{lport} app_password=%{passdb:webmail_app_password}
auth_policy_reject_on_fail = no
auth_policy_check_before_auth = no
auth_policy_check_after_auth = no
auth_policy_report_after_auth = yes
POLICY
}

# Token pass-through (MAILSTACK_OAUTH2_INTROSPECTION_URL): the SASL mechanisms and the passdb that asks the provider.
oauth2_mechanisms() { [[ -z $OAUTH2_INTROSPECTION_URL ]] || printf ' oauthbearer xoauth2'; }
oauth2_passdb() {
  [[ -n $OAUTH2_INTROSPECTION_URL ]] || { printf '# No MAILSTACK_OAUTH2_INTROSPECTION_URL: no access token is accepted.'; return; }
  cat <<OAUTH2
# Access tokens (OAUTHBEARER, XOAUTH2) only: the identity provider says whether a token is active and whose it is.
passdb {
  driver = oauth2
  mechanisms = oauthbearer xoauth2
  args = $ETC_DIR/dovecot/dovecot-oauth2.conf.ext
}
OAUTH2
}
write_oauth2_conf() {
  local out=$ETC_DIR/dovecot/dovecot-oauth2.conf.ext
  rm -f "$out"
  [[ -n $OAUTH2_INTROSPECTION_URL ]] || return 0
  # The URL carries the client's secret: readable by root (Dovecot's auth process) only.
  (umask 077 && cat >"$out" <<CONF
introspection_mode = post
introspection_url = $OAUTH2_INTROSPECTION_URL
force_introspection = yes
username_attribute = $OAUTH2_USERNAME_ATTRIBUTE
active_attribute = active
active_value = true
CONF
  )
}

# The push plugins for every mail process (LMTP delivery, IMAP), and their settings in the plugin block.
push_plugins() { [[ -z $PUSH_URL ]] || printf ' notify push_notification mail_lua push_notification_lua'; }
push_settings() {
  [[ -n $PUSH_URL ]] || { printf '  # No MAILSTACK_PUSH_URL: nothing is pushed to the webmail.'; return; }
  cat <<PUSH
  # Live mail for the webmail (MAILSTACK_PUSH_URL): push.lua POSTs each transaction's events, bounded.
  push_notification_driver = lua:file=$ETC_DIR/dovecot/push.lua
  push_webmail_url = $PUSH_URL
  push_webmail_secret = $PUSH_SECRET
  push_webmail_timeout_msecs = $PUSH_TIMEOUT_MS
  push_webmail_spool = $PUSH_SPOOL_DIR/pending
PUSH
}

render_configs() {
  local domains_re="" d
  for d in $LOCAL_DOMAINS; do
    domains_re+="${domains_re:+|}${d//./\\.}"
  done
  TEMPLATE_VARS=(
    [INSTANCE]="mailstack-${RUN_DIR##*/ms.}"
    [STATE_DIR]=$STATE_DIR
    [ETC_DIR]=$ETC_DIR
    [DOVECOT_BASE]=$DOVECOT_BASE
    [DOVECOT_LOG]=$DOVECOT_LOG
    [VMAIL_DIR]=$VMAIL_DIR
    [USER_DB]=$USER_DB
    [SENDER_DB]=$SENDER_DB
    [DEFAULT_QUOTA_MB]=$DEFAULT_QUOTA_MB
    [FTS_EXTRA_EXCLUDES]="  fts_autoindex_exclude3 = $FTS_BULK_EXCLUDE"
    [PORT_IMAP]=$PORT_IMAP
    [PORT_SMTP]=$PORT_SMTP
    [PORT_SUBMISSION]=$PORT_SUBMISSION
    [PORT_LMTP]=$PORT_LMTP
    [PORT_SIEVE]=$PORT_SIEVE
    [PORT_IMAP_WEBMAIL]=$PORT_IMAP_WEBMAIL
    [PORT_SUBMISSION_WEBMAIL]=$PORT_SUBMISSION_WEBMAIL
    [PORT_SIEVE_WEBMAIL]=$PORT_SIEVE_WEBMAIL
    [PORT_DOVEADM_HTTP]=$PORT_DOVEADM_HTTP
    [DOVEADM_API_KEY]=$(ensure_secret_file "$DOVEADM_API_KEY_FILE")
    [AUTH_POLICY]=$(auth_policy_settings)
    [OAUTH2_MECHANISMS]=$(oauth2_mechanisms)
    [OAUTH2_PASSDB]=$(oauth2_passdb)
    [PUSH_PLUGINS]=$(push_plugins)
    [PUSH_SETTINGS]=$(push_settings)
    [POSTFIX_QUEUE]=$POSTFIX_QUEUE
    [POSTFIX_DATA]=$POSTFIX_DATA
    [POSTFIX_CONF_DIR]=$POSTFIX_CONF_DIR
    [POSTFIX_LOG]=$POSTFIX_LOG
    [LOG_DIR]=$LOG_DIR
    [LOCAL_DOMAINS]=$LOCAL_DOMAINS
    [LOCAL_DOMAINS_RE]=$domains_re
    [SINK_ADDRESS]=$SINK_ADDRESS
  )
  local t=$MAILSTACK_HOME/templates
  mkdir -p "$ETC_DIR/dovecot" "$POSTFIX_CONF_DIR"
  render_template "$t/dovecot/dovecot.conf" "$DOVECOT_CONF"
  render_template "$t/dovecot/dovecot-sql.conf.ext" "$ETC_DIR/dovecot/dovecot-sql.conf.ext"
  render_template "$t/dovecot/dovecot-sql-app-passwords.conf.ext" \
    "$ETC_DIR/dovecot/dovecot-sql-app-passwords.conf.ext"
  render_template "$t/dovecot/dovecot-sql-app-passwords-grouped.conf.ext" \
    "$ETC_DIR/dovecot/dovecot-sql-app-passwords-grouped.conf.ext"
  write_master_users
  # Loaded by the mail processes (user vmail), so a copy they can read, beside the config.
  install -m 0644 "$t/dovecot/push.lua" "$ETC_DIR/dovecot/push.lua"
  local f
  for f in main.cf master.cf sink-catchall.regexp sender-logins.cf; do
    render_template "$t/postfix/$f" "$POSTFIX_CONF_DIR/$f"
  done
  # The SQL config holds no secrets, but keep configs root-owned and not world-writable:
  # `postfix check` refuses group/world-writable files.
  chmod 0644 "$ETC_DIR"/dovecot/*.conf* "$POSTFIX_CONF_DIR"/*
  # dovecot.conf may hold the auth-report secret; only root (Dovecot's master and config process) reads it.
  chmod 0600 "$DOVECOT_CONF"
  # After the chmods above: its introspection URL holds the client's secret.
  write_oauth2_conf
  # Postfix re-reads main.cf until it is more than a second old; backdating avoids a ~2 s wait.
  touch -d '-10 seconds' "$ETC_DIR"/dovecot/* "$POSTFIX_CONF_DIR"/*
  # Virtual folders (cross-folder search): one dovecot-virtual file per virtual mailbox.
  mkdir -p "$ETC_DIR/dovecot/virtual/All" "$ETC_DIR/dovecot/virtual/Anywhere"
  printf '%s\n' '*' '-Trash' '-Trash/*' '-Junk' '-Junk/*' '  all' >"$ETC_DIR/dovecot/virtual/All/dovecot-virtual"
  printf '%s\n' '*' '  all' >"$ETC_DIR/dovecot/virtual/Anywhere/dovecot-virtual"
  chmod 0755 "$ETC_DIR/dovecot/virtual" "$ETC_DIR/dovecot/virtual/All" "$ETC_DIR/dovecot/virtual/Anywhere"
  chmod 0644 "$ETC_DIR/dovecot/virtual/All/dovecot-virtual" "$ETC_DIR/dovecot/virtual/Anywhere/dovecot-virtual"
}
