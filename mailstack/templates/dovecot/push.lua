-- Live mail pushed by Dovecot to the webmail (push_notification plugin, Lua driver).
--
-- Dovecot calls dovecot_lua_notify_begin_txn once per mailbox transaction (an LMTP delivery, an IMAP STORE,
-- APPEND, EXPUNGE, CREATE, RENAME, DELETE), one handler per event in it, then dovecot_lua_notify_end_txn. The
-- events of one transaction are collected and sent as ONE POST at its end. The webmail answers at once (it
-- reads what it needs afterwards), and the request is bounded by a short timeout with one attempt: the push runs
-- inside the delivery, before LMTP answers 250, so a slow or absent webmail may never hold a delivery up for
-- longer than that timeout.
--
-- The push is also repeated in the URL (`?push=<JSON>`, or `?user=<account>` when too long for a URL): when the
-- timeout closes the connection before a loaded webmail has read the body, the webmail still has the request
-- line it parsed with the headers, and takes the push from there instead of dropping it.
--
-- A push that gets no 2xx answer (webmail stopped or restarting, no answer in time, 5xx) is kept in a spool file
-- (`push_webmail_spool`) and sent again, as `earlier` in the body of the next push of ANY mail process that gets
-- through — still one POST per transaction, so the bound holds. The spool is a file, not a variable: Dovecot
-- gives each mail user its own Lua state and closes it with the user (in LMTP after every recipient's delivery),
-- so nothing kept in the script outlives the transaction that failed. The webmail drops the repeats it already
-- had (a push it took from the URL is resent too). The spool is bounded (`max_spool_bytes`); past that a push is
-- not kept but a `.lost` marker is, and the next push that gets through says `lost`: every open browser then
-- reads everything again.
--
-- Plugin settings (dovecot.conf, plugin { }):
--   push_webmail_url            where to POST (http only; the webmail's /api/mail-push)
--   push_webmail_secret         shared secret, sent as "Authorization: Bearer <secret>"
--   push_webmail_timeout_msecs  the bound on one POST, connect included (default 50)
--   push_webmail_spool          file that keeps failed pushes, in a directory only the mail user can write
--                               (e.g. /var/spool/dovecot-push/pending); without it a failed push is lost
-- Without a URL the script does nothing.

local max_events = 200
local default_timeout_msecs = 50
-- Longest push repeated whole in the URL (encoded it grows up to threefold; Node reads 16 KB of request head).
local max_url_push = 2000
-- The spool's bound (about 1,500 one-message pushes; with the push of the moment a body stays far below the
-- webmail's 1 MB), and the pushes resent with one POST at the most (the rest wait for the next).
local max_spool_bytes = 256 * 1024
local max_resend = 500

-- One HTTP client per Lua state and timeout, reused across the transactions of one mail user (an IMAP session).
-- The state lives as long as the mail user: in LMTP one recipient's delivery.
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
    spool = user:plugin_getenv("push_webmail_spool"),
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

-- The spool: one push per line (JSON has no raw line breaks), appended with one write by whichever mail process
-- failed, claimed whole by renaming it (only one process wins a rename), read and deleted at once; a POST carrying
-- it that gets no 2xx appends it again.

local function file_size(path)
  local f = io.open(path, "rb")
  if f == nil then return nil end
  local size = f:seek("end")
  f:close()
  return size
end

local function spool_append(ctx, lines)
  if #lines == 0 then return end
  local chunk = table.concat(lines, "\n") .. "\n"
  if (file_size(ctx.spool) or 0) + #chunk > max_spool_bytes then
    local marker = io.open(ctx.spool .. ".lost", "ab")
    if marker ~= nil then marker:close() end
    dovecot.i_warning("push to webmail: spool full, " .. #lines .. " pushes not kept (open browsers will re-read)")
    return
  end
  local f, err = io.open(ctx.spool, "ab")
  if f == nil then
    dovecot.i_warning("push to webmail: cannot keep a failed push: " .. tostring(err))
    return
  end
  -- One write(2) with O_APPEND: lines of concurrent processes never interleave.
  f:setvbuf("full", #chunk + 1)
  f:write(chunk)
  f:close()
end

-- Takes what the spool holds (nil when empty or claimed by another process at the same moment).
local function spool_claim(ctx)
  local claimed = { lines = {}, lost = false }
  local suffix = "." .. os.time() .. "." .. math.random(1, 1000000000)
  if os.rename(ctx.spool .. ".lost", ctx.spool .. ".lost" .. suffix) then
    os.remove(ctx.spool .. ".lost" .. suffix)
    claimed.lost = true
  end
  if file_size(ctx.spool) ~= nil and os.rename(ctx.spool, ctx.spool .. suffix) then
    local f = io.open(ctx.spool .. suffix, "rb")
    local rest = {}
    if f ~= nil then
      for line in f:lines() do
        -- A line cut short (a full disk) is no JSON object; it is dropped rather than sent.
        if string.sub(line, 1, 1) == "{" and string.sub(line, -1) == "}" then
          if #claimed.lines < max_resend then claimed.lines[#claimed.lines + 1] = line
          else rest[#rest + 1] = line end
        end
      end
      f:close()
    end
    os.remove(ctx.spool .. suffix)
    spool_append(ctx, rest)
  end
  if #claimed.lines == 0 and not claimed.lost then return nil end
  return claimed
end

-- Exposed for the script's own tests (run by a plain Lua interpreter with a stub `dovecot`).
push_webmail_json = json

function dovecot_lua_notify_end_txn(ctx)
  if #ctx.events == 0 then return end
  local spool = ctx.spool ~= nil and ctx.spool ~= ""
  local push = json({ user = ctx.user, events = ctx.events, more = ctx.more })
  local claimed = nil
  if spool then
    local claim_ok, c = pcall(spool_claim, ctx)
    if claim_ok then claimed = c else dovecot.i_warning("push to webmail: spool unreadable: " .. tostring(c)) end
  end
  -- Answered with 2xx, or refused for good (4xx): nothing to send again.
  local settled = false
  local ok, err = pcall(function()
    local body = push
    if claimed ~= nil then
      body = string.sub(push, 1, -2) .. ',"earlier":[' .. table.concat(claimed.lines, ",") .. "]" ..
        (claimed.lost and ',"lost":true' or "") .. "}"
    end
    local request = client_for(ctx.timeout):request({ url = push_url(ctx, push), method = "POST" })
    request:add_header("Content-Type", "application/json")
    request:add_header("Authorization", "Bearer " .. ctx.secret)
    request:set_payload(body)
    local response = request:submit()
    local status = response:status()
    if status >= 9000 then
      -- Dovecot's own codes: no connection, or no answer in time.
      dovecot.i_warning("push to webmail: no answer within " .. ctx.timeout .. " ms (" .. status .. ")")
    elseif status >= 400 and status < 500 then
      -- Refused (a wrong secret, a body it does not take): sending it again would be refused again.
      settled = true
      dovecot.i_warning("push to webmail: HTTP " .. tostring(status) .. " for " .. #ctx.events .. " events")
    elseif status < 200 or status >= 300 then
      dovecot.i_warning("push to webmail: HTTP " .. tostring(status) .. " for " .. #ctx.events .. " events")
    else
      settled = true
    end
  end)
  if not ok then dovecot.i_warning("push to webmail failed: " .. tostring(err)) end
  if settled or not spool then return end
  -- Kept for the next push that gets through: what this POST carried again, then this push.
  local lines = claimed ~= nil and claimed.lines or {}
  lines[#lines + 1] = push
  local kept, kept_err = pcall(function()
    spool_append(ctx, lines)
    if claimed ~= nil and claimed.lost then
      local marker = io.open(ctx.spool .. ".lost", "ab")
      if marker ~= nil then marker:close() end
    end
  end)
  if not kept then dovecot.i_warning("push to webmail: cannot keep a failed push: " .. tostring(kept_err)) end
end
