import { mailboxesEndpoints, settingsEndpoints } from '@webmail/contracts';

/**
 * Answers the page's start script asked for before the app ran (`scripts/start-after-paint.ts`): on a signed-in
 * user's home, the requests the first page waits for (the folder tree, the settings, the user's details, the message
 * catalogues, then the Inbox's first page of messages). On a phone the app would send them only once its 300 KB of modules had come
 * and run; sent with the modules, their answers are there when the app asks. The app takes each answer once, for the same URL,
 * and only a success: anything else (an expired token, no network) and the app sends its own request as always.
 */
export const earlyRequestsKey = 'webmailEarlyRequests';

/**
 * The endpoints the start script asks for on a user's home (GET, `:userIndex` filled in, no query): the tree and the
 * settings (the Inbox's list is asked for with them), then the details (the first render waits for them with the
 * list: `prefetchInboxList`).
 */
export const homeRequestEndpoints = [
  mailboxesEndpoints.tree,
  settingsEndpoints.config,
  settingsEndpoints.details,
];

declare global {
  interface Window {
    [earlyRequestsKey]?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The start script's answer for `url`, taken once: a promise of the response where it succeeded, of undefined where
 * it failed or `signal` (the call's own, with its timeout) aborted first; undefined where the script sent no such
 * request. So a call waits for an early answer no longer than for its own.
 */
export function takeEarlyResponse(
  url: string,
  signal: AbortSignal,
): Promise<Response | undefined> | undefined {
  const requests = window[earlyRequestsKey];
  const pending = requests?.[url];
  if (!pending) return undefined;
  delete requests[url];
  const answered = pending.then(
    (response) => (response.ok ? response : undefined),
    () => undefined,
  );
  if (signal.aborted) return Promise.resolve(undefined);
  const aborted = new Promise<undefined>((resolve) => {
    signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
  return Promise.race([answered, aborted]);
}
