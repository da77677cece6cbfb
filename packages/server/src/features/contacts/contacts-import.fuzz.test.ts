import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz, mutated } from '../../fuzz.testing.js';
import { emptyFields, type ContactFields } from './contact-fields.js';
import { CsvLayoutError, parseContactsCsv, writeContactsCsv } from './contacts-csv.js';
import { parseVcards } from './vcard.js';
import { writeVcard } from './vcard-write.js';

const fixtureDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/contacts/fixtures',
);
const fixture = (name: string) => readFileSync(path.join(fixtureDir, name));

/** Values with the characters vCard and CSV escape (`,;\:"` and line breaks) and some beyond ASCII. */
const value = fc
  .string({ unit: fc.constantFrom(...Array.from('ab Z09,;:\\"\'=Ü🐙\n')), minLength: 1, maxLength: 16 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9._-]{1,10}$/), fc.constantFrom('example.test', 'ex.ample.fi'))
  .map(([local, domain]) => `${local}@${domain}`);
const fields: fc.Arbitrary<ContactFields> = fc.record({
  fullName: value,
  emails: fc.array(fc.record({ value: email, label: fc.constantFrom('', 'work', 'home') }), {
    minLength: 1,
    maxLength: 3,
  }),
  phones: fc.array(
    fc.record({
      value: fc.stringMatching(/^\+?[0-9][0-9 ]{2,11}[0-9]$/),
      label: fc.constantFrom('', 'mobile', 'work'),
    }),
    { maxLength: 2 },
  ),
  organization: fc.oneof(fc.constant(''), value),
  notes: fc.oneof(fc.constant(''), value),
});

describe('contact import (property)', () => {
  it('reads mutated vCard files without crashing: every card parsed or reported', () => {
    fuzz(
      'vcard: mutated files',
      fc.property(
        mutated(
          [fixture('contacts-v3.vcf'), fixture('contacts-v4.vcf')],
          ['\r\n ', ';', ':', '\\', 'BEGIN:VCARD\r\n', 'END:VCARD\r\n', 'PHOTO;ENCODING=b:@@'],
        ),
        (raw) => {
          const { cards, problems } = parseVcards(raw.toString('utf8'));
          for (const card of cards) expect(Array.isArray(card.fields.emails)).toBe(true);
          for (const problem of problems) expect(problem.message).toEqual(expect.any(String));
        },
      ),
      300,
    );
  });

  it('reads back what it writes as vCard', () => {
    fuzz(
      'vcard: write/read round trip',
      fc.property(fields, (input) => {
        const { cards, problems } = parseVcards(
          writeVcard({ uid: 'urn:uuid:1', fields: input, extra: [], updatedAt: 0 }),
        );
        expect(problems).toEqual([]);
        expect(cards.map((c) => c.fields)).toEqual([input]);
      }),
      200,
    );
  });

  it('reads mutated CSV files without crashing: rows, problems, or a layout error', () => {
    fuzz(
      'csv: mutated files',
      fc.property(
        mutated([fixture('google.csv'), fixture('outlook.csv')], ['"', ',', '\r\n', '""', '\uFEFF']),
        fc.constantFrom(null, 'google' as const, 'outlook' as const),
        (raw, layout) => {
          try {
            const { rows } = parseContactsCsv(raw.toString('utf8'), layout);
            for (const row of rows) expect(row.line).toBeGreaterThan(0);
          } catch (error) {
            expect(error).toBeInstanceOf(CsvLayoutError);
          }
        },
      ),
      300,
    );
  });

  it('reads back what it writes as CSV', () => {
    fuzz(
      'csv: write/read round trip',
      fc.property(fc.array(fields, { minLength: 1, maxLength: 4 }), (list) => {
        const csv = writeContactsCsv(list.map((f) => ({ fields: f, groups: [] })));
        const { rows } = parseContactsCsv(csv, null);
        expect(rows.map((r) => r.fields)).toEqual(list.map((f) => ({ ...emptyFields(), ...f })));
      }),
      200,
    );
  });
});
