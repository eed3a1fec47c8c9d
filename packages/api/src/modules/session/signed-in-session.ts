import { SESSION_COOKIE } from '@bof/config/constants';
import { readCookie } from '@bof/http/cookies';
import { IdentityUnavailableError, type IdentitySessions } from './identity-sessions';
import type { SessionClaims } from './session-claims';

/**
 * What a request's verified token is worth when the identity provider cannot be asked:
 * - `refuse`: nothing (personal data and every change: a token whose session may have ended opens none);
 * - `trust-token`: its claims, until its `exp` (story access, so an identity outage does not wall members).
 */
export type WhenIdentityUnknown = 'refuse' | 'trust-token';

export interface SignedInSessionDeps {
  /** The session token's verification (signature, algorithm, expiry, exact claims). */
  verify(token: string | undefined, now: Date): Promise<SessionClaims | null>;
  /** The identity provider's whoami, with the request's cookies (the built-in server answers from its cache). */
  identity: Pick<IdentitySessions, 'whoami'>;
  log?: (message: string, error: unknown) => void;
}

/**
 * The claims of a request's `bof_session`, only while the identity session behind it lives: the token
 * verifies, and the identity provider, asked with the same request's cookies, names an active session of an
 * active identity, and that identity is the token's `user_id`. A token whose identity session was ended by
 * logout, or whose identity was blocked or deleted, is no session (null), as is a token replayed without the
 * identity session cookie (which is HttpOnly: a script that read `bof_session` cannot have it).
 *
 * Only requests whose token verifies reach the identity provider. The built-in identity server answers
 * from its whoami cache, which drops an answer when its session or identity changes in any process
 * (LISTEN identity_changes), so the hot path costs no database round trip.
 */
export async function signedInSession(
  deps: SignedInSessionDeps,
  cookieHeader: string | null | undefined,
  now: Date,
  whenUnknown: WhenIdentityUnknown,
): Promise<SessionClaims | null> {
  // A value that is not valid percent-encoding could never verify: no token.
  const token = readCookie(cookieHeader, SESSION_COOKIE, { malformed: 'absent' });
  const claims = await deps.verify(token, now);
  if (!claims || !cookieHeader) return null;
  try {
    const session = await deps.identity.whoami(cookieHeader);
    return session?.identityId === claims.user_id ? claims : null;
  } catch (error) {
    // By code: the error may come from another module graph of the same package (ADR 9).
    if ((error as { code?: unknown } | null)?.code !== new IdentityUnavailableError('').code) throw error;
    (deps.log ?? ((message, cause) => console.warn(message, cause)))(
      whenUnknown === 'refuse'
        ? 'The identity provider could not be asked; the session token is refused'
        : 'The identity provider could not be asked; the session token is trusted until it expires',
      (error as Error).message,
    );
    return whenUnknown === 'trust-token' ? claims : null;
  }
}
