import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FilterAction, FilterImportProblem, FilterQuery } from '@webmail/contracts';

/**
 * Gmail's `mailFilters.xml` (semantics.md): an Atom feed, one `<entry>` per filter with
 * `<apps:property name=… value=…/>`. Import maps what our filters can do and reports, per entry, what they
 * cannot; export writes the same shape. Three properties are the webmail's own, for what Gmail cannot say
 * (Gmail ignores unknown ones): `shouldDelete` (not stored), `shouldSpam` (to Junk), `disabled`.
 * Gmail has no filter names: the entry's `<title>` carries ours ("Mail Filter" in Gmail's own exports).
 */

/** Folder paths the import and export need: special-use ones and any path ↔ id. */
export interface FolderResolver {
  idOfPath(path: string): string | undefined;
  pathOfId(id: string): string | undefined;
  archiveId: string | undefined;
  trashId: string | undefined;
}

export interface ParsedFilter {
  entry: number;
  name: string;
  query: FilterQuery;
  action: FilterAction;
  disabled: boolean;
}

export interface ExportedFilter {
  name: string;
  query: FilterQuery;
  action: FilterAction;
  disabled: boolean;
}

const gmailDefaultTitle = 'Mail Filter';
const sizeUnits: Record<string, number> = { s_sb: 1, s_skb: 1024, s_smb: 1024 * 1024 };
const unsupported = new Set([
  'doesNotHaveTheWord',
  'excludeChats',
  'shouldAlwaysMarkAsImportant',
  'shouldNeverMarkAsImportant',
  'smartLabelToApply',
]);

export class NotAFilterFile extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'entry' || name === 'apps:property' || name === 'category',
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
});

const textOf = (node: unknown): string =>
  typeof node === 'string'
    ? node
    : node && typeof node === 'object'
      ? String((node as Record<string, unknown>)['#text'] ?? '')
      : '';

/** Parses the file; a file that is not XML or not a filter feed throws `NotAFilterFile`. */
export function parseGmailFilters(
  xml: string,
  folders: FolderResolver,
): { filters: ParsedFilter[]; problems: FilterImportProblem[] } {
  // No DTDs: they can declare entities that expand without end; Gmail's file never has one.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new NotAFilterFile('The file declares a DTD');
  if (XMLValidator.validate(xml) !== true) throw new NotAFilterFile('The file is not XML');
  const doc = parser.parse(xml) as { feed?: { entry?: Array<Record<string, unknown>> } };
  if (!doc.feed || typeof doc.feed !== 'object') throw new NotAFilterFile('The file is not a filter feed');
  const filters: ParsedFilter[] = [];
  const problems: FilterImportProblem[] = [];
  (doc.feed.entry ?? []).forEach((entry, index) => {
    const number = index + 1;
    const props = (
      (entry['apps:property'] as Array<{ name?: string; value?: string }> | undefined) ?? []
    ).map((p) => [String(p.name ?? ''), String(p.value ?? '')] as const);
    const title = textOf(entry.title).trim();
    const name = (title && title !== gmailDefaultTitle ? title : describe(props)).slice(0, 100);
    const categories = (entry.category as Array<{ term?: string }> | undefined) ?? [];
    if (
      props.some(([k]) => k === 'cannedResponse') ||
      categories.some((c) => c.term && c.term !== 'filter')
    ) {
      problems.push({ entry: number, name, properties: ['cannedResponse'], skipped: true });
      return;
    }
    const { query, action, disabled, left } = mapProperties(props, folders);
    if (Object.keys(query).length === 0 || Object.keys(action).length === 0) {
      problems.push({
        entry: number,
        name,
        properties: [...left, Object.keys(query).length === 0 ? 'no criteria' : 'no actions'],
        skipped: true,
      });
      return;
    }
    if (left.length > 0) problems.push({ entry: number, name, properties: left, skipped: false });
    // Gmail's titles never hold line breaks, but a hand-edited file may: they become spaces, not a refusal.
    // eslint-disable-next-line no-control-regex
    const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ');
    filters.push({ entry: number, name: clean, query, action, disabled });
  });
  return { filters, problems };
}

function mapProperties(props: ReadonlyArray<readonly [string, string]>, folders: FolderResolver) {
  const query: FilterQuery = {};
  const action: FilterAction = {};
  const left: string[] = [];
  let disabled = false;
  const value = (key: string) => props.find(([k]) => k === key)?.[1];
  const setMailbox = (id: string | undefined, key: string) => {
    if (!id) left.push(key);
    else action.mailbox ??= id;
  };
  for (const [key, raw] of props) {
    const v = raw.trim();
    const on = v === 'true';
    switch (key) {
      case 'from':
      case 'to':
      case 'subject':
        query[key] = v.slice(0, 256);
        break;
      case 'hasTheWord': {
        const list = /(?:^|\s)list:\(?([^)\s]+)\)?/.exec(v);
        if (list) query.listId = list[1]!;
        const text = v.replace(/(?:^|\s)list:\(?[^)\s]+\)?/, '').trim();
        if (text) query.text = text.slice(0, 256);
        break;
      }
      case 'hasAttachment':
        if (on) query.ha = true;
        break;
      case 'size': {
        const n = Number(v);
        const unit = sizeUnits[value('sizeUnit') ?? 's_sb'];
        const operator = value('sizeOperator') ?? 's_sl';
        if (!Number.isFinite(n) || n <= 0 || !unit || !['s_sl', 's_ss'].includes(operator)) left.push('size');
        else query.size = Math.round(n * unit) * (operator === 's_ss' ? -1 : 1);
        break;
      }
      case 'sizeOperator':
      case 'sizeUnit':
        break; // read with `size` only (Gmail writes them on every entry)
      case 'label':
        setMailbox(folders.idOfPath(v), 'label');
        break;
      case 'shouldArchive':
        if (on) setMailbox(folders.archiveId, key);
        break;
      case 'shouldTrash':
        if (on) setMailbox(folders.trashId, key);
        break;
      case 'shouldMarkAsRead':
        if (on) action.seen = true;
        break;
      case 'shouldStar':
        if (on) action.flag = true;
        break;
      case 'shouldNeverSpam':
        if (on) action.spam ??= 'notspam';
        break;
      case 'shouldSpam':
        if (on) action.spam ??= 'spam';
        break;
      case 'shouldDelete':
        if (on) action.delete = true;
        break;
      case 'forwardTo':
        action.targets = v.split(/[\s,;]+/).filter(Boolean);
        break;
      case 'disabled':
        disabled = on;
        break;
      default:
        left.push(unsupported.has(key) ? key : key || '(unnamed)');
    }
  }
  return { query, action, disabled, left };
}

function describe(props: ReadonlyArray<readonly [string, string]>): string {
  const first = props.find(([k]) => ['from', 'to', 'subject', 'hasTheWord'].includes(k));
  return first ? `${first[0]}: ${first[1]}` : gmailDefaultTitle;
}

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
  if (q.from) out.push(['from', q.from]);
  if (q.to) out.push(['to', q.to]);
  if (q.subject) out.push(['subject', q.subject]);
  const words = [q.listId ? `list:(${q.listId})` : '', q.text ?? ''].filter(Boolean).join(' ');
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
