import { describe, expect, it } from 'vitest';
import { CsvLayoutError, parseContactsCsv, writeContactsCsv } from './contacts-csv.js';

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
});
