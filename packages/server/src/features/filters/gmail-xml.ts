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

/** What the properties of one entry map to so far, and what they could not. */
interface Mapped {
  query: FilterQuery;
  action: FilterAction;
  disabled: boolean;
  left: string[];
  unsupported: string[];
}

interface PropertyContext {
  /** Another property of the same entry (`size` reads its operator and unit). */
  value: (key: string) => string | undefined;
  folders: FolderResolver;
}

type PropertyMapper = (m: Mapped, v: string, key: string, ctx: PropertyContext) => void;

const ignored: PropertyMapper = () => undefined;
/** One folder per filter: the first property that names one wins; one that cannot be resolved is left out. */
const moveTo = (m: Mapped, id: string | undefined, key: string) => {
  if (!id) m.left.push(key);
  else m.action.mailbox ??= id;
};
const sizeProperty: PropertyMapper = (m, v, _key, { value }) => {
  const n = Number(v);
  const unit = sizeUnits[value('sizeUnit') ?? 's_sb'];
  const operator = value('sizeOperator') ?? 's_sl';
  if (!Number.isFinite(n) || n <= 0 || !unit || !['s_sl', 's_ss'].includes(operator))
    m.unsupported.push('size');
  else if (m.query.size) m.unsupported.push('size (a second size)');
  else m.query.size = Math.round(n * unit) * (operator === 's_ss' ? -1 : 1);
};

/** Gmail's entry properties and what each sets; `v` is trimmed, and `'true'` switches a flag property on. */
const propertyMappers = new Map<string, PropertyMapper>([
  // Read together by `gmailCriteria`.
  ['from', ignored],
  ['to', ignored],
  ['subject', ignored],
  ['hasTheWord', ignored],
  [
    'doesNotHaveTheWord',
    (m, v) => {
      if (v) m.unsupported.push('doesNotHaveTheWord (negation)');
    },
  ],
  [
    'hasAttachment',
    (m, v) => {
      if (v === 'true') m.query.ha = true;
    },
  ],
  ['size', sizeProperty],
  // Read with `size` only (Gmail writes them on every entry).
  ['sizeOperator', ignored],
  ['sizeUnit', ignored],
  ['label', (m, v, key, { folders }) => moveTo(m, folders.idOfPath(v), key)],
  ['shouldArchive', (m, v, key, { folders }) => v === 'true' && moveTo(m, folders.archiveId, key)],
  ['shouldTrash', (m, v, key, { folders }) => v === 'true' && moveTo(m, folders.trashId, key)],
  ['shouldMarkAsRead', (m, v) => v === 'true' && (m.action.seen = true)],
  ['shouldStar', (m, v) => v === 'true' && (m.action.flag = true)],
  ['shouldNeverSpam', (m, v) => v === 'true' && (m.action.spam ??= 'notspam')],
  ['shouldSpam', (m, v) => v === 'true' && (m.action.spam ??= 'spam')],
  ['shouldDelete', (m, v) => v === 'true' && (m.action.delete = true)],
  ['forwardTo', (m, v) => (m.action.targets = v.split(/[\s,;]+/).filter(Boolean))],
  ['disabled', (m, v) => (m.disabled = v === 'true')],
]);

function mapProperties(props: ReadonlyArray<readonly [string, string]>, folders: FolderResolver): Mapped {
  const value = (key: string) => props.find(([k]) => k === key)?.[1];
  const criteria = gmailCriteria({
    from: value('from'),
    to: value('to'),
    subject: value('subject'),
    hasTheWord: value('hasTheWord'),
  });
  const m: Mapped = {
    query: criteria.ok ? criteria.query : {},
    action: {},
    disabled: false,
    left: [],
    unsupported: criteria.ok ? [] : [criteria.reason],
  };
  for (const [key, raw] of props) {
    const mapper = propertyMappers.get(key);
    if (mapper) mapper(m, raw.trim(), key, { value, folders });
    else if (droppable.has(key)) m.left.push(key);
    else m.unsupported.push(key || '(unnamed)');
  }
  return m;
}

function describe(props: ReadonlyArray<readonly [string, string]>): string {
  const first = props.find(([k]) => ['from', 'to', 'subject', 'hasTheWord'].includes(k));
  return first ? `${first[0]}: ${first[1]}` : gmailDefaultTitle;
}
