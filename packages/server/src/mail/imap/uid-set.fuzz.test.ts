import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../fuzz.testing.js';
import { compressUids, countUidSet, expandUids, parseUidSet, rangesToSet, UidRangeSet } from './uid-set.js';

const uids = fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 300 });
const ranges = fc.array(
  fc
    .tuple(fc.integer({ min: 1, max: 4_294_967_295 }), fc.integer({ min: 0, max: 2000 }))
    .map(([first, length]) => [first, Math.min(4_294_967_295, first + length)] as const),
  { maxLength: 40 },
);
const canonical = /^(\d+(:\d+)?)(,\d+(:\d+)?)*$/;

describe('UID sets (property)', () => {
  it('compressUids then expandUids gives the distinct UIDs back, ascending, in a canonical set', () => {
    fuzz(
      'uid-set: compress/expand round trip',
      fc.property(uids, (list) => {
        const set = compressUids(list);
        expect(expandUids(set)).toEqual([...new Set(list)].sort((a, b) => a - b));
        if (list.length > 0) expect(set).toMatch(canonical);
        // Canonical: compressing again changes nothing, and no two runs touch.
        expect(rangesToSet(parseUidSet(set))).toBe(set);
      }),
      300,
    );
  });

  it('rangesToSet merges any runs without expanding them; membership and count agree with the runs', () => {
    fuzz(
      'uid-set: ranges merge, membership, count',
      fc.property(
        ranges,
        fc.array(fc.integer({ min: 1, max: 4_294_967_295 }), { maxLength: 20 }),
        (runs, probes) => {
          const set = rangesToSet(runs);
          const members = new UidRangeSet(set);
          const inRuns = (uid: number) =>
            runs.some(([a, b]) => uid >= Math.min(a, b) && uid <= Math.max(a, b));
          for (const uid of [...probes, ...runs.flat(), ...runs.map(([, b]) => b + 1)]) {
            expect(members.has(uid), `${uid} in ${set}`).toBe(inRuns(uid));
          }
          const parsed = parseUidSet(set);
          for (let i = 1; i < parsed.length; i += 1)
            expect(parsed[i]![0]).toBeGreaterThan(parsed[i - 1]![1] + 1);
          expect(countUidSet(set)).toBe(parsed.reduce((n, [a, b]) => n + b - a + 1, 0));
        },
      ),
      300,
    );
  });

  it('parseUidSet refuses text that is no UID set, with an error and never a wrong set', () => {
    fuzz(
      'uid-set: parse refuses garbage',
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789:,*- x\r\n{}') }), (text) => {
        let runs: ReturnType<typeof parseUidSet> | undefined;
        try {
          runs = parseUidSet(text);
        } catch (error) {
          expect((error as Error).message).toMatch(/not a UID set/);
          return;
        }
        for (const [a, b] of runs)
          expect(Number.isInteger(a) && Number.isInteger(b) && a >= 1 && b >= 1).toBe(true);
      }),
      300,
    );
  });
});
