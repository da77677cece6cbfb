import { parseSearch } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import type { ImapArg } from '../../mail/imap/imap-raw-command.js';
import { commandText } from '../../mail/imap/imap-wire.js';
import { criteriaInFolder, searchCriteria, withCharset } from './search-criteria.js';

const now = new Date('2026-05-10T12:00:00Z');

/** The command line(s) imapflow writes for `UID SEARCH <criteria>`, as the server would receive them. */
async function wire(text: string, within = true): Promise<string> {
  const parsed = parseSearch(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return render(withCharset(searchCriteria(parsed.search, { now, within })));
}

function render(attributes: ImapArg[]): Promise<string> {
  return commandText('UID SEARCH', attributes);
}

describe('searchCriteria', () => {
  it('maps every keyword to its IMAP search key', async () => {
    expect(await wire('budget "two words" from:aino to:olga cc:x subject:kokous')).toBe(
      'A1 UID SEARCH CHARSET UTF-8 TEXT "budget" TEXT "two words" FROM "aino" TO "olga" CC "x" SUBJECT "kokous"',
    );
    expect(await wire('after:2026-03-09 before:2026/4/1 older:2025-01-01 newer:2024-12-31')).toBe(
      'A1 UID SEARCH CHARSET UTF-8 SINCE 9-Mar-2026 BEFORE 1-Apr-2026 BEFORE 1-Jan-2025 SINCE 31-Dec-2024',
    );
    expect(await wire('larger:10M smaller:300 has:attachment is:unread is:read is:starred')).toBe(
      'A1 UID SEARCH CHARSET UTF-8 LARGER 10485760 SMALLER 300 KEYWORD $HasAttachment UNSEEN SEEN FLAGGED',
    );
  });

  it('counts relative periods back from now by the calendar, in seconds with WITHIN', async () => {
    expect(await wire('older_than:2d newer_than:1m')).toBe(
      `A1 UID SEARCH CHARSET UTF-8 OLDER ${2 * 86_400} YOUNGER ${30 * 86_400}`,
    );
    expect(await wire('older_than:2d newer_than:1y', false)).toBe(
      'A1 UID SEARCH CHARSET UTF-8 BEFORE 8-May-2026 SINCE 10-May-2025',
    );
  });

  it('writes OR as nested binary ORs, groups in parentheses and negation as NOT', async () => {
    expect(await wire('a OR b OR c')).toBe('A1 UID SEARCH CHARSET UTF-8 OR TEXT "a" OR TEXT "b" TEXT "c"');
    expect(await wire('-(from:x y) OR z -w')).toBe(
      'A1 UID SEARCH CHARSET UTF-8 OR NOT (FROM "x" TEXT "y") TEXT "z" NOT TEXT "w"',
    );
    expect(await wire('in:sent')).toBe('A1 UID SEARCH CHARSET UTF-8 ALL');
  });

  it('sends non-ASCII words as literals of their UTF-8 bytes', async () => {
    expect(await wire('työpäivä Отчёт')).toBe(
      `A1 UID SEARCH CHARSET UTF-8 TEXT {${Buffer.byteLength('työpäivä')}+}\r\ntyöpäivä TEXT {${Buffer.byteLength('Отчёт')}+}\r\nОтчёт`,
    );
  });

  it('keeps hostile text as data: quotes escaped, literals and commands inert', async () => {
    expect(await wire('a\\b "x" {5}')).toBe('A1 UID SEARCH CHARSET UTF-8 TEXT "a\\\\b" TEXT "x" TEXT "{5}"');
    const injected = await wire('x\r\nA2 LOGOUT\r\n');
    expect(injected).toBe('A1 UID SEARCH CHARSET UTF-8 TEXT "x" TEXT "A2" TEXT "LOGOUT"');
    expect(injected).not.toMatch(/\r|\n/);
    expect(await wire('"evil) UID 1:* (')).toBe('A1 UID SEARCH CHARSET UTF-8 TEXT "evil) UID 1:* ("');
  });
});

describe('criteriaInFolder', () => {
  it('evaluates negations of indexed keys first, inner ones before outer ones, and negates by UID set', async () => {
    const parsed = parseSearch('budget -from:tom -(acme -invoice) -is:read');
    if (!parsed.ok) throw new Error('unreadable');
    const asked: string[] = [];
    const answers: Record<string, string> = {
      'A1 UID SEARCH CHARSET UTF-8 FROM "tom"': '3:5',
      'A1 UID SEARCH CHARSET UTF-8 TEXT "invoice"': '',
      'A1 UID SEARCH CHARSET UTF-8 TEXT "acme" ALL': '7,9',
    };
    const criteria = await criteriaInFolder(parsed.search, { now, within: true }, async (c) => {
      const line = await render(c);
      asked.push(line);
      return answers[line] ?? 'unexpected';
    });
    expect(asked).toEqual(Object.keys(answers));
    expect(await render(criteria)).toBe('A1 UID SEARCH TEXT "budget" NOT UID 3:5 NOT UID 7,9 NOT SEEN');
  });
});
