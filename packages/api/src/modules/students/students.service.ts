import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Viewer } from '../../auth/viewer';
import { FieldValidationError } from '../../errors/field-validation-error';
import {
  AcademicEmailConfirmationError,
  InvalidAcademicEmailError,
} from '../../errors/academic-email-errors';
import { requireViewer } from '../viewer/viewer.service';
import type { Mailer } from '../email-change/email-change-mail';
import { checkAcademicEmail, type AcademicCheck } from './academic-domains';
import { academicCodeMessage } from './students-mail';
import type { ConfirmAcademicEmailInput, ValidateAcademicEmailInput } from './students.inputs';
import { isUniqueViolation, type AcademicDataRow, type StudentsRepo } from './students.repo';

/** Codes: 6 digits, valid 15 minutes, 5 tries; a new code at most once a minute; graduation ≤ 8 years ahead. */
export const STUDENT_LIMITS = {
  codeLifetimeSeconds: 900,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  maxYearsAhead: 8,
} as const;

/** The academic year starts on 1 September (UTC): a verification counts for the academic year it was made in. */
export const ACADEMIC_YEAR_START_MONTH = 8;

export interface StudentDeps {
  repo: Pick<
    StudentsRepo,
    'find' | 'verifiedHolderOf' | 'savePending' | 'claimAttempt' | 'voidCode' | 'markVerified' | 'rulesFor'
  >;
  mailer: Mailer;
  /** The server secret the codes' HMAC is keyed with. */
  codeKey: string;
  now: () => Date;
  newCode?: () => string;
  siteName: string;
}

/** The start of the academic year `at` falls in. */
export function academicYearStart(at: Date): Date {
  const year = at.getUTCMonth() >= ACADEMIC_YEAR_START_MONTH ? at.getUTCFullYear() : at.getUTCFullYear() - 1;
  return new Date(Date.UTC(year, ACADEMIC_YEAR_START_MONTH, 1));
}

/** A code's stored form: an HMAC bound to the reader and the address it was sent to. */
export function hashAcademicCode(key: string, userId: string, email: string, code: string): string {
  return createHmac('sha256', key).update(`academic-email:${userId}:${email}:${code}`).digest('hex');
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What the reader is told about an address that is not accepted, by why. */
export function refusalMessage(check: Exclude<AcademicCheck, { kind: 'academic' }>): string {
  switch (check.kind) {
    case 'group-style':
      return 'This looks like a shared or department address. Use your own student address, like firstname.lastname@university.ac.uk.';
    case 'denied':
      return 'Addresses at this domain cannot be used for a student membership. If you study there, contact us and we will check your enrolment.';
    case 'not-academic':
      return 'This is not an address of a university or college we recognise. Use the address your institution gave you, or contact us if it is missing from our list.';
  }
}

/** The query's answer: is the address academic, and whose? */
export interface AcademicEmailValidation {
  email: string;
  isAcademic: boolean;
  institution: string | null;
  message: string | null;
}

export async function validateAcademicEmailAddress(
  deps: Pick<StudentDeps, 'repo'>,
  email: string,
): Promise<AcademicEmailValidation> {
  const check = await checkAcademicEmail(email, (d) => deps.repo.rulesFor(d));
  return check.kind === 'academic'
    ? { email, isAcademic: true, institution: check.institution, message: null }
    : { email, isAcademic: false, institution: null, message: refusalMessage(check) };
}

/** The reader's verification as the pages and eligibility read it. */
export interface StudentStatus {
  record: AcademicDataRow | null;
  /** Verified in the current academic year. */
  verifiedThisYear: boolean;
  /** Verified, this year, and the graduation year is not past. */
  eligible: boolean;
  /** Why not, in the reader's words; null when eligible. */
  reason: string | null;
}

export function studentStatusOf(record: AcademicDataRow | null, now: Date): StudentStatus {
  const verifiedThisYear =
    !!record?.emailVerified &&
    !!record.emailVerifiedDateTime &&
    record.emailVerifiedDateTime >= academicYearStart(now);
  const graduated = (record?.graduationYear ?? 0) < now.getUTCFullYear();
  const reason = !record?.emailVerified
    ? 'Verify your academic e-mail address first.'
    : !verifiedThisYear
      ? 'Your academic address was verified in an earlier academic year. Verify it again for this year.'
      : graduated
        ? 'Your graduation year has passed, so the student membership is no longer open to you.'
        : null;
  return { record, verifiedThisYear, eligible: reason === null, reason };
}

const graduationYearError = (code: string, message: string) =>
  new FieldValidationError([{ path: ['input', 'graduationYear'], code, message }]);

/**
 * Starts verifying the viewer's academic address: checks the graduation year and the address, then
 * stores a new code (its HMAC only, replacing any earlier address of the reader) and e-mails it to the
 * address. Nothing else of the reader changes.
 * @throws AuthError without a viewer; FieldValidationError (input.graduationYear) for a year past or
 *   more than 8 years ahead, or (input.email) for a new code asked for within a minute;
 *   InvalidAcademicEmailError for an address not academic, group-style, denied, or verifying another reader.
 */
export async function requestAcademicCode(
  deps: StudentDeps,
  viewerOrNull: Viewer | null,
  input: ValidateAcademicEmailInput,
): Promise<{ email: string; institution: string | null; expiresAt: Date; graduationYear: number }> {
  const viewer = requireViewer(viewerOrNull);
  const now = deps.now();
  const year = now.getUTCFullYear();
  if (input.graduationYear < year)
    throw graduationYearError('graduation_year_past', 'Your graduation year cannot be in the past.');
  if (input.graduationYear > year + STUDENT_LIMITS.maxYearsAhead)
    throw graduationYearError(
      'graduation_year_too_far',
      `Choose a graduation year from ${year} to ${year + STUDENT_LIMITS.maxYearsAhead}.`,
    );
  const check = await checkAcademicEmail(input.email, (d) => deps.repo.rulesFor(d));
  if (check.kind !== 'academic') throw new InvalidAcademicEmailError(refusalMessage(check));
  const holder = await deps.repo.verifiedHolderOf(input.email);
  if (holder && holder.userId !== viewer.userId && studentStatusOf(holder, now).verifiedThisYear)
    throw new InvalidAcademicEmailError(
      'This academic address already verifies another reader. If it is yours, contact us.',
    );
  const own = await deps.repo.find(viewer.userId);
  if (own?.emailVerificationCodeHash && own.codeExpiresAt) {
    const sentAt = own.codeExpiresAt.getTime() - STUDENT_LIMITS.codeLifetimeSeconds * 1000;
    if (now.getTime() - sentAt < STUDENT_LIMITS.resendAfterSeconds * 1000)
      throw new FieldValidationError([
        {
          path: ['input', 'email'],
          code: 'code_sent_recently',
          message: 'We sent you a code less than a minute ago. Wait a minute before asking for another.',
        },
      ]);
  }
  const code = (deps.newCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0')))();
  const expiresAt = new Date(now.getTime() + STUDENT_LIMITS.codeLifetimeSeconds * 1000);
  await deps.repo.savePending({
    userId: viewer.userId,
    email: input.email,
    graduationYear: input.graduationYear,
    institution: check.institution,
    codeHash: hashAcademicCode(deps.codeKey, viewer.userId, input.email, code),
    codeExpiresAt: expiresAt,
    now,
  });
  await deps.mailer.send(
    academicCodeMessage({
      siteName: deps.siteName,
      to: input.email,
      code,
      validMinutes: STUDENT_LIMITS.codeLifetimeSeconds / 60,
    }),
  );
  return {
    email: input.email,
    institution: check.institution,
    expiresAt,
    graduationYear: input.graduationYear,
  };
}

/**
 * Confirms the viewer's academic address with the code. Every try counts; the fifth wrong one voids
 * the code.
 * @throws AuthError without a viewer; AcademicEmailConfirmationError for a wrong, expired or voided
 *   code, no code waiting, or an address verified meanwhile by another reader.
 */
export async function confirmAcademicCode(
  deps: StudentDeps,
  viewerOrNull: Viewer | null,
  input: ConfirmAcademicEmailInput,
): Promise<AcademicDataRow> {
  const viewer = requireViewer(viewerOrNull);
  const now = deps.now();
  const { maxAttempts } = STUDENT_LIMITS;
  const pending = await deps.repo.claimAttempt(viewer.userId, now, maxAttempts);
  if (!pending) {
    const known = await deps.repo.find(viewer.userId);
    const tooMany = (known?.codeAttempts ?? 0) >= maxAttempts;
    if (known?.emailVerified)
      throw new AcademicEmailConfirmationError('Your academic address is already verified.');
    if (known && tooMany)
      throw new AcademicEmailConfirmationError(
        'Too many wrong codes: this code no longer works. Ask for a new code.',
      );
    if (!known?.emailVerificationCodeHash)
      throw new AcademicEmailConfirmationError(
        'There is no code waiting for your academic address. Ask for a new code.',
      );
    throw new AcademicEmailConfirmationError('This code has expired. Ask for a new code.');
  }
  const expected = hashAcademicCode(deps.codeKey, viewer.userId, pending.email, input.code);
  if (!sameHash(pending.emailVerificationCodeHash ?? '', expected)) {
    if (pending.codeAttempts >= maxAttempts) {
      await deps.repo.voidCode(viewer.userId, now);
      throw new AcademicEmailConfirmationError(
        'Too many wrong codes: this code no longer works. Ask for a new code.',
      );
    }
    const left = maxAttempts - pending.codeAttempts;
    throw new AcademicEmailConfirmationError(
      `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    );
  }
  try {
    return await deps.repo.markVerified(viewer.userId, pending.email, now, academicYearStart(now));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AcademicEmailConfirmationError(
      'This academic address already verifies another reader. If it is yours, contact us.',
    );
  }
}
