import { imageProxyPath } from '@webmail/contracts';
import { hmac, safeEqual } from '../../infra/crypto.js';

const hourMs = 3_600_000;

/** Whose mail a proxied URL appeared in: the account, and the user index its session holds. */
export interface ImageProxyOwner {
  account: string;
  userIndex: number;
}

/**
 * Signs image-proxy URLs for one user. The mail frame is sandboxed *with* `allow-same-origin` (and
 * srcdoc), so its image requests are same-origin and carry the user's cookies: the proxy route checks the
 * session of the URL's `userIndex`, and the HMAC (key derived from the session secret) covers that index,
 * the session's account, the expiry and the remote URL. A URL copied out of a message is thus no use
 * without that user's session, and only for a few hours. The expiry is rounded up to a whole hour, so a
 * message shows the same URLs for an hour and the browser cache works although the message detail itself
 * is never cached.
 */
export class ImageProxySigner {
  private readonly key: string;

  constructor(
    sessionSecret: string,
    private readonly ttlMs = 8 * hourMs,
  ) {
    // A key of its own: a proxy signature can never pass as an access token or anything else signed.
    this.key = hmac(sessionSecret, 'webmail image proxy v2');
  }

  /** The absolute-path URL a sanitized message of `owner` uses instead of `url`. */
  sign(url: string, owner: ImageProxyOwner, now = Date.now()): string {
    const exp = Math.ceil((now + this.ttlMs) / hourMs) * (hourMs / 1000);
    const query = new URLSearchParams({
      userIndex: String(owner.userIndex),
      url,
      exp: String(exp),
      sig: this.signature(url, exp, owner),
    });
    return `${imageProxyPath}?${query.toString()}`;
  }

  verify(url: string, exp: number, sig: string, owner: ImageProxyOwner, now = Date.now()): boolean {
    return exp * 1000 > now && safeEqual(sig, this.signature(url, exp, owner));
  }

  private signature(url: string, exp: number, owner: ImageProxyOwner): string {
    return hmac(this.key, `${exp}\n${owner.userIndex}\n${owner.account.toLowerCase()}\n${url}`);
  }
}
