import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let estimator: Promise<ZxcvbnFactory> | null = null;

/**
 * The strength estimator (zxcvbn-ts with its common and English dictionaries and keyboard graphs). Loaded on first
 * use only: the dictionaries are a few hundred kilobytes the rest of the app never needs.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
        useLevenshteinDistance: true,
      }),
  );
  return estimator;
}

/** 0 (guessable at once) … 4 (very hard to guess); the address and name count as known to a guesser. */
export async function passwordScore(password: string, userInputs: string[]): Promise<number> {
  if (!password) return 0;
  return (await loadEstimator()).check(password, userInputs).score;
}
