import { EntityDecoder } from '@nodable/entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FilterAction, FilterImportProblem, FilterQuery } from '@webmail/contracts';
import { gmailCriteria } from './gmail-criteria.js';

/**
 * Gmail's `mailFilters.xml` (docs/filters.md, the mapping table): an Atom feed, one `<entry>` per filter with
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
/**
 * Properties left out without changing which mail the filter matches (Gmail's importance and categories, chats):
 * reported, the rest imported. Any other property we cannot map, `doesNotHaveTheWord` (no negation in our
 * filters) and unknown ones (they may be criteria) make the entry unsupported: it is skipped.
 */
const droppable = new Set([
  'excludeChats',
  'shouldAlwaysMarkAsImportant',
  'shouldNeverMarkAsImportant',
  'smartLabelToApply',
]);
/** Gmail's file is four levels deep; anything much deeper is no filter file (and costs the parser). */
const maxDepth = 20;

export class NotAFilterFile extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'entry' || name === 'apps:property' || name === 'category',
  // fast-xml-parser's own decoder: the five XML entities and every numeric reference (`&#34;`, `&#xE9;`).
  processEntities: true,
  entityDecoder: new EntityDecoder({ numericAllowed: true }),
  maxNestedTags: maxDepth,
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
  let doc: { feed?: { entry?: Array<Record<string, unknown>> } };
  try {
    doc = parser.parse(xml) as typeof doc;
  } catch (err) {
    // The parser's own limits (nesting, entity expansion): the file is refused, never a server error.
    throw new NotAFilterFile(`The file cannot be read: ${(err as Error).message}`);
  }
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
    const { query, action, disabled, left, unsupported } = mapProperties(props, folders);
    if (unsupported.length > 0 || Object.keys(query).length === 0 || Object.keys(action).length === 0) {
      const reasons = [...unsupported];
      if (Object.keys(query).length === 0 && unsupported.length === 0) reasons.push('no criteria');
      if (Object.keys(action).length === 0) reasons.push('no actions');
      problems.push({ entry: number, name, properties: [...left, ...reasons], skipped: true });
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
  const action: FilterAction = {};
  const left: string[] = [];
  const unsupported: string[] = [];
  let disabled = false;
  const value = (key: string) => props.find(([k]) => k === key)?.[1];
  const criteria = gmailCriteria({
    from: value('from'),
    to: value('to'),
    subject: value('subject'),
    hasTheWord: value('hasTheWord'),
  });
  const query: FilterQuery = criteria.ok ? criteria.query : {};
  if (!criteria.ok) unsupported.push(criteria.reason);
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
      case 'hasTheWord':
        break; // read together by `gmailCriteria`
      case 'doesNotHaveTheWord':
        if (v) unsupported.push('doesNotHaveTheWord (negation)');
        break;
      case 'hasAttachment':
        if (on) query.ha = true;
        break;
      case 'size': {
        const n = Number(v);
        const unit = sizeUnits[value('sizeUnit') ?? 's_sb'];
        const operator = value('sizeOperator') ?? 's_sl';
        if (!Number.isFinite(n) || n <= 0 || !unit || !['s_sl', 's_ss'].includes(operator))
          unsupported.push('size');
        else if (query.size) unsupported.push('size (a second size)');
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
        if (droppable.has(key)) left.push(key);
        else unsupported.push(key || '(unnamed)');
    }
  }
  return { query, action, disabled, left, unsupported };
}

function describe(props: ReadonlyArray<readonly [string, string]>): string {
  const first = props.find(([k]) => ['from', 'to', 'subject', 'hasTheWord'].includes(k));
  return first ? `${first[0]}: ${first[1]}` : gmailDefaultTitle;
}
