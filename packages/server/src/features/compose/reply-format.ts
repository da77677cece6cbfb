import { formatFullDate, type Address, type ReplyMode } from '@webmail/contracts';

export interface OriginalHeaders {
  messageId: string | null;
  references: string[];
  subject: string;
  date: Date | null;
  from: Address | null;
  replyTo: Address[];
  to: Address[];
  cc: Address[];
}

// "Re:" in the languages of the UI and of common clients (AW German, SV/VS Nordic, Vs Estonian/Finnish).
const replyPrefix = /^\s*(re|aw|sv|vs|antw|odp|ответ)\s*(\[\d+\])?\s*:/i;
const forwardPrefix = /^\s*(fwd?|wg|vb|vl|tr|rv|enc|doorst|edasi|пересл)\s*(\[\d+\])?\s*:/i;

/** `Re:` / `Fwd:` added once: a subject that already starts with one (in any common spelling) is kept. */
export function prefixedSubject(subject: string, mode: ReplyMode): string {
  const forward = mode === 'forward' || mode === 'forwardAsAttachment';
  const existing = forward ? forwardPrefix : replyPrefix;
  if (existing.test(subject)) return subject;
  return `${forward ? 'Fwd' : 'Re'}: ${subject}`.trimEnd();
}

/**
 * Reply: to Reply-To when set, else From. Reply all: that plus the original To, with the original Cc as
 * Cc. The user's own addresses are never included; replying to one's own sent message goes to its
 * recipients (as mail clients do), not back to oneself.
 */
export function replyRecipients(original: OriginalHeaders, mode: ReplyMode, own: string[]) {
  const mine = new Set(own.map((a) => a.toLowerCase()));
  const isMine = (a: Address) => mine.has(a.address.toLowerCase());
  if (mode === 'forward' || mode === 'forwardAsAttachment') return { to: [], cc: [] };
  const fromMe = original.from !== null && isMine(original.from);
  const author = original.replyTo.length > 0 ? original.replyTo : original.from ? [original.from] : [];
  const primary = fromMe ? original.to : author;
  const seen = new Set<string>();
  const pick = (list: Address[]) =>
    list.filter((a) => {
      const key = a.address.toLowerCase();
      if (!a.address || isMine(a) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  let to = pick(mode === 'reply' ? primary : [...primary, ...(fromMe ? [] : original.to)]);
  const cc = mode === 'replyAll' ? pick(original.cc) : [];
  // Written to oneself only: the reply goes to oneself rather than nowhere.
  if (to.length === 0 && cc.length === 0 && original.from) to = [original.from];
  return { to, cc };
}

/** In-Reply-To and References (RFC 5322 §3.6.4); a long chain keeps its root and the latest 19. */
export function threading(original: OriginalHeaders): { inReplyTo: string | null; references: string[] } {
  if (!original.messageId) return { inReplyTo: null, references: original.references.slice(-20) };
  const chain = [...original.references.filter((r) => r !== original.messageId), original.messageId];
  const references = chain.length > 20 ? [chain[0]!, ...chain.slice(-19)] : chain;
  return { inReplyTo: original.messageId, references };
}

type Lang = 'en' | 'fi' | 'et' | 'ru';
const words: Record<
  Lang,
  { wrote: (when: string, who: string) => string; forwarded: string; labels: string[] }
> = {
  en: {
    wrote: (when, who) => `On ${when}, ${who} wrote:`,
    forwarded: '---------- Forwarded message ---------',
    labels: ['From', 'Date', 'Subject', 'To', 'Cc'],
  },
  fi: {
    wrote: (when, who) => `${when} ${who} kirjoitti:`,
    forwarded: '---------- Välitetty viesti ----------',
    labels: ['Lähettäjä', 'Päivämäärä', 'Aihe', 'Vastaanottaja', 'Kopio'],
  },
  et: {
    wrote: (when, who) => `${when} kirjutas ${who}:`,
    forwarded: '---------- Edastatud kiri ----------',
    labels: ['Saatja', 'Kuupäev', 'Teema', 'Saaja', 'Koopia'],
  },
  ru: {
    wrote: (when, who) => `${when}, ${who} написал(а):`,
    forwarded: '---------- Пересылаемое сообщение ----------',
    labels: ['От', 'Дата', 'Тема', 'Кому', 'Копия'],
  },
};

/**
 * The quote header's date: the product's full date, `DD.MM.YYYY HH:mm`, in the user's time zone (UTC when it is
 * unknown) — the same rule and module (contracts' format.ts) the reader uses, not a locale's own long form
 * (`Nov 23, 2026, 2:47 PM`).
 */
export function formatDate(date: Date | null, timeZone: string | undefined): string {
  if (!date) return '';
  return formatFullDate(date, timeZone ?? 'UTC');
}

const person = (a: Address) => (a.name ? `${a.name} <${a.address}>` : a.address);
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
export const textToHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/**
 * The quoted original for the composer: an attribution line and a cite blockquote for replies; a
 * "Forwarded message" header block for forwards. `bodyHtml` must already be sanitized.
 */
export function quote(
  original: OriginalHeaders,
  body: { html: string; text: string },
  context: { mode: ReplyMode; lang: Lang; timeZone?: string },
): { html: string; text: string } {
  const w = words[context.lang];
  const when = formatDate(original.date, context.timeZone);
  if (context.mode === 'reply' || context.mode === 'replyAll') {
    const line = w.wrote(when, original.from ? person(original.from) : '');
    const html = `<p></p><p>${escapeHtml(line)}</p><blockquote type="cite">${body.html}</blockquote>`;
    const quoted = body.text.split(/\r?\n/).map((l) => (l ? `> ${l}` : '>'));
    return { html, text: `\n\n${line}\n${quoted.join('\n')}` };
  }
  const [from, date, subject, to, cc] = w.labels;
  const rows: Array<[string | undefined, string]> = [
    [from, original.from ? person(original.from) : ''],
    [date, when],
    [subject, original.subject],
    [to, original.to.map(person).join(', ')],
    [cc, original.cc.map(person).join(', ')],
  ];
  const lines = [w.forwarded, ...rows.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`)];
  const html = `<p></p><p>${lines.map(escapeHtml).join('<br>')}</p>${body.html}`;
  return { html, text: `\n\n${lines.join('\n')}\n\n${body.text}` };
}
