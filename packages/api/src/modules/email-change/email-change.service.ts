import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Viewer } from '../../auth/viewer';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import type { IdentitySessions } from '../session/identity-sessions';
import { requireViewer } from '../viewer/viewer.service';
import { emailChangeCodeMessage, type Mailer } from './email-change-mail';
import { EmailChangeRateLimitedError, SessionRefreshRequiredError } from './email-change.errors';
import type { EmailChangeConfirmInput, EmailChangeRequestInput } from './email-change.inputs';
import type { EmailChangeRepo } from './email-change.repo';
import type { IdentityAdmin } from './identity-admin';

/** How a code behaves: valid 10 minutes, 5 wrong tries, at most 5 codes an hour per reader. */
export const EMAIL_CHANGE_LIMITS = {
  codeLifetimeSeconds: 600,
  maxAttempts: 5,
  maxSendsPerWindow: 5,
  sendWindowSeconds: 3600,
} as const;

export interface EmailChangeDeps {
  identitySessions: Pick<IdentitySessions, 'whoami'>;
  identityAdmin: IdentityAdmin;
  mailer: Mailer;
  repo: Pick<EmailChangeRepo, 'find' | 'savePending' | 'claimAttempt' | 'markUsed' | 'completeChange'>;
  now: () => Date;
  /** A six-digit code; the CSPRNG by default (tests fix it). */
  newCode?: () => string;
  siteName: string;
  /** A privileged change needs a sign-in at most this old (IDENTITY_PRIVILEGED_SESSION_MAX_AGE_SECONDS). */
  privilegedSessionMaxAgeSeconds: number;
  /** Where a reader whose sign-in is too old signs in again (the login flow with `refresh=true`). */
  reauthenticationUrl: string;
}

/** The request's identity-provider credentials, forwarded to the provider's whoami. */
export interface IdentityRequest {
  cookieHeader: string;
}

const field = (name: 'newEmail' | 'code', code: string, message: string) =>
  new FieldValidationError([{ path: ['input', name], code, message }]);

/** A code's stored form, bound to the reader and the address it was sent to. */
export function hashEmailChangeCode(userId: string, newEmail: string, code: string): string {
  return createHash('sha256').update(`email-change:${userId}:${newEmail}:${code}`).digest('hex');
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The identity session behind this request, which must belong to the viewer.
 * @throws AuthError when there is none, or it is someone else's.
 */
async function identitySessionOf(deps: EmailChangeDeps, viewer: Viewer, request: IdentityRequest) {
  const session = await deps.identitySessions.whoami(request.cookieHeader);
  if (!session || session.identityId !== viewer.userId) throw new AuthError();
  return session;
}

/**
 * A privileged change needs a sign-in within the privileged window (Kratos's privileged session).
 * @throws SessionRefreshRequiredError when the identity session was authenticated longer ago.
 */
function requireRecentSignIn(
  deps: Pick<EmailChangeDeps, 'privilegedSessionMaxAgeSeconds' | 'reauthenticationUrl'>,
  session: { authenticatedAt?: Date | null },
  now: Date,
): void {
  const signedInAt = session.authenticatedAt?.getTime() ?? 0;
  if (now.getTime() - signedInAt > deps.privilegedSessionMaxAgeSeconds * 1000)
    throw new SessionRefreshRequiredError(deps.reauthenticationUrl);
}

/**
 * Starts a change of the viewer's e-mail address: checks the address, asks for a recent sign-in, stores
 * the pending change (replacing an earlier one) and e-mails a code to the new address. Nothing else
 * changes until the code is confirmed.
 * @throws AuthError without a viewer or identity session; FieldValidationError (input.newEmail) when
 *   the address is the current one or another identity's; SessionRefreshRequiredError when the sign-in
 *   is older than the privileged window; EmailChangeRateLimitedError past the codes-per-hour limit.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  viewerOrNull: Viewer | null,
  input: EmailChangeRequestInput,
  request: IdentityRequest,
): Promise<{ newEmail: string; expiresAt: Date }> {
  const viewer = requireViewer(viewerOrNull);
  const session = await identitySessionOf(deps, viewer, request);
  const now = deps.now();
  if (input.newEmail === session.email.trim().toLowerCase())
    throw field('newEmail', 'same_as_current', 'This is already your e-mail address.');
  requireRecentSignIn(deps, session, now);
  const owner = await deps.identityAdmin.findIdentityIdByEmail(input.newEmail);
  if (owner && owner !== viewer.userId)
    throw field('newEmail', 'already_used', 'This e-mail address is already used by another account.');

  const code = (deps.newCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0')))();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_LIMITS.codeLifetimeSeconds * 1000);
  const saved = await deps.repo.savePending({
    userId: viewer.userId,
    newEmail: input.newEmail,
    codeHash: hashEmailChangeCode(viewer.userId, input.newEmail, code),
    expiresAt,
    now,
    windowFloor: new Date(now.getTime() - EMAIL_CHANGE_LIMITS.sendWindowSeconds * 1000),
    maxSends: EMAIL_CHANGE_LIMITS.maxSendsPerWindow,
  });
  if (!saved) {
    const pending = await deps.repo.find(viewer.userId);
    const reopensAt =
      (pending?.sendsWindowStart.getTime() ?? now.getTime()) + EMAIL_CHANGE_LIMITS.sendWindowSeconds * 1000;
    throw new EmailChangeRateLimitedError(Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)));
  }
  await deps.mailer.send(
    emailChangeCodeMessage({
      siteName: deps.siteName,
      to: input.newEmail,
      code,
      validMinutes: EMAIL_CHANGE_LIMITS.codeLifetimeSeconds / 60,
    }),
  );
  return { newEmail: input.newEmail, expiresAt };
}

/**
 * Confirms the viewer's pending change with the code: the identity's e-mail trait, its verifiable
 * (verified now) and recovery addresses, and the account's e-mail become the new address. Every try
 * counts; after the fifth wrong one the change is given up. The sign-in must still be recent.
 * @throws AuthError without a viewer; SessionRefreshRequiredError when the sign-in is older than the
 *   privileged window; FieldValidationError (input.code) for a wrong, expired or used code, too many
 *   tries, no pending change, or an address taken meanwhile.
 */
export async function confirmEmailChange(
  deps: EmailChangeDeps,
  viewerOrNull: Viewer | null,
  input: EmailChangeConfirmInput,
  request: IdentityRequest,
): Promise<{ email: string }> {
  const viewer = requireViewer(viewerOrNull);
  const session = await identitySessionOf(deps, viewer, request);
  const now = deps.now();
  // Checked again here: the code proves the new address, the recent sign-in proves the reader. A try
  // refused for an old sign-in does not count against the code.
  requireRecentSignIn(deps, session, now);
  const { maxAttempts } = EMAIL_CHANGE_LIMITS;
  const pending = await deps.repo.claimAttempt(viewer.userId, now, maxAttempts);
  if (!pending) {
    const known = await deps.repo.find(viewer.userId);
    if (!known || known.usedAt)
      throw field(
        'code',
        'no_pending_change',
        'There is no e-mail change waiting for a code. Ask for a new code.',
      );
    if (known.attempts >= maxAttempts)
      throw field('code', 'too_many_attempts', 'Too many wrong codes. Ask for a new code.');
    throw field('code', 'expired', 'This code has expired. Ask for a new code.');
  }
  if (!sameHash(pending.codeHash, hashEmailChangeCode(viewer.userId, pending.newEmail, input.code))) {
    // The claim refuses further tries once the count is reached; the change then waits to be replaced.
    if (pending.attempts >= maxAttempts)
      throw field('code', 'too_many_attempts', 'Too many wrong codes. Ask for a new code.');
    const left = maxAttempts - pending.attempts;
    throw field(
      'code',
      'invalid_code',
      `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    );
  }

  const outcome = await deps.identityAdmin.changeEmail(viewer.userId, {
    from: session.email,
    to: pending.newEmail,
    verifiedAt: now,
  });
  if (outcome === 'not-found') throw new AuthError();
  if (outcome !== 'changed') {
    await deps.repo.markUsed(viewer.userId, now);
    throw field(
      'code',
      outcome === 'taken' ? 'already_used' : 'changed_meanwhile',
      outcome === 'taken'
        ? 'This e-mail address is now used by another account. Ask for a code for another address.'
        : 'Your e-mail address was changed elsewhere. Ask for a new code.',
    );
  }
  await deps.repo.completeChange(viewer.userId, pending.newEmail, now);
  return { email: pending.newEmail };
}
