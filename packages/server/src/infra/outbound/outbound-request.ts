import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../errors.js';
import {
  isExceptedHost,
  isPublicAddress,
  refused,
  resolvePublic,
  type OutboundPolicy,
} from './address-policy.js';

/** The remote side failed (502/504), sent the wrong kind of answer (415) or too big a one (413). */
export const remoteFailed = (message: string, status = 502) =>
  new AppError(
    status === 413 ? 'PayloadTooLarge' : status === 415 ? 'UnsupportedMediaType' : 'RemoteServerError',
    status,
    message,
  );

/**
 * A URL the server may request: http(s) only (`https:` alone when `httpsOnly`, except for a host the policy names),
 * no credentials, default ports only (any port for a host the policy names). A malformed URL is a 422.
 */
export function outboundTarget(raw: string, policy: OutboundPolicy, httpsOnly = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('ValidationError', 422, 'Not a URL', { url: ['Not a URL'] });
  }
  const excepted = isExceptedHost(url.hostname, policy);
  const protocols = httpsOnly && !excepted ? ['https:'] : ['http:', 'https:'];
  if (!protocols.includes(url.protocol)) throw refused();
  if (url.username || url.password) throw refused();
  if (url.port && !excepted) throw refused();
  return url;
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | Buffer;
  signal: AbortSignal;
}

/**
 * One request to a URL checked by `outboundTarget`, on a connection of its own (no agent: no pooled sockets, no
 * cookies — Node keeps none). The connection goes to the exact address the policy approved: the request's `lookup`
 * is ours, so DNS cannot answer differently between the check and the connect (rebinding). IP literals never reach
 * `lookup`, so they are checked here. Redirects are the caller's business: the answer is returned as it came.
 */
export function outboundRequest(
  url: URL,
  policy: OutboundPolicy,
  options: OutboundRequest,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const checkedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
      resolvePublic(hostname, policy).then(
        (addresses) => {
          if (lookupOptions.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        },
        (err: Error) => callback(err as NodeJS.ErrnoException, ''),
      );
    };
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !isPublicAddress(literal) && !isExceptedHost(literal, policy)) {
      return reject(refused());
    }
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: options.method, signal: options.signal, lookup: checkedLookup, agent: false, headers },
      resolve,
    );
    req.once('error', (err) =>
      reject(err instanceof AppError ? err : remoteFailed('The remote host could not be reached')),
    );
    req.end(options.body);
  });
}

/** Reads an answer's body up to `maxBytes` (413 beyond it, the connection dropped). */
export async function readLimited(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw remoteFailed('The answer is too large', 413);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw remoteFailed('The answer is too large', 413);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
