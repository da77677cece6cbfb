import { describe, expect, it } from 'vitest';
import { parseVcards } from './vcard.js';
import { extraOf, servedVcard, writeVcard } from './vcard-write.js';

const card = (...lines: string[]) => ['BEGIN:VCARD', ...lines, 'END:VCARD', ''].join('\r\n');

describe('vCard reading and writing', () => {
  it('reads vCard 2.1 quoted-printable with soft line breaks, bare types and a base64 photo', () => {
    const { cards, problems } = parseVcards(
      card(
        'VERSION:2.1',
        'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D0=98=D0=B2=D0=B0=D0=BD =D0=98=D0=B2=D0=B0=',
        '=D0=BD=D0=BE=D0=B2',
        'EMAIL;INTERNET;WORK:ivan@example.ru',
        'PHOTO;JPEG;ENCODING=BASE64:',
        ' /9j/4AAQ',
        '',
      ),
    );
    expect(problems).toEqual([]);
    expect(cards[0]!.fields).toMatchObject({
      fullName: 'Иван Иванов',
      emails: [{ value: 'ivan@example.ru', label: 'work' }],
    });
    expect(cards[0]!.photo?.length).toBe(6);
  });

  it('reports a malformed card by its first line and reads the others', () => {
    const { cards, problems } = parseVcards(
      card('VERSION:3.0', 'FN:Hyvä', 'EMAIL:hyva@example.fi') +
        card('VERSION:3.0', 'BROKEN LINE') +
        card('VERSION:4.0', 'FN:Toinen'),
    );
    expect(cards.map((c) => c.fields.fullName)).toEqual(['Hyvä', 'Toinen']);
    expect(problems).toEqual([expect.objectContaining({ line: 6, reason: 'malformedCard' })]);
  });

  it('skips a card of 10,000 lines of one property as too many values', () => {
    const flood = card('VERSION:4.0', 'FN:Tulva', ...Array.from({ length: 10_000 }, () => 'NOTE:x'));
    expect(parseVcards(flood).problems).toEqual([expect.objectContaining({ reason: 'tooManyValues' })]);
  });

  it('writes vCard 4 with the UID, keeps properties it does not edit, and serves PHOTO as a data: URI', () => {
    const parsed = parseVcards(
      card('VERSION:3.0', 'FN:Matti', 'N:Virtanen;Matti;;;', 'BDAY:1980-01-01', 'EMAIL;TYPE=HOME:m@x.fi'),
    ).cards[0]!;
    const stored = writeVcard({
      uid: 'urn:uuid:1',
      fields: parsed.fields,
      extra: parsed.extra,
      updatedAt: 0,
    });
    expect(stored).toContain('VERSION:4.0\r\n');
    expect(stored).toContain('UID:urn:uuid:1\r\n');
    expect(stored).toContain('N:Virtanen;Matti;;;\r\n');
    expect(stored).toContain('EMAIL;TYPE=home:m@x.fi\r\n');
    expect(extraOf(stored).map((p) => (p as string[])[0])).toEqual(['n', 'bday']);
    const served = servedVcard(stored, {
      categories: ['Työ, ja vapaa'],
      photo: { type: 'image/png', data: Buffer.from('png') },
    });
    expect(served).toContain('CATEGORIES:Työ\\, ja vapaa\r\n');
    expect(served).toContain('PHOTO:data:image/png;base64,cG5n\r\n');
    expect(parseVcards(served).cards[0]!.photo?.toString()).toBe('png');
  });
});
