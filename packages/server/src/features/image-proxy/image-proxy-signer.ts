import { imageProxyPath } from '@webmail/contracts';
import { hmac, safeEqual } from '../../infra/crypto.js';

const dayMs = 86_400_000;

/**
 * Signs image-proxy URLs. The proxy is requested from a sandboxed, opaque-origin iframe that sends no
 * cookies, so the HMAC over url and expiry (with a key derived from the session secret) is the whole
 * authorisation: only URLs the server put into a sanitized message can be fetched, and only for a while.
 * The expiry is rounded up to a whole day, so a message shows the same URLs all day long and the browser
 * cache works even though the message detail itself is never cached.
 */
export class ImageProxySigner {
  private readonly key: string;

  constructor(
    sessionSecret: string,
    private readonly ttlMs = 7 * dayMs,
  ) {
    // A key of its own: a proxy signature can never pass as an access token or anything else signed.
    this.key = hmac(sessionSecret, 'webmail image proxy v1');
  }

  /** The absolute-path URL a sanitized message uses instead of `url`. */
  sign(url: string, now = Date.now()): string {
    const exp = Math.ceil((now + this.ttlMs) / dayMs) * (dayMs / 1000);
    const query = new URLSearchParams({ url, exp: String(exp), sig: this.signature(url, exp) });
    return `${imageProxyPath}?${query.toString()}`;
  }

  verify(url: string, exp: number, sig: string, now = Date.now()): boolean {
    return exp * 1000 > now && safeEqual(sig, this.signature(url, exp));
  }

  private signature(url: string, exp: number): string {
    return hmac(this.key, `${exp}\n${url}`);
  }
}
