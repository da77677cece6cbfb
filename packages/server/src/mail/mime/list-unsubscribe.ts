import type { UnsubscribeMethod } from '@webmail/contracts';

/** A `mailto:` unsubscribe address with the subject and body the list asks for (RFC 6068 fields). */
export interface UnsubscribeMailto {
  to: string;
  subject: string;
  body: string;
}

/** What a message's `List-Unsubscribe` offers, each way already checked for its use. */
export interface UnsubscribeTargets {
  /** The https URL to POST `List-Unsubscribe=One-Click` to (RFC 8058), when the message asks for one-click. */
  oneClick: string | null;
  mailto: UnsubscribeMailto | null;
  /** The first http(s) URL, for the browser to open. */
  url: string | null;
}

const maxUris = 8;
// Control characters: a URI or a header field holding one is not taken (no smuggled line breaks).
// eslint-disable-next-line no-control-regex
const controlOrSpace = /[\s\x00-\x1f\x7f]/;
// eslint-disable-next-line no-control-regex
const controls = /[\x00-\x1f\x7f]+/g;
// eslint-disable-next-line no-control-regex
const controlsButLineBreaks = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;
const maxUriLength = 2048;

/**
 * Reads `List-Unsubscribe` (RFC 2369: a comma-separated list of `<URI>`s, the sender's preference first; text
 * outside the brackets is a comment) and `List-Unsubscribe-Post`. One-click needs both (RFC 8058 §3.1): the POST
 * header saying exactly `List-Unsubscribe=One-Click` and an https URI; `httpAllowed` names hosts an operator lets
 * through over plain http too (OUTBOUND_ALLOW_HOSTS). A URI with a control character or a space is ignored, as is
 * everything past the first few (a header of thousands of URIs is no list's).
 */
export function unsubscribeTargets(
  listUnsubscribe: string | null,
  listUnsubscribePost: string | null,
  httpAllowed: (host: string) => boolean = () => false,
): UnsubscribeTargets {
  const targets: UnsubscribeTargets = { oneClick: null, mailto: null, url: null };
  if (!listUnsubscribe) return targets;
  const uris = [...listUnsubscribe.matchAll(/<([^<>]*)>/g)]
    .map((m) => m[1]!.trim())
    .filter((uri) => uri.length <= maxUriLength && !controlOrSpace.test(uri))
    .slice(0, maxUris);
  const oneClick = /^\s*List-Unsubscribe\s*=\s*One-Click\s*$/i.test(listUnsubscribePost ?? '');
  for (const uri of uris) {
    const url = parseUrl(uri);
    if (!url) continue;
    if (url.protocol === 'mailto:') targets.mailto ??= parseMailto(url);
    else if (url.protocol === 'https:' || url.protocol === 'http:') {
      targets.url ??= url.href;
      const secure = url.protocol === 'https:' || httpAllowed(url.hostname.toLowerCase());
      if (oneClick && secure) targets.oneClick ??= url.href;
    }
  }
  return targets;
}

/** The ways to offer, best first: one-click, then the mail, then the page. */
export function unsubscribeMethodsOf(targets: UnsubscribeTargets): UnsubscribeMethod[] {
  const methods: UnsubscribeMethod[] = [];
  if (targets.oneClick) methods.push('oneClick');
  if (targets.mailto) methods.push('mailto');
  if (targets.url) methods.push('url');
  return methods;
}

function parseUrl(uri: string): URL | null {
  try {
    return new URL(uri);
  } catch {
    return null;
  }
}

/**
 * `mailto:list-request@example.org?subject=unsubscribe&body=…` → its one address and the subject and body
 * (percent-decoded, line breaks kept in the body only). More than one address, or none, is no unsubscribe address.
 */
function parseMailto(url: URL): UnsubscribeMailto | null {
  let to: string;
  try {
    to = decodeURIComponent(url.pathname).trim();
  } catch {
    return null;
  }
  if (!/^[^\s@,;<>()"]+@[^\s@,;<>()"]+$/.test(to)) return null;
  // Not URLSearchParams: in a mailto URI `+` is a plus sign, not a space (RFC 6068 §5).
  const fields = new Map<string, string>();
  for (const pair of url.search.slice(1).split('&')) {
    const [key = '', value = ''] = pair.split('=', 2);
    try {
      if (!fields.has(key.toLowerCase())) fields.set(key.toLowerCase(), decodeURIComponent(value));
    } catch {
      return null;
    }
  }
  const field = (name: string) => fields.get(name) ?? '';
  const subject = field('subject').replace(controls, ' ').trim();
  const body = field('body').replace(controlsButLineBreaks, '');
  return { to, subject: subject || 'unsubscribe', body: body || 'unsubscribe' };
}
