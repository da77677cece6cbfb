import type { FilterQuery } from '@webmail/contracts';
import type { ExportedFilter, FolderResolver } from './gmail-xml.js';
import { parseTextQuery } from './sieve-text.js';

/** XML text or attribute value. */
const esc = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The filters as Gmail's feed, in list order. Written by hand: the shape is small and fixed, and every value
 * goes through `esc` (a builder library would add nothing but options to get wrong).
 */
export function exportGmailFilters(
  filters: readonly ExportedFilter[],
  account: string,
  folders: FolderResolver,
  now = new Date(),
): string {
  const updated = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:apps="http://schemas.google.com/apps/2006">',
    '\t<title>Mail Filters</title>',
    '\t<id>tag:webmail,2026:filters</id>',
    `\t<updated>${updated}</updated>`,
    `\t<author>\n\t\t<name>${esc(account)}</name>\n\t\t<email>${esc(account)}</email>\n\t</author>`,
  ];
  filters.forEach((f, i) => {
    lines.push(
      '\t<entry>',
      "\t\t<category term='filter'></category>",
      `\t\t<title>${esc(f.name)}</title>`,
      `\t\t<id>tag:webmail,2026:filter:${i + 1}</id>`,
      `\t\t<updated>${updated}</updated>`,
      '\t\t<content></content>',
      ...propertiesOf(f, folders).map(
        ([name, value]) => `\t\t<apps:property name='${esc(name)}' value='${esc(value)}'/>`,
      ),
      '\t</entry>',
    );
  });
  lines.push('</feed>', '');
  return lines.join('\n');
}

function propertiesOf(f: ExportedFilter, folders: FolderResolver): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const { query: q, action: a } = f;
  for (const key of ['from', 'to', 'subject'] as const) {
    const value = q[key]?.trim();
    if (value) out.push([key, gmailField(value)]);
  }
  const words = [q.listId ? `list:${gmailTerm(q.listId, true)}` : '', q.text ? gmailText(q.text) : '']
    .filter(Boolean)
    .join(' ');
  if (words) out.push(['hasTheWord', words]);
  if (q.ha) out.push(['hasAttachment', 'true']);
  if (q.size) {
    out.push(
      ['size', String(Math.abs(q.size))],
      ['sizeOperator', q.size > 0 ? 's_sl' : 's_ss'],
      ['sizeUnit', 's_sb'],
    );
  }
  if (a.mailbox) {
    if (a.mailbox === folders.archiveId) out.push(['shouldArchive', 'true']);
    else if (a.mailbox === folders.trashId) out.push(['shouldTrash', 'true']);
    else {
      const path = folders.pathOfId(a.mailbox);
      if (path) out.push(['label', path]);
    }
  }
  if (a.seen) out.push(['shouldMarkAsRead', 'true']);
  if (a.flag) out.push(['shouldStar', 'true']);
  if (a.spam === 'notspam') out.push(['shouldNeverSpam', 'true']);
  if (a.spam === 'spam') out.push(['shouldSpam', 'true']);
  if (a.delete) out.push(['shouldDelete', 'true']);
  if (a.targets?.length) out.push(['forwardTo', a.targets.join(',')]);
  if (f.disabled) out.push(['disabled', 'true']);
  return out;
}

/**
 * Values in Gmail's search syntax, so that Gmail, and our import with the same parser, read what the filter
 * means. A `"` cannot be said inside a Gmail phrase: it is left out.
 */
const special = /[\s(){}",]|^[-+]|^[a-z_]+:|^(OR|AND|AROUND)$/i;
function gmailTerm(term: string, grouped = false): string {
  if (!special.test(term)) return grouped ? `(${term})` : term;
  return `"${term.replace(/"/g, '')}"`;
}

/** A header criterion is one substring: one word, or a phrase. */
const gmailField = (value: string) => gmailTerm(value);

/** Our text (an OR of ANDed terms) as Gmail's: `(a b) OR c`, since Gmail's OR binds tighter than AND. */
export function gmailText(text: NonNullable<FilterQuery['text']>): string {
  const alternatives = parseTextQuery(text);
  if (alternatives.length === 1) return alternatives[0]!.map((t) => gmailTerm(t)).join(' ');
  return alternatives
    .map((terms) =>
      terms.length === 1 ? gmailTerm(terms[0]!) : `(${terms.map((t) => gmailTerm(t)).join(' ')})`,
    )
    .join(' OR ');
}
