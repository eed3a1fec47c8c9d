import { COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72 * 4;

export type PasswordVerdict =
  | { ok: true }
  | { ok: false; id: 4000032 | 4000033 | 4000034 | 4000031; text: string; context: Record<string, unknown> };

/**
 * Kratos's password policy as far as the product needs it: length 8 or more, not a well-known password,
 * not too close to the identifier. Message ids are Kratos's.
 */
export function checkPassword(password: string, identifier: string | undefined): PasswordVerdict {
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
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return {
      ok: false,
      id: 4000034,
      text: 'The password has been found in data breaches and must no longer be used.',
      context: { breaches: 1 },
    };
  if (identifier) {
    const local = identifier.toLowerCase().split('@')[0] ?? '';
    const lower = password.toLowerCase();
    if (
      lower === identifier.toLowerCase() ||
      (local.length >= 4 && lower.includes(local) && lower.length - local.length < 4)
    )
      return {
        ok: false,
        id: 4000031,
        text: 'The password can not be used because it is too similar to the identifier.',
        context: {},
      };
  }
  return { ok: true };
}
