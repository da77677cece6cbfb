import { createHash } from 'node:crypto';
import {
  catalogueName,
  cookieNames,
  defaultLanguage,
  defaultListSort,
  fallbackLanguage,
  languages,
  listModes,
  messagesEndpoints,
  systemEndpoints,
} from '@webmail/contracts';
import { languageStorageKey } from '../src/app/i18n/language-storage.ts';
import { listModeStorageKey, messagePageSize } from '../src/features/messages/lib/list-request.ts';
import { apiBase } from '../src/shared/api/api-client.ts';
import { earlyRequestsKey, homeRequestEndpoints } from '../src/shared/api/early-requests.ts';

const homeRequests = homeRequestEndpoints.map((endpoint) => `${apiBase}${endpoint.path}`).join(' ');
const [treeRequest, configRequest, detailsRequest] = homeRequests.split(' ');
const catalogueRequest = `${apiBase}${systemEndpoints.catalogue.path}`.replace(':catalogue', catalogueName);
const listRequest = `${apiBase}${messagesEndpoints.list.path}`;

/**
 * Asks for the app's modules (the `modulepreload`s and the module script Vite put in the page's markup) once the page
 * has been painted, or at once where nothing will be painted soon (a tab in the background) or the browser cannot
 * tell (no paint timing); after a second in any case. It reads what to ask for from its own `<script>` element
 * (`data-entry`, `data-preloads`), so one text serves every page: inline in the head (its SHA-256 hash is in the
 * page's CSP, packages/server/src/infra/spa.ts), and the same file again as a deferred script, which does nothing
 * where the inline copy ran and starts the app where a policy in front of the server blocked inline scripts.
 *
 * On `/` or a user's home (`/u/{i}`) with that user's session (the token's expiry cookie, as `hasActiveSession`
 * reads it) it also asks for the Inbox's route modules (`data-home-preloads`), which the app would ask for only
 * once the framework chunk has come and been evaluated: a phone's round trip and more later; and sends the requests
 * the first page waits for (`src/shared/api/early-requests.ts`), whose answers the app takes instead of sending its
 * own: the folder tree, the settings and the user's details, the catalogues of the stored language and of the
 * fallback, and once the tree and the settings have come, the first page of the Inbox's list in the user's mode and
 * order (as `prefetchInboxList` asks for it: `features/settings/lib/list-settings.ts`). Sent by the app, the list and
 * the catalogues waited for its modules to come and run; on a phone (Lighthouse's model) the list's largest paint
 * waited for them.
 *
 * Why: with the modules asked for by the markup, a browser that had them (over a fast network) evaluated the
 * framework chunk before its first paint, and Lighthouse's model counted the scripts that came before the first
 * paint as blocking it: the sign-in page drawn by its HTML then had FCP and LCP at 2.5 s instead of 0.7 s in about
 * half the runs. Through a real throttled network and CPU (slow 4G, 4×) the form was usable no later (bench/README).
 */
export const startScript = `(function (script) {
  if (window.webmailStarting) return;
  window.webmailStarting = true;
  var entry = script.getAttribute('data-entry');
  var preloads = script.getAttribute('data-preloads').split(' ');
  var homePreloads = script.getAttribute('data-home-preloads');
  var home = /^\\/(?:u\\/(\\d+)\\/?)?$/.exec(location.pathname);
  var userIndex = (home && home[1]) || '0';
  var signedIn = home && ('; ' + document.cookie).indexOf('; ${cookieNames.tokenExpiry(0).replace(/0$/, '')}' + userIndex + '=') >= 0;
  if (homePreloads && signedIn) preloads = preloads.concat(homePreloads.split(' '));
  function stored(key, values, fallback) {
    try {
      var value = localStorage.getItem(key);
      return values.indexOf(value) >= 0 ? value : fallback;
    } catch (e) {
      return fallback;
    }
  }
  function inboxOf(folders) {
    for (var i = 0; folders && i < folders.length; i++) {
      var found = folders[i].specialUse === 'inbox' ? folders[i] : inboxOf(folders[i].children);
      if (found) return found;
    }
    return null;
  }
  function sendHomeRequests() {
    if (!signedIn || !window.fetch || !window.Promise) return;
    var requests = (window.${earlyRequestsKey} = {});
    function send(url) {
      return (requests[url] = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } }));
    }
    function answer(url) {
      return send(url).then(function (response) {
        return response.ok ? response.clone().json() : null;
      });
    }
    var language = stored('${languageStorageKey}', ${JSON.stringify(languages)}, '${defaultLanguage}');
    [language, '${fallbackLanguage}'].forEach(function (lang, i) {
      if (i === 0 || lang !== language) send('${catalogueRequest}'.replace(':lang', lang));
    });
    var tree = answer('${treeRequest}'.replace(':userIndex', userIndex));
    var config = answer('${configRequest}'.replace(':userIndex', userIndex));
    send('${detailsRequest}'.replace(':userIndex', userIndex));
    Promise.all([tree, config.catch(function () {})]).then(function (answers) {
      var inbox = inboxOf(answers[0] && answers[0].mailboxes);
      if (!inbox) return;
      var settings = answers[1] || {};
      var mode = settings.listMode || stored('${listModeStorageKey('')}' + userIndex, ${JSON.stringify(listModes)}, 'messages');
      var sort = settings.listSort || ${JSON.stringify(defaultListSort)};
      send(
        '${listRequest}'.replace(':userIndex', userIndex).replace(':mailboxId', encodeURIComponent(inbox.id)) +
          '?offset=0&limit=${messagePageSize}&mode=' + mode + '&sort=' + sort.field + '&order=' + sort.order
      );
    }).catch(function () {});
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    if (homePreloads) sendHomeRequests();
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!types || types.indexOf('paint') < 0 || document.visibilityState === 'hidden') return start();
  new PerformanceObserver(start).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 1000);
})(document.currentScript);`;

/** The start script's file under `assets/` (named by its content, so it can be cached for good). */
export const startScriptFile = `assets/start-${createHash('sha256').update(startScript).digest('hex').slice(0, 10)}.js`;

const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The page with its module script and module preloads replaced by the start script (inline, and as the fallback);
 * `homePreloads`: the files it also asks for on a signed-in user's home.
 */
export function startingAfterPaint(html: string, homePreloads: string[] = []): string {
  const preloads = [...html.matchAll(preloadTag)].map((match) => match[1]!);
  const entry = entryTag.exec(html)?.[1];
  if (!entry || preloads.length === 0)
    throw new Error('start-after-paint: the page has no module script or module preloads');
  const data =
    `data-entry="${entry}" data-preloads="${preloads.join(' ')}"` +
    (homePreloads.length ? ` data-home-preloads="${homePreloads.map((file) => `/${file}`).join(' ')}"` : '');
  return html
    .replace(preloadTag, '')
    .replace(entryTag, '')
    .replace(
      '</head>',
      `    <script ${data}>${startScript}</script>\n    <script defer src="/${startScriptFile}" ${data}></script>\n  </head>`,
    );
}
