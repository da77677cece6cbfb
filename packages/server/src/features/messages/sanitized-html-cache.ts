import { sanitizerVersion, type SanitizedHtml } from '../../mail/mime/sanitize-html.js';

/** What a sanitized HTML body depends on. Everything else about a message body is fixed by its UID. */
export interface SanitizedHtmlKey {
  /** The IMAP user (session email): never shared between users. */
  account: string;
  path: string;
  uidValidity: string;
  uid: number;
  /** The HTML parts read, in order (their cid: images come from the same, equally fixed message). */
  parts: string[];
  /**
   * Null when remote content is held back; otherwise the proxy's signed URL for a fixed probe URL. The
   * signature is deterministic, so a cached body's proxy URLs are exactly those a new sanitize would write
   * while the probe signs the same — and when the signer moves to a new expiry day or key, the key
   * changes and the old entry is never served with stale signatures.
   */
  proxyStamp: string | null;
}

/** 32 MB of sanitized HTML per process (lengths counted as UTF-16, an upper bound). */
export const defaultSanitizedHtmlBytes = 32 * 1024 * 1024;

/**
 * Sanitized HTML bodies, least recently used first out, bounded by size. Sanitizing a 100 KB newsletter
 * with DOMPurify on jsdom takes 20–50 ms — most of the CPU of opening it — while a message body never
 * changes under one UIDVALIDITY and UID, so the same message opened again (in the conversation, after
 * the list, on another device of the same user) reuses the result. The key holds the sanitizer version,
 * so a changed sanitizer never serves old output.
 */
export class SanitizedHtmlCache {
  private readonly entries = new Map<string, { value: SanitizedHtml; bytes: number; account: string }>();
  private total = 0;

  constructor(private readonly maxBytes = defaultSanitizedHtmlBytes) {}

  get(key: SanitizedHtmlKey): SanitizedHtml | undefined {
    const id = idOf(key);
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.value;
  }

  set(key: SanitizedHtmlKey, value: SanitizedHtml): void {
    const id = idOf(key);
    const bytes = 2 * (id.length + value.html.length) + 64;
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

const idOf = (k: SanitizedHtmlKey): string =>
  JSON.stringify([sanitizerVersion, k.account, k.path, k.uidValidity, k.uid, k.parts, k.proxyStamp]);
