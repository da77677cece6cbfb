-- Live mail pushed by Dovecot to the webmail (push_notification plugin, Lua driver).
--
-- Dovecot calls dovecot_lua_notify_begin_txn once per mailbox transaction (an LMTP delivery, an IMAP STORE,
-- APPEND, EXPUNGE, CREATE, RENAME, DELETE), one handler per event in it, then dovecot_lua_notify_end_txn. The
-- events of one transaction are collected and sent as ONE POST at its end. The webmail answers at once (it
-- reads what it needs afterwards), and the request is bounded by a short timeout with no retry: the push runs
-- inside the delivery, before LMTP answers 250, so a slow or absent webmail may never hold a delivery up for
-- longer than that timeout. A lost push only delays live mail (the browser's next refresh shows it); it never
-- loses mail.
--
-- The push is also repeated in the URL (`?push=<JSON>`, or `?user=<account>` when too long for a URL): when the
-- timeout closes the connection before a loaded webmail has read the body, the webmail still has the request
-- line it parsed with the headers, and takes the push from there instead of dropping it.
--
-- Plugin settings (dovecot.conf, plugin { }):
--   push_webmail_url            where to POST (http only; the webmail's /api/mail-push)
--   push_webmail_secret         shared secret, sent as "Authorization: Bearer <secret>"
--   push_webmail_timeout_msecs  the bound on one POST, connect included (default 50)
-- Without a URL the script does nothing.

local max_events = 200
local default_timeout_msecs = 50
-- Longest push repeated whole in the URL (encoded it grows up to threefold; Node reads 16 KB of request head).
local max_url_push = 2000

-- One HTTP client per process and timeout, reused across transactions (keep-alive to the webmail).
local clients = {}

local function client_for(timeout)
  if clients[timeout] == nil then
    clients[timeout] = dovecot.http.client({
      request_absolute_timeout_msecs = timeout,
      request_timeout_msecs = timeout,
      connect_timeout_msecs = timeout,
      max_attempts = 1,
      max_connect_attempts = 1,
      no_auto_retry = true,
      no_auto_redirect = true,
      max_idle_time_msecs = 30000,
      user_agent = "dovecot-push-webmail",
    })
  end
  return clients[timeout]
end

-- JSON, for the few value types the events carry: strings, integers, booleans, arrays of strings, tables.
local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n",
  ["\r"] = "\\r", ["\t"] = "\\t" }

local function json_string(s)
  return '"' .. string.gsub(s, '[%c"\\]', function(c)
    return escapes[c] or string.format("\\u%04x", string.byte(c))
  end) .. '"'
end

local json

local function json_array(list)
  local parts = {}
  for i = 1, #list do parts[i] = json(list[i]) end
  return "[" .. table.concat(parts, ",") .. "]"
end

local function json_object(tbl)
  local keys = {}
  for k in pairs(tbl) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for i, k in ipairs(keys) do parts[i] = json_string(k) .. ":" .. json(tbl[k]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

json = function(v)
  local t = type(v)
  if t == "string" then return json_string(v) end
  if t == "number" then return string.format("%d", v) end
  if t == "boolean" then return tostring(v) end
  if t == "table" then
    -- An empty table is an empty list (flags, keywords); no object the script sends is empty.
    if next(v) == nil or v[1] ~= nil then return json_array(v) end
    return json_object(v)
  end
  return "null"
end

local function as_list(v)
  local out = {}
  if type(v) == "table" then for i = 1, #v do out[i] = tostring(v[i]) end end
  return out
end

function dovecot_lua_notify_begin_txn(user)
  local url = user:plugin_getenv("push_webmail_url")
  local timeout = tonumber(user:plugin_getenv("push_webmail_timeout_msecs") or "") or default_timeout_msecs
  return {
    user = user.username,
    url = url,
    secret = user:plugin_getenv("push_webmail_secret") or "",
    timeout = timeout,
    events = {},
    more = false,
  }
end

local function add(ctx, item)
  if ctx.url == nil or ctx.url == "" then return end
  if #ctx.events >= max_events then
    -- A mass change: the webmail re-reads the folders named so far instead of every single message.
    ctx.more = true
    return
  end
  ctx.events[#ctx.events + 1] = item
end

local function message_event(ctx, event)
  add(ctx, { event = event.name, mailbox = event.mailbox, uid = event.uid, uidValidity = event.uid_validity })
end

local function flags_event(ctx, event)
  add(ctx, {
    event = event.name,
    mailbox = event.mailbox,
    uid = event.uid,
    uidValidity = event.uid_validity,
    flags = as_list(event.flags),
    keywords = as_list(event.keywords),
  })
end

local function mailbox_event(ctx, event)
  local item = { event = event.name, mailbox = event.mailbox }
  if event.mailbox_old ~= nil then item.oldMailbox = event.mailbox_old end
  add(ctx, item)
end

dovecot_lua_notify_event_message_new = message_event
dovecot_lua_notify_event_message_append = message_event
dovecot_lua_notify_event_message_expunge = message_event
dovecot_lua_notify_event_flags_set = flags_event
dovecot_lua_notify_event_flags_clear = flags_event
dovecot_lua_notify_event_mailbox_create = mailbox_event
dovecot_lua_notify_event_mailbox_rename = mailbox_event
dovecot_lua_notify_event_mailbox_delete = mailbox_event

local function url_encode(s)
  return (string.gsub(s, "[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

-- The URL of one push: the configured one, with the push (or its account alone) as a query parameter.
local function push_url(ctx, body)
  local sep = string.find(ctx.url, "?", 1, true) and "&" or "?"
  if #body <= max_url_push then return ctx.url .. sep .. "push=" .. url_encode(body) end
  return ctx.url .. sep .. "user=" .. url_encode(ctx.user)
end

-- Exposed for the script's own tests (run by a plain Lua interpreter with a stub `dovecot`).
push_webmail_json = json

function dovecot_lua_notify_end_txn(ctx)
  if #ctx.events == 0 then return end
  local ok, err = pcall(function()
    local body = json({ user = ctx.user, events = ctx.events, more = ctx.more })
    local request = client_for(ctx.timeout):request({ url = push_url(ctx, body), method = "POST" })
    request:add_header("Content-Type", "application/json")
    request:add_header("Authorization", "Bearer " .. ctx.secret)
    request:set_payload(body)
    local response = request:submit()
    local status = response:status()
    if status >= 9000 then
      -- Dovecot's own codes: no connection, or no answer in time. Live mail for this change comes late.
      dovecot.i_warning("push to webmail: no answer within " .. ctx.timeout .. " ms (" .. status .. ")")
    elseif status < 200 or status >= 300 then
      dovecot.i_warning("push to webmail: HTTP " .. tostring(status) .. " for " .. #ctx.events .. " events")
    end
  end)
  if not ok then dovecot.i_warning("push to webmail failed: " .. tostring(err)) end
end
