import type { OutboundPolicy } from '../../infra/outbound/address-policy.js';
import {
  outboundRequest,
  outboundTarget,
  readLimited,
  remoteFailed,
} from '../../infra/outbound/outbound-request.js';

/** The answer of a list server is read only to close the exchange cleanly; nothing of it is used. */
const maxAnswerBytes = 64 * 1024;

/**
 * The RFC 8058 one-click POST: `List-Unsubscribe=One-Click` as a form body to the https URL, nothing else — no
 * cookies, no authorization, no referrer, no user agent of the user's browser (§3.2: "MUST NOT include cookies, HTTP
 * authorization, or any other context information"). It goes through the outbound address policy the image proxy
 * uses (public addresses only, the checked address connected to, time and size limits). A redirect is not followed:
 * the POST would have to be repeated at an address the list chose after the check, and a GET there is no
 * unsubscribe; so anything but a 2xx answer is a failure the user is told about.
 */
export async function postOneClick(rawUrl: string, policy: OutboundPolicy, timeoutMs: number): Promise<void> {
  const url = outboundTarget(rawUrl, policy, true);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await outboundRequest(url, policy, {
      method: 'POST',
      signal: abort.signal,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Webmail unsubscribe',
        accept: '*/*',
        'accept-encoding': 'identity',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.destroy();
      throw remoteFailed(`The list server answered ${status}`);
    }
    await readLimited(response, maxAnswerBytes);
  } catch (err) {
    if (abort.signal.aborted) throw remoteFailed('The list server took too long', 504);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
