import { daysAgoInZone, searchTokens, type SearchKeyword } from '@webmail/contracts';

/** The quick chips of the search dropdown, in the product's order. */
export const quickChipIds = ['hasAttachment', 'last7Days', 'fromMe', 'unread', 'starred'] as const;
export type QuickChipId = (typeof quickChipIds)[number];

export interface ChipContext {
  now: Date;
  /** The user's time zone (user details); the browser's when the user has none. */
  timeZone: string;
  /** The user's own address. */
  address: string;
}

/**
 * The term a chip stands for. "Last 7 days" is `after:` the date seven days ago on the user's own calendar (their
 * stored time zone, not the browser's), so at 23:30 in Honolulu it is still yesterday's week there.
 */
export function chipTerm(chip: QuickChipId, context: ChipContext): string {
  switch (chip) {
    case 'hasAttachment':
      return 'has:attachment';
    case 'last7Days':
      return `after:${daysAgoInZone(context.now, context.timeZone, 7)}`;
    case 'fromMe':
      return `from:${context.address}`;
    case 'unread':
      return 'is:unread';
    case 'starred':
      return 'is:starred';
  }
}

/** Whether the text has this term as a token of its own (not inside a phrase or another word). */
export function hasTerm(text: string, term: string): boolean {
  return searchTokens(text).some(
    (token) => text.slice(token.start, token.end).toLowerCase() === term.toLowerCase(),
  );
}

/** The text with the term added at the end, or taken out when it is there. */
export function toggleTerm(text: string, term: string): string {
  const tokens = searchTokens(text);
  const hit = tokens.find((token) => text.slice(token.start, token.end).toLowerCase() === term.toLowerCase());
  if (!hit) return `${text.trim()} ${term}`.trim();
  return `${text.slice(0, hit.start)}${text.slice(hit.end)}`.replace(/\s+/g, ' ').trim();
}

/** The word being typed (the last token, when the text does not end in a space), for people suggestions. */
export function wordBeingTyped(text: string): { start: number; word: string } | null {
  if (text === '' || /\s$/.test(text)) return null;
  const last = searchTokens(text).at(-1);
  if (!last || last.end !== text.length || (last.type !== 'word' && last.type !== 'keyword')) return null;
  const raw = text.slice(last.start, last.end);
  // `from:ai` suggests on `ai`; any other keyword's value is not a person.
  if (last.type === 'keyword') {
    if (!['from', 'to', 'cc'].includes(last.keyword ?? '') || last.quoted) return null;
    return { start: last.start, word: last.value };
  }
  return { start: last.start, word: raw };
}

/** The text with the word being typed replaced by `from:address` (or the keyword it had). */
export function withPerson(text: string, start: number, address: string): string {
  const current = text.slice(start);
  const keyword = /^(from|to|cc):/i.exec(current)?.[1]?.toLowerCase() ?? 'from';
  return `${text.slice(0, start)}${keyword}:${address} `;
}

/** A part of the bar's text: plain, or a recognised keyword token (highlighted). */
export interface TextSegment {
  text: string;
  keyword: SearchKeyword | null;
}

/** Whether a whole token matches a keyword's pattern; a pattern that does not compile matches nothing. */
function matchesPattern(pattern: string, source: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'i').test(source);
  } catch {
    return false;
  }
}

/** The text cut into plain runs and keyword tokens that match their pattern (from `GET /search/keywords`). */
export function highlightSegments(text: string, patterns: Record<SearchKeyword, string>): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const token of searchTokens(text)) {
    if (token.type !== 'keyword' || !token.keyword) continue;
    const source = text.slice(token.start, token.end);
    if (!matchesPattern(patterns[token.keyword], source)) continue;
    if (token.start > at) segments.push({ text: text.slice(at, token.start), keyword: null });
    segments.push({ text: source, keyword: token.keyword });
    at = token.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), keyword: null });
  return segments;
}
