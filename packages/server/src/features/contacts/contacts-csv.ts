import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { contactLimits } from '@webmail/contracts';
import type { ContactFields, Labelled } from './contact-fields.js';
import type { CardProblem } from './vcard.js';

/**
 * Contacts as CSV, in the column layouts of Google Contacts and Outlook (parsed and written by csv-parse /
 * csv-stringify: quoting, embedded line breaks, a byte-order mark).
 *
 * - Google: `Name` (older exports) or `First Name`/`Middle Name`/`Last Name` (newer), `E-mail N - Label`
 *   (newer) or `- Type` (older) with `E-mail N - Value`, likewise `Phone N - …`, `Organization Name` or
 *   `Organization 1 - Name`, `Notes`, `Labels` / `Group Membership`. A cell may hold several values joined by
 *   ` ::: `; a label starting with `* ` marks the primary one.
 * - Outlook: `First Name`, `Middle Name`, `Last Name`, `E-mail Address`, `E-mail 2 Address`,
 *   `E-mail 3 Address`, the phone columns (`Mobile Phone`, `Home Phone`, `Business Phone`…), `Company`,
 *   `Notes`, `Categories` (separated by `;`).
 */
export type CsvLayout = 'google' | 'outlook';

export interface CsvRow {
  line: number;
  fields: ContactFields;
  categories: string[];
}

export class CsvLayoutError extends Error {
  constructor(
    readonly kind: 'unreadable' | 'noEmailColumn',
    message: string,
  ) {
    super(message);
  }
}

const googleEmail = /^E-mail (\d+) - Value$/i;
const outlookEmail = /^E-mail( \d+)? Address$/i;
const outlookPhones: Array<[string, string]> = [
  ['Mobile Phone', 'mobile'],
  ['Home Phone', 'home'],
  ['Home Phone 2', 'home'],
  ['Business Phone', 'work'],
  ['Business Phone 2', 'work'],
  ['Company Main Phone', 'work'],
  ['Other Phone', 'other'],
  ['Primary Phone', ''],
  ['Car Phone', 'car'],
  ['Pager', 'pager'],
];

/** Which layout a header row is (null: neither has an e-mail column). */
export function detectLayout(header: string[]): CsvLayout | null {
  if (header.some((h) => googleEmail.test(h))) return 'google';
  if (header.some((h) => outlookEmail.test(h))) return 'outlook';
  return null;
}

/** The rows of a Google or Outlook CSV; `layout` null detects it from the header. */
export function parseContactsCsv(
  text: string,
  layout: CsvLayout | null,
): { layout: CsvLayout; rows: CsvRow[]; problems: CardProblem[] } {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: false,
    }) as string[][];
  } catch (err) {
    throw new CsvLayoutError('unreadable', `The CSV file could not be read: ${(err as Error).message}`);
  }
  records = records.map((record) => record.map(restoreFormulaCell));
  const header = (records[0] ?? []).map((h) => h.trim());
  const detected = detectLayout(header);
  if (!detected) throw new CsvLayoutError('noEmailColumn', 'The CSV file has no e-mail address column');
  const use = layout ?? detected;
  if (use === 'google' && detected !== 'google')
    throw new CsvLayoutError('noEmailColumn', 'The CSV file has no Google e-mail column (E-mail 1 - Value)');
  if (use === 'outlook' && detected !== 'outlook')
    throw new CsvLayoutError('noEmailColumn', 'The CSV file has no Outlook e-mail column (E-mail Address)');
  const lines = lineNumbers(text, records.length);
  const rows: CsvRow[] = [];
  const problems: CardProblem[] = [];
  records.slice(1).forEach((record, index) => {
    const cell = (name: string) => {
      const i = header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
      return i >= 0 ? (record[i] ?? '').trim() : '';
    };
    const line = lines[index + 1] ?? index + 2;
    const row = use === 'google' ? googleRow(header, record, cell) : outlookRow(header, record, cell);
    const problem = rowProblem(row.fields);
    if (problem) problems.push({ line, ...problem });
    else rows.push({ line, ...row });
  });
  return { layout: use, rows, problems };
}

function googleRow(header: string[], record: string[], cell: (n: string) => string) {
  const fullName =
    cell('Name') ||
    [
      cell('Name Prefix'),
      cell('First Name') || cell('Given Name'),
      cell('Middle Name') || cell('Additional Name'),
      cell('Last Name') || cell('Family Name'),
      cell('Name Suffix'),
    ]
      .filter(Boolean)
      .join(' ');
  const labelled = (kind: 'E-mail' | 'Phone') => {
    const values: Labelled[] = [];
    header.forEach((h, i) => {
      const m = new RegExp(`^${kind} (\\d+) - Value$`, 'i').exec(h);
      if (!m) return;
      const label = (cell(`${kind} ${m[1]} - Label`) || cell(`${kind} ${m[1]} - Type`)).replace(/^\* /, '');
      for (const value of (record[i] ?? '')
        .split(' ::: ')
        .map((v) => v.trim())
        .filter(Boolean))
        values.push({ value, label: normaliseLabel(label) });
    });
    return values;
  };
  const groups = (cell('Labels') || cell('Group Membership'))
    .split(' ::: ')
    .map((g) => g.replace(/^\* /, '').trim())
    .filter((g) => g && !/^(mycontacts|starred)$/i.test(g));
  return {
    fields: {
      fullName,
      emails: labelled('E-mail'),
      phones: labelled('Phone'),
      organization: cell('Organization Name') || cell('Organization 1 - Name'),
      notes: cell('Notes'),
    },
    categories: groups,
  };
}

function outlookRow(header: string[], record: string[], cell: (n: string) => string) {
  const fullName = [cell('Title'), cell('First Name'), cell('Middle Name'), cell('Last Name'), cell('Suffix')]
    .filter(Boolean)
    .join(' ');
  const emails: Labelled[] = [];
  header.forEach((h, i) => {
    if (outlookEmail.test(h) && record[i]?.trim()) emails.push({ value: record[i]!.trim(), label: '' });
  });
  const phones = outlookPhones
    .map(([column, label]) => ({ value: cell(column), label }))
    .filter((p) => p.value);
  return {
    fields: {
      fullName: fullName || cell('E-mail Display Name'),
      emails,
      phones,
      organization: cell('Company'),
      notes: cell('Notes'),
    },
    categories: cell('Categories')
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean),
  };
}

function normaliseLabel(label: string): string {
  const l = label.trim().toLowerCase();
  return (l === 'cell' ? 'mobile' : l).slice(0, contactLimits.labelMax);
}

function rowProblem(fields: ContactFields): Omit<CardProblem, 'line'> | null {
  if (!fields.fullName && fields.emails.length === 0)
    return { reason: 'noNameOrEmail', message: 'The row has neither a name nor an e-mail address' };
  if (fields.emails.length > contactLimits.emailsMax)
    return {
      reason: 'tooManyValues',
      message: `The row has ${fields.emails.length} e-mail addresses (at most ${contactLimits.emailsMax})`,
    };
  if (fields.phones.length > contactLimits.phonesMax)
    return {
      reason: 'tooManyValues',
      message: `The row has ${fields.phones.length} phone numbers (at most ${contactLimits.phonesMax})`,
    };
  if (
    fields.fullName.length > contactLimits.fullNameMax ||
    fields.organization.length > contactLimits.organizationMax ||
    fields.notes.length > contactLimits.notesMax
  )
    return { reason: 'valueTooLong', message: 'A value of the row is too long' };
  return null;
}

/** The line each record begins on (records may span lines inside quotes): parsed again with `info`. */
function lineNumbers(text: string, count: number): number[] {
  try {
    const withInfo = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as Array<{
      info: { lines: number };
      record: string[];
    }>;
    // `info.lines` is the line a record ends on; the next record begins after it.
    return withInfo.map((r, i) => (i === 0 ? 1 : withInfo[i - 1]!.info.lines + 1)).slice(0, count);
  } catch {
    return [];
  }
}

/**
 * A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, TAB or CR first: OWASP's CSV injection
 * list) is written with a leading `'`, which spreadsheets show as text. A cell that already starts with quotes
 * before such a character gets one more, so `restoreFormulaCell` can take exactly one away on import and the
 * file reads back as it was written.
 */
const formulaStart = /^'*[=+\-@\t\r]/;
export const neutraliseFormulaCell = (value: string): string =>
  formulaStart.test(value) ? `'${value}` : value;
export const restoreFormulaCell = (value: string): string =>
  value.startsWith("'") && formulaStart.test(value) ? value.slice(1) : value;

export interface CsvContact {
  fields: ContactFields;
  groups: string[];
}

/** Contacts as a Google-layout CSV with a header row (Google, Outlook and most tools import it). */
export function writeContactsCsv(contacts: CsvContact[]): string {
  const emailColumns = Math.max(1, ...contacts.map((c) => c.fields.emails.length));
  const phoneColumns = Math.max(1, ...contacts.map((c) => c.fields.phones.length));
  const header = ['Name', 'Organization 1 - Name', 'Notes', 'Group Membership'];
  for (let i = 1; i <= emailColumns; i++) header.push(`E-mail ${i} - Type`, `E-mail ${i} - Value`);
  for (let i = 1; i <= phoneColumns; i++) header.push(`Phone ${i} - Type`, `Phone ${i} - Value`);
  const rows = contacts.map((c) => {
    const row = [c.fields.fullName, c.fields.organization, c.fields.notes, c.groups.join(' ::: ')];
    for (let i = 0; i < emailColumns; i++)
      row.push(c.fields.emails[i]?.label ?? '', c.fields.emails[i]?.value ?? '');
    for (let i = 0; i < phoneColumns; i++)
      row.push(c.fields.phones[i]?.label ?? '', c.fields.phones[i]?.value ?? '');
    return row;
  });
  return stringify([header, ...rows.map((row) => row.map(neutraliseFormulaCell))], {
    record_delimiter: '\r\n',
  });
}
