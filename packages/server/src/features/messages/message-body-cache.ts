import { sanitizerVersion, type SanitizedHtml } from '../../mail/mime/sanitize-html.js';

/** One body of a message as the reader gets it: its HTML sanitized, and its plain text. */
export interface CachedBody {
  sanitized: SanitizedHtml | null;
  text: string | null;
}

/** What a rendered body depends on. Everything else about a message body is fixed by its UID. */
export interface MessageBodyKey {
  /** The IMAP user (session email): never shared between users. */
  account: string;
  path: string;
  uidValidity: string;
  uid: number;
  /**
   * The parts read: the HTML ones, then the text ones, each in order (the HTML's cid: images come from the same,
   * equally fixed message).
   */
  parts: string[];
  /**
   * Null when remote content is held back; otherwise the proxy's signed URL for a fixed probe URL. The
   * signature is deterministic, so a cached body's proxy URLs are exactly those a new sanitize would write
   * while the probe signs the same — and when the signer moves to a new expiry day or key, the key
   * changes and the old entry is never served with stale signatures.
   */
  proxyStamp: string | null;
}

/** 32 MB of bodies per process (lengths counted as UTF-16, an upper bound). */
export const defaultMessageBodyBytes = 32 * 1024 * 1024;

/**
 * Message bodies as the reader gets them (sanitized HTML and plain text), least recently used first out, bounded
 * by size. Sanitizing a 100 KB newsletter with DOMPurify on jsdom takes 20–50 ms — most of the CPU of opening
 * it — and reading its parts makes Dovecot open the message's file, which after a change to a 100,000-message
 * maildir folder first re-reads the folder's uidlist (~200 ms). A message body never changes under one
 * UIDVALIDITY and UID, so the same message opened again (in the conversation, after the list, on another
 * device of the same user, after the read-ahead of new mail) reuses the result and reads no part. The key holds
 * the sanitizer version, so a changed sanitizer never serves old output.
 */
export class MessageBodyCache {
  private readonly entries = new Map<string, { value: CachedBody; bytes: number; account: string }>();
  private total = 0;

  constructor(private readonly maxBytes = defaultMessageBodyBytes) {}

  get(key: MessageBodyKey): CachedBody | undefined {
    const id = idOf(key);
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.value;
  }

  set(key: MessageBodyKey, value: CachedBody): void {
    const id = idOf(key);
    const bytes = 2 * (id.length + (value.sanitized?.html.length ?? 0) + (value.text?.length ?? 0)) + 64;
    this.remove(id);
    // One huge body (inline images as data: URIs) must not push out everything else.
    if (bytes > this.maxBytes / 4) return;
    this.entries.set(id, { value, bytes, account: key.account });
    this.total += bytes;
    for (const [oldest] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** The account has no session in this process any more: its bodies go. */
  forgetAccount(account: string): void {
    for (const [id, entry] of this.entries) if (entry.account === account) this.remove(id);
  }

  /** Bodies of this account held (tests). */
  sizeOf(account: string): number {
    return [...this.entries.values()].filter((e) => e.account === account).length;
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.total -= entry.bytes;
  }
}

const idOf = (k: MessageBodyKey): string =>
  JSON.stringify([sanitizerVersion, k.account, k.path, k.uidValidity, k.uid, k.parts, k.proxyStamp]);
