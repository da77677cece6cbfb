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
    [DEFAULT_QUOTA_MB]=$DEFAULT_QUOTA_MB
    [FTS_EXTRA_EXCLUDES]="  fts_autoindex_exclude3 = $FTS_BULK_EXCLUDE"
    [PORT_IMAP]=$PORT_IMAP
    [PORT_SMTP]=$PORT_SMTP
    [PORT_SUBMISSION]=$PORT_SUBMISSION
    [PORT_LMTP]=$PORT_LMTP
    [PORT_SIEVE]=$PORT_SIEVE
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
  local f
  for f in main.cf master.cf sink-catchall.regexp sender-login.regexp; do
    render_template "$t/postfix/$f" "$POSTFIX_CONF_DIR/$f"
  done
  # The SQL config holds no secrets, but keep configs root-owned and not world-writable:
  # `postfix check` refuses group/world-writable files.
  chmod 0644 "$ETC_DIR"/dovecot/*.conf* "$POSTFIX_CONF_DIR"/*
  # Postfix re-reads main.cf until it is more than a second old; backdating avoids a ~2 s wait.
  touch -d '-10 seconds' "$ETC_DIR"/dovecot/* "$POSTFIX_CONF_DIR"/*
  # Virtual folders (cross-folder search): one dovecot-virtual file per virtual mailbox.
  mkdir -p "$ETC_DIR/dovecot/virtual/All" "$ETC_DIR/dovecot/virtual/Anywhere"
  printf '%s\n' '*' '-Trash' '-Trash/*' '-Junk' '-Junk/*' '  all' >"$ETC_DIR/dovecot/virtual/All/dovecot-virtual"
  printf '%s\n' '*' '  all' >"$ETC_DIR/dovecot/virtual/Anywhere/dovecot-virtual"
  chmod 0755 "$ETC_DIR/dovecot/virtual" "$ETC_DIR/dovecot/virtual/All" "$ETC_DIR/dovecot/virtual/Anywhere"
  chmod 0644 "$ETC_DIR/dovecot/virtual/All/dovecot-virtual" "$ETC_DIR/dovecot/virtual/Anywhere/dovecot-virtual"
}
