import type { BreachedPasswordCheck } from './breached-passwords';
import { ESTIMATED_LENGTH, estimatePassword, type PasswordEstimate } from './password-strength';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72 * 4;
/** zxcvbn's score a password needs: 3 means at least about 10^8 guesses (0–4 scale). */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordVerdict =
  | { ok: true }
  | {
      ok: false;
      id: 4000005 | 4000031 | 4000032 | 4000033 | 4000034;
      text: string;
      context?: Record<string, unknown>;
    };

/**
 * The identifier as zxcvbn's user inputs: the e-mail, its local part, the local part without its
 * separators (`jane.doe` → `janedoe`) and each of its pieces of three or more characters.
 */
export function identifierInputs(identifier: string | undefined): string[] {
  const email = (identifier ?? '').trim().toLowerCase();
  if (!email) return [];
  const local = email.split('@')[0] ?? '';
  const pieces = local.split(/[._+-]+/).filter((piece) => piece.length >= 3);
  return [...new Set([email, local, local.replace(/[._+-]+/g, ''), ...pieces].filter(Boolean))];
}

/**
 * The share of the password's letters and digits that the e-mail's pieces account for, wherever they stand
 * and whatever separates them (`Doe-Jane-2026` is 7 of 11 for jane.doe@…).
 */
export function identifierShare(password: string, inputs: string[]): number {
  const plain = password.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  if (!plain) return 0;
  const covered = new Array<boolean>(plain.length).fill(false);
  const pieces = inputs.map((input) => input.replace(/[^\p{L}\p{N}]+/gu, '')).filter((p) => p.length >= 3);
  for (const piece of pieces)
    for (let at = plain.indexOf(piece); at !== -1; at = plain.indexOf(piece, at + 1))
      covered.fill(true, at, at + piece.length);
  return covered.filter(Boolean).length / plain.length;
}

/** zxcvbn found the e-mail's parts in the password. */
const usesIdentifier = (estimate: PasswordEstimate) =>
  estimate.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs');

/**
 * The password is mostly an entry of the common-password list (as typed, capitalised, reversed or in
 * l33t), perhaps with a digit or a sign added: `Password1!`, `qwertyuiop123`.
 */
function isListedPassword(estimate: PasswordEstimate, length: number): boolean {
  const listed = estimate.sequence
    .filter((m) => m.pattern === 'dictionary' && String(m.dictionaryName).startsWith('passwords'))
    .reduce((sum, m) => sum + (m.j - m.i + 1), 0);
  return listed / Math.min(length, ESTIMATED_LENGTH) >= 0.7;
}

const breached = (breaches?: number): PasswordVerdict => ({
  ok: false,
  id: 4000034,
  text: 'The password has been found in data breaches and must no longer be used.',
  ...(breaches ? { context: { breaches } } : {}),
});

const tooEasy = (warning: string | null): PasswordVerdict => {
  const why = warning
    ? `${warning[0]!.toLowerCase()}${warning.slice(1).replace(/\.$/, '')}`
    : 'add a word or two that are less common';
  const reason = `it is too easy to guess: ${why}`;
  return {
    ok: false,
    id: 4000005,
    text: `The password can not be used because ${reason}.`,
    context: { reason },
  };
};

/**
 * The password policy of registration and settings, with Kratos's message ids and texts:
 * - 8 to 288 characters (4000032, 4000033);
 * - not built from the e-mail (4000031): its pieces make half the password's letters and digits, or
 *   zxcvbn finds them in a weak password;
 * - hard to guess by zxcvbn's estimate with its large common-password and word lists, score 3 or more:
 *   a listed common password is refused as breached (4000034), any other weak one as too easy (4000005);
 * - with `breaches` (the k-anonymity check, a production option), not in a known breach (4000034).
 */
export async function checkPassword(
  password: string,
  identifier: string | undefined,
  options: { breaches?: BreachedPasswordCheck } = {},
): Promise<PasswordVerdict> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH)
    return {
      ok: false,
      id: 4000032,
      text: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long, but got ${length}.`,
      context: { min_length: PASSWORD_MIN_LENGTH, actual_length: length },
    };
  if (length > PASSWORD_MAX_LENGTH)
    return {
      ok: false,
      id: 4000033,
      text: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long, but got ${length}.`,
      context: { max_length: PASSWORD_MAX_LENGTH, actual_length: length },
    };
  const inputs = identifierInputs(identifier);
  const estimate = await estimatePassword(password, inputs);
  // A listed password is named as such even when it also resembles the e-mail (`password123` for
  // password-news@…): that is the more useful reason.
  if (estimate.score < PASSWORD_MIN_SCORE && isListedPassword(estimate, length)) return breached();
  if (
    identifierShare(password, inputs) >= 0.5 ||
    (usesIdentifier(estimate) && estimate.score < PASSWORD_MIN_SCORE)
  )
    return {
      ok: false,
      id: 4000031,
      text: 'The password can not be used because it is too similar to the identifier.',
    };
  if (estimate.score < PASSWORD_MIN_SCORE) return tooEasy(estimate.warning);
  const count = options.breaches ? await options.breaches(password) : null;
  if (count) return breached(count);
  return { ok: true };
}
