import { appendFileSync } from 'node:fs';
import fc from 'fast-check';

/**
 * How the property tests run: a fixed seed (`FUZZ_SEED`, so CI is repeatable and a failure replays) and a modest
 * number of runs (`FUZZ_RUNS` raises it: `npm run bench:fuzz -w @webmail/bench`). Each property reports its
 * count to `FUZZ_REPORT` (a file) when set, so the long run can print them.
 */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? 20_261_128);
const runsFactor = Number(process.env.FUZZ_RUNS ?? 1);

/** The runs of a property: its modest CI count, times `FUZZ_RUNS` in the long run. */
export const fuzzRuns = (runs: number) => Math.max(1, Math.round(runs * runsFactor));

/** A test's time limit for its CI count, scaled like the runs. */
export const fuzzTimeout = (ms: number) => Math.round(ms * Math.max(1, runsFactor));

/** Notes a finished property and its count for the long run's summary. */
export function reportFuzz(name: string, runs: number): void {
  if (process.env.FUZZ_REPORT) appendFileSync(process.env.FUZZ_REPORT, `${name}\t${runs}\n`);
}

export function fuzz<Ts extends [unknown, ...unknown[]]>(
  name: string,
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  runs: number,
): Promise<void> | void {
  const numRuns = fuzzRuns(runs);
  const result: unknown = fc.assert(property as fc.IProperty<Ts>, { seed: fuzzSeed, numRuns });
  if (result instanceof Promise) return result.then(() => reportFuzz(name, numRuns));
  reportFuzz(name, numRuns);
}

/**
 * Mutations of real input: flip, drop, duplicate or insert bytes and splice in hostile fragments, as a byte-level
 * fuzzer would, but deterministic under the seed.
 */
export function mutated(seeds: readonly Buffer[], fragments: readonly string[] = []): fc.Arbitrary<Buffer> {
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('drop' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
    fc.record({ kind: fc.constant('dup' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 256 }) }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      text: fragments.length ? fc.oneof(fc.constantFrom(...fragments), fc.string()) : fc.string(),
    }),
  );
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(edit, { minLength: 1, maxLength: 8 }))
    .map(([seed, edits]) => {
      let bytes = Buffer.from(seed);
      for (const e of edits) {
        const at = bytes.length === 0 ? 0 : e.at % bytes.length;
        if (e.kind === 'flip') bytes[at] = e.byte;
        else if (e.kind === 'drop')
          bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + e.length)]);
        else if (e.kind === 'dup')
          bytes = Buffer.concat([bytes.subarray(0, at + e.length), bytes.subarray(at)]);
        else bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(e.text), bytes.subarray(at)]);
      }
      return bytes;
    });
}
