import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * zxcvbn's estimate of a password: its score (0–4, guesses under 10^3, 10^6, 10^8, 10^10 and above), the
 * matches it found, and the warning it would show.
 */
export interface PasswordEstimate {
  score: number;
  guessesLog10: number;
  sequence: ZxcvbnResult['sequence'];
  warning: string | null;
}

/**
 * Characters of a password zxcvbn looks at; the rest adds nothing to the estimate (a password this long is
 * strong or a repetition zxcvbn sees in its first part). Bounds the time one check can take.
 */
export const ESTIMATED_LENGTH = 64;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with the common-password list (the most frequent passwords of public breaches), English
 * words, names and Wikipedia terms, and keyboard layouts. The dictionaries take a few megabytes and about
 * 0.2 s to rank, so they are imported and ranked once, on the first password checked, not at start-up.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      // l33t variants beyond ten substitutions cost seconds on long passwords and change no verdict.
      l33tMaxSubstitutions: 10,
      maxLength: ESTIMATED_LENGTH,
    });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/**
 * Loads the estimator ahead of the first password, in the background: the serving process calls it once
 * it is up, so neither its start nor its first registration waits for the dictionaries.
 */
export function warmPasswordEstimator(): void {
  loadEstimator().catch((error: unknown) => console.error('Loading the password dictionaries failed', error));
}

/**
 * Estimates how guessable `password` is; `userInputs` (the e-mail and its parts) count as a dictionary of
 * their own, so a password built from them is found as such.
 */
export async function estimatePassword(password: string, userInputs: string[]): Promise<PasswordEstimate> {
  const result = (await loadEstimator()).check(password, userInputs);
  return {
    score: result.score,
    guessesLog10: result.guessesLog10,
    sequence: result.sequence,
    warning: result.feedback.warning,
  };
}
