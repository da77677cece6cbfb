import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../infra/errors.js';
import { isPublicAddress, refused, resolvePublic } from './address-policy.js';

export interface RemoteImageLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Test-only host → address map (IMAGE_PROXY_TEST_RESOLVE); see resolvePublic. */
  testResolve: ReadonlyMap<string, string>;
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

/** The remote side failed (502/504), sent no image (415) or too big a one (413). */
export const failed = (message: string, status = 502) =>
  new AppError(
    status === 413 ? 'PayloadTooLarge' : status === 415 ? 'UnsupportedMediaType' : 'RemoteServerError',
    status,
    message,
  );

/**
 * Fetches one remote image for the proxy. Every hop (the URL and each of at most `maxRedirects`
 * redirects) is checked the same way: http(s) only, no credentials, default ports only (any port for a
 * test-mapped host), and the connection goes to the exact address the policy approved — the request's
 * `lookup` is ours, so DNS cannot answer differently between the check and the connect (rebinding). IP
 * literals never reach `lookup`, so they are checked before the request. Sends no cookies, referrer or
 * client headers; the whole exchange, body included, must fit the time and size limits.
 */
export async function fetchRemoteImage(rawUrl: string, limits: RemoteImageLimits): Promise<RemoteImage> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), limits.timeoutMs);
  try {
    let url = parseTarget(rawUrl, limits);
    for (let hop = 0; ; hop += 1) {
      const response = await request(url, limits, abort.signal);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.destroy();
        if (hop >= limits.maxRedirects) throw failed('Too many redirects');
        url = parseTarget(new URL(location, url).href, limits);
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

function parseTarget(raw: string, limits: RemoteImageLimits): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('ValidationError', 422, 'Not a URL', { url: ['Not a URL'] });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused();
  if (url.username || url.password) throw refused();
  const testHost = limits.testResolve.has(url.hostname.toLowerCase());
  if (url.port && !testHost) throw refused();
  return url;
}

function request(url: URL, limits: RemoteImageLimits, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const checkedLookup: LookupFunction = (hostname, options, callback) => {
      resolvePublic(hostname, limits.testResolve).then(
        (addresses) => {
          if (options.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        },
        (err: Error) => callback(err as NodeJS.ErrnoException, ''),
      );
    };
    const options = {
      method: 'GET',
      signal,
      lookup: checkedLookup,
      agent: false as const,
      headers: { 'user-agent': 'Webmail image proxy', accept: 'image/*', 'accept-encoding': 'identity' },
    };
    // An IP literal is connected to without any lookup, so it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !isPublicAddress(literal)) return reject(refused());
    const req = (url.protocol === 'https:' ? https : http).request(url, options, resolve);
    req.once('error', (err) =>
      reject(err instanceof AppError ? err : failed('The image host could not be reached')),
    );
    req.end();
  });
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
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) throw fail('The image is too large', 413);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw fail('The image is too large', 413);
    chunks.push(chunk as Buffer);
  }
  return { contentType, body: Buffer.concat(chunks) };
}
