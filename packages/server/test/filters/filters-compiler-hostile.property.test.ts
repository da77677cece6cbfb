import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileScript } from '../../src/features/filters/filters-compiler.js';
import { fuzz, fuzzTimeout } from '../../src/fuzz.testing.js';
import { createSieveTester } from '../support/sieve-test.testing.js';

/**
 * Property: whatever a criterion holds (Sieve's quotes and escapes, `${…}` variables, wildcards, statements,
 * text beyond ASCII), the compiled script stays valid in the real Pigeonhole interpreter and the text is only
 * data: a message whose subject contains it is flagged, one whose subject does not is left alone.
 */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '"',
        '\\',
        '$',
        '${1}',
        '${wm_dollar}',
        '{',
        '}',
        ';',
        '*',
        '?',
        'discard;',
        '" } discard; {',
      ),
      fc.constantFrom('Ü', 'ß', '🐙', 'a', 'B', '1', ' ', ',', 'OR', 'text: x'),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join('').trim())
  .filter((s) => s.length > 0);

const message = (subject: string) =>
  [
    'From: a@a.test',
    'To: me@example.test',
    `Subject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'body',
    '',
  ].join('\r\n');

describe('the Sieve compiler with hostile criteria, in Pigeonhole (property)', () => {
  it(
    'keeps any subject text as data: a match is flagged, a miss is not',
    async () => {
      const tester = createSieveTester([]);
      await fuzz(
        'sieve: hostile criteria stay data',
        fc.asyncProperty(hostile, async (text) => {
          const { script } = compileScript({
            filters: [{ query: { subject: text }, action: { flag: true } }],
            folderPath: () => undefined,
            junkPath: 'Junk',
            targets: [],
            spamLevel: 100,
            autoreply: null,
          });
          const envelope = { from: 'a@a.test', to: 'me@example.test' };
          const hit = await tester.run(script, message(`x ${text} y`), envelope);
          expect(hit.stored, script).toEqual([{ folder: 'INBOX', flags: ['\\flagged'] }]);
          const miss = await tester.run(script, message('zzz'), envelope);
          expect(miss.stored, script).toEqual([{ folder: 'INBOX', flags: [] }]);
        }),
        25,
      );
    },
    fuzzTimeout(300_000),
  );
});
