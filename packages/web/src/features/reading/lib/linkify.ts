/** A piece of plain-text mail: text as it is, or a link the reader can follow. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const candidate = /\b(?:https?:\/\/|mailto:)[^\s<>"]+/gi;
const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);
/** Punctuation that ends a sentence rather than the URL: "see https://example.com." */
const trailing = /[.,;:!?'"»”’]+$/;

/** A closing bracket belongs to the URL only when the URL opened it (Wikipedia links: `…/Foo_(bar)`). */
function trimTrailing(url: string): string {
  let result = url.replace(trailing, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (result.endsWith(close) && result.split(open).length < result.split(close).length) {
      result = result.slice(0, -1).replace(trailing, '');
    }
  }
  return result;
}

function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return allowedProtocols.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits plain text into text and links: only http, https and mailto become links (never javascript: or data:,
 * which cannot even match here), and each is checked to be a URL the browser reads the same way.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  const push = (piece: string) => {
    if (!piece) return;
    const previous = segments[segments.length - 1];
    if (previous?.kind === 'text') previous.text += piece;
    else segments.push({ kind: 'text', text: piece });
  };
  for (const match of text.matchAll(candidate)) {
    const url = trimTrailing(match[0]);
    const href = safeHref(url);
    const start = match.index;
    if (!href || url === 'mailto:') continue;
    push(text.slice(last, start));
    segments.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  push(text.slice(last));
  return segments;
}
