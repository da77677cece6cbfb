import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz, mutated } from '../../fuzz.testing.js';
import { exportGmailFilters } from './gmail-xml-export.js';
import { NotAFilterFile, parseGmailFilters, type FolderResolver } from './gmail-xml.js';

const fixture = readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../test/filters/fixtures/mailFilters.xml',
  ),
);
const paths = new Map([
  ['f1', 'Work'],
  ['f2', 'Lists/News'],
  ['f3', 'Ünï & <co>'],
]);
const folders: FolderResolver = {
  idOfPath: (p) => [...paths].find(([, v]) => v === p)?.[0],
  pathOfId: (id) => paths.get(id),
  archiveId: 'f1',
  trashId: undefined,
};

/**
 * Text a criterion may hold (no control characters: the contract refuses them), XML's specials included. Not `"`
 * nor parentheses: the import reads criteria in Gmail's search syntax, where they are syntax (a lone `"` is lost).
 */
const text = fc
  .string({ unit: fc.constantFrom(...Array.from("ab Z09&<>'/:;,*Ü🐙]]>")), minLength: 1, maxLength: 20 })
  .map((s) => s.trim().replace(/\s+/g, ' '))
  .filter((s) => s.length > 0 && !/\s(OR|AND)\s|^list:|\slist:/.test(s));
const filter = fc
  .record({
    name: text,
    query: fc.record({ from: text, to: text, subject: text }, { requiredKeys: [] }),
    action: fc.record(
      { seen: fc.constant(true), flag: fc.constant(true), mailbox: fc.constantFrom('f1', 'f2', 'f3') },
      { requiredKeys: [] },
    ),
    disabled: fc.boolean(),
  })
  // A filter without a criterion or an action is refused (reported), not imported.
  .filter((f) => Object.keys(f.query).length > 0 && Object.keys(f.action).length > 0);

describe("Gmail's filter XML (property)", () => {
  it('reads mutated exports without crashing: filters and problems, or NotAFilterFile', () => {
    fuzz(
      'gmail-xml: mutated export',
      fc.property(
        mutated([fixture], ["'", '<apps:property', '&amp;', '&#0;', ']]>', '<!ENTITY x "y">', '</entry>']),
        (raw) => {
          try {
            const { filters } = parseGmailFilters(raw.toString('utf8'), folders);
            for (const f of filters) expect(typeof f.name).toBe('string');
          } catch (error) {
            expect(error).toBeInstanceOf(NotAFilterFile);
          }
        },
      ),
      300,
    );
  });

  it('imports its own export as the same filters', () => {
    fuzz(
      'gmail-xml: export/import round trip',
      fc.property(fc.array(filter, { minLength: 1, maxLength: 4 }), (list) => {
        const xml = exportGmailFilters(list, 'me@example.test', folders, new Date('2026-01-01T00:00:00Z'));
        const { filters } = parseGmailFilters(xml, folders);
        expect(
          filters.map(({ name, query, action, disabled }) => ({ name, query, action, disabled })),
        ).toEqual(list);
      }),
      200,
    );
  });
});
