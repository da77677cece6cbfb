import { hash } from 'node:crypto';

/**
 * threadId: a stable hash of the thread root's Message-ID — the first References entry,
 * else In-Reply-To, else the message's own Message-ID. Messages without any id get one of their own.
 */
export function threadIdOf(input: {
  references?: string | null;
  inReplyTo?: string | null;
  messageId?: string | null;
  fallback: string;
}): string {
  const first = (value?: string | null) => value?.match(/<[^<>\s]+>/)?.[0];
  const root = first(input.references) ?? first(input.inReplyTo) ?? first(input.messageId) ?? input.fallback;
  // One-shot hash: no Hash object per list row (the same digest as createHash().update().digest()).
  return hash('sha256', root.toLowerCase(), 'base64url').slice(0, 16);
}

/** One expression per header name (the names are the code's own, a handful): not compiled again per row. */
const headerPatterns = new Map<string, RegExp>();

/** imapflow returns requested headers as one raw buffer; this reads one (unfolded) header from it. */
export function headerValue(raw: Buffer | undefined, name: string): string | null {
  if (!raw) return null;
  const unfolded = raw.toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
  let pattern = headerPatterns.get(name);
  if (!pattern) headerPatterns.set(name, (pattern = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im')));
  const match = unfolded.match(pattern);
  return match?.[1]?.trim() ?? null;
}
