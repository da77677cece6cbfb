import type { IncomingMessage } from 'node:http';
import type { OutboundPolicy } from '../../infra/outbound/address-policy.js';
import {
  outboundRequest,
  outboundTarget,
  readLimited,
  remoteFailed as failed,
} from '../../infra/outbound/outbound-request.js';

export interface RemoteImageLimits extends OutboundPolicy {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export interface RemoteImage {
  contentType: string;
  body: Buffer;
}

// Raster types a browser shows in <img>. Not SVG: opened directly it runs script in our origin.
const imageTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/pjpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/apng',
  'image/bmp',
  'image/x-ms-bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/**
 * Fetches one remote image for the proxy. Every hop (the URL and each of at most `maxRedirects`
 * redirects) is checked the same way by the outbound policy (infra/outbound: http(s) only, no credentials,
 * default ports, public addresses only, connected to the address that was checked). Sends no cookies, referrer
 * or client headers; the whole exchange, body included, must fit the time and size limits.
 */
export async function fetchRemoteImage(rawUrl: string, limits: RemoteImageLimits): Promise<RemoteImage> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), limits.timeoutMs);
  try {
    let url = outboundTarget(rawUrl, limits);
    for (let hop = 0; ; hop += 1) {
      const response = await outboundRequest(url, limits, {
        method: 'GET',
        signal: abort.signal,
        headers: { 'user-agent': 'Webmail image proxy', accept: 'image/*', 'accept-encoding': 'identity' },
      });
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.destroy();
        if (hop >= limits.maxRedirects) throw failed('Too many redirects');
        url = outboundTarget(new URL(location, url).href, limits);
        continue;
      }
      return await readImage(response, limits.maxBytes);
    }
  } catch (err) {
    if (abort.signal.aborted) throw failed('The image host took too long', 504);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

async function readImage(response: IncomingMessage, maxBytes: number): Promise<RemoteImage> {
  const fail = (message: string, status = 502) => {
    response.destroy();
    return failed(message, status);
  };
  if (response.statusCode !== 200) throw fail(`The image host answered ${response.statusCode ?? '?'}`);
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!imageTypes.has(contentType)) throw fail('Not an image', 415);
  const encoding = response.headers['content-encoding'];
  if (encoding && encoding !== 'identity') throw fail('Encoded images are not accepted');
  return { contentType, body: await readLimited(response, maxBytes) };
}
