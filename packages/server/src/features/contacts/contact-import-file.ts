import {
  isValidEmail,
  type ContactImportProblem,
  type ContactImportResult,
  type ContactImportType,
} from '@webmail/contracts';
import { validationError } from '../../infra/errors.js';
import { CsvLayoutError, parseContactsCsv } from './contacts-csv.js';
import { looksLikeVcard, parseVcards, type ParsedCard } from './vcard.js';

/** One contact read from a file, whatever its format: a CSV row takes the shape of a parsed vCard. */
export type Entry = ParsedCard;

/**
 * The entries of an import file (vCard, or a Google/Outlook CSV), with a problem for each entry or value left
 * out. A file from which nothing at all can be taken is a 422.
 */
export function readImportFile(
  file: Buffer,
  type: ContactImportType,
): { format: ContactImportResult['format']; entries: Entry[]; problems: ContactImportProblem[] } {
  const { format, entries, problems } = readEntries(decode(file), type);
  if (entries.length === 0) {
    const first = problems[0];
    const message = first
      ? `Nothing could be imported: line ${first.line}: ${first.message}`
      : 'The file holds no contacts';
    throw validationError({
      contactImport: [
        {
          code: first ? 'importUnreadable' : 'importEmpty',
          message,
          ...(first ? { params: { line: first.line } } : {}),
        },
      ],
    });
  }
  return { format, entries, problems };
}

/** The file's text as entries of its format: vCard, or CSV whose header row is Google's or Outlook's. */
function readEntries(text: string, type: ContactImportType) {
  const vcard = type === 'vcard' || (type === 'auto' && looksLikeVcard(text));
  const problems: ContactImportProblem[] = [];
  let entries: Entry[];
  let format: ContactImportResult['format'];
  if (vcard) {
    const parsed = parseVcards(text);
    problems.push(...parsed.problems);
    entries = parsed.cards;
    format = 'vcard';
  } else {
    try {
      const parsed = parseContactsCsv(text, type === 'google' || type === 'outlook' ? type : null);
      problems.push(...parsed.problems);
      entries = parsed.rows.map((r) => ({
        ...r,
        uid: null,
        kind: 'individual',
        members: [],
        photo: null,
        extra: [],
      }));
      format = parsed.layout;
    } catch (err) {
      if (!(err instanceof CsvLayoutError)) throw err;
      const code = err.kind === 'noEmailColumn' ? 'importNoEmailColumn' : 'importUnreadable';
      throw validationError({ contactImport: [{ code, message: err.message }] });
    }
  }
  return {
    format,
    entries: entries.map((e) => cleanEmails(e, problems)).filter((e): e is Entry => !!e),
    problems,
  };
}

/** Invalid addresses are dropped (and reported); an entry left with neither name nor address is skipped. */
function cleanEmails(entry: Entry, problems: ContactImportProblem[]): Entry | null {
  const seen = new Set<string>();
  const emails = entry.fields.emails.filter((e) => {
    const key = e.value.toLowerCase();
    if (!isValidEmail(e.value)) {
      problems.push({
        line: entry.line,
        reason: 'invalidEmail',
        message: `"${e.value.slice(0, 100)}" is not a valid e-mail address; it was left out`,
      });
      return false;
    }
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (entry.kind === 'individual' && !entry.fields.fullName && emails.length === 0) {
    if (entry.fields.emails.length === 0)
      problems.push({
        line: entry.line,
        reason: 'noNameOrEmail',
        message: 'The entry has neither a name nor an e-mail address',
      });
    return null;
  }
  return { ...entry, fields: { ...entry.fields, emails } };
}

/** UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as Windows-1252 (Outlook's ANSI CSV). */
function decode(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}
