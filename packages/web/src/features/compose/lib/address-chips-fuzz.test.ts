import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail } from '@webmail/contracts';
import { formatChip, parseAddresses } from './address-chips';

/** Seeded like the server's properties (FUZZ_SEED, FUZZ_RUNS; counts to FUZZ_REPORT for `bench:fuzz`). */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_128);
const numRuns = (runs: number) => Math.max(1, Math.round(runs * Number(process.env.FUZZ_RUNS ?? 1)));
function check<Ts extends [unknown, ...unknown[]]>(name: string, property: fc.IProperty<Ts>, runs: number) {
  fc.assert(property, { seed, numRuns: numRuns(runs) });
  if (process.env.FUZZ_REPORT) appendFileSync(process.env.FUZZ_REPORT, `${name}\t${numRuns(runs)}\n`);
}

const address = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,10}$/), fc.constantFrom('example.test', 'ex-ample.fi'))
  .map(([local, domain]) => `${local}@${domain}`)
  .filter(isValidEmail);
/** Names as people write them, with the characters that split or quote a recipient list. */
const name = fc
  .string({ unit: fc.constantFrom(...Array.from('ab Zé,;<>@"\'().🐙')), maxLength: 16 })
  .map((s) => s.trim().replace(/\s+/g, ' '));

describe('recipient address parsing (property)', () => {
  it('never throws, and every chip it calls valid has a valid address', () => {
    check(
      'address parsing: any text',
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        for (const chip of parseAddresses(text))
          if (chip.valid) expect(isValidEmail(chip.address)).toBe(true);
      }),
      300,
    );
  });

  it('reads a formatted list of recipients back as the same recipients', () => {
    check(
      'address parsing: format/parse round trip',
      fc.property(fc.array(fc.record({ name, address }), { minLength: 1, maxLength: 5 }), (recipients) => {
        const text = recipients.map(formatChip).join(', ');
        const chips = parseAddresses(text).map(({ name: n, address: a }) => ({ name: n, address: a }));
        expect(chips, text).toEqual(
          recipients.map((r) => ({ name: r.name.replaceAll('"', "'").trim(), address: r.address })),
        );
      }),
      300,
    );
  });
});
