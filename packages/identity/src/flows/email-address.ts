import { texts } from '../ui/ui-texts';
import type { UiText } from '../ui/ui-types';

/** RFC 5321: a local part (before the @) of at most 64 characters, a whole address of at most 254. */
export const MAX_EMAIL_LOCAL_PART_LENGTH = 64;
export const MAX_EMAIL_LENGTH = 254;

/**
 * Spec §5: a local part of letters, digits and + . _ -, then @, a domain, and a top-level domain of 2 to
 * 10 letters (the web client's pattern, so the server accepts exactly what the forms accept).
 */
export const EMAIL_TRAIT_PATTERN = /^[A-Za-z0-9+._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,10}$/;

/**
 * Why `email` cannot be an identity's e-mail trait, as a Kratos UI message, or null when it can: too long
 * (4000017, the whole; 4000001, the local part), or not of the spec's form (4000004).
 */
export function emailTraitProblem(email: string): UiText | null {
  const length = [...email].length;
  if (length > MAX_EMAIL_LENGTH) return texts.maxLength(MAX_EMAIL_LENGTH, length);
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@')));
  if (local.length > MAX_EMAIL_LOCAL_PART_LENGTH)
    return texts.validationGeneric(
      `The part of the e-mail address before the @ must be at most ${MAX_EMAIL_LOCAL_PART_LENGTH} characters long, but got ${local.length}.`,
    );
  if (!EMAIL_TRAIT_PATTERN.test(email)) return texts.invalidFormat(email);
  return null;
}
