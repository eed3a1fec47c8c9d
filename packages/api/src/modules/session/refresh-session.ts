import { randomUUID } from 'node:crypto';
import type { MembershipLevel, MembershipType } from '@bof/config/enums';
import { mergeReads, type MeteredRead } from '@bof/paywall/meter';
import { signPaywallSession, verifyPaywallSession, type PaywallSession } from '@bof/paywall/paywall-token';
import type { SessionClaims } from './session-claims';
import type { SessionRepo } from './session.repo';
import type { IdentitySessions } from './identity-sessions';
import { signInVerdict, type SignInVerdictDeps } from './sign-in-verdict';
import { signSessionToken } from './session-token';
import type { SessionKeys } from './signing-keys';

export interface SessionRefreshDeps extends SignInVerdictDeps {
  identity: IdentitySessions;
  repo: Pick<SessionRepo, 'recordSignIn'>;
  keys: SessionKeys;
  paywallSecret: string;
  ttlSeconds: number;
  maxSessions: number;
  /** The reader's membership; the billing module provides it. */
  membershipOf(
    userId: string,
    reader?: { email: string; emailVerified: boolean },
  ): Promise<{ level: MembershipLevel; type: MembershipType; unclaimedAccountId: string | null }>;
  /** Whether the reader has completed their personal details (one-more-step). */
  isUserDataComplete(userId: string): Promise<boolean>;
  /** The reader's meter kept on the server, so it follows them across browsers. */
  meter?: {
    reads(userId: string, now: Date): Promise<MeteredRead[]>;
    keep(userId: string, reads: readonly MeteredRead[]): Promise<void>;
  };
}

export type SessionRefresh =
  | { kind: 'signed-out' }
  | {
      kind: 'signed-in';
      sessionToken: string;
      paywallToken: string;
      claims: Omit<SessionClaims, 'exp'>;
      /** More concurrent sessions than the login policy allows: the reader is asked to resolve it. */
      loginPolicyExceeded: boolean;
    };

/**
 * The product auth endpoint's work (spec §7): reads the identity session the browser's cookies carry,
 * loads the reader's membership and flags, and issues `bof_session` and the paywall session cookie.
 * Without an identity session the result is signed-out, and both cookies are to be cleared.
 */
export async function refreshSession(
  deps: SessionRefreshDeps,
  input: {
    cookieHeader: string;
    paywallCookie: string | undefined;
    meterCookie: string | undefined;
    now: Date;
    /**
     * The browser's fraud-detection request token (spec §7 castleRequestToken). With fraud detection
     * configured, the sign-in (the identity session's first token) needs one.
     */
    castleRequestToken?: string | null;
    /** The client's address as the server saw it (packages/http/src/client-ip.ts). */
    ip?: string | null;
    userAgent?: string | null;
  },
): Promise<SessionRefresh> {
  const session = await deps.identity.whoami(input.cookieHeader);
  if (!session) return { kind: 'signed-out' };

  const account = await deps.repo.recordSignIn({
    userId: session.identityId,
    email: session.email,
    sessionId: session.sessionId,
    at: input.now,
    ...(session.name ? { name: session.name } : {}),
  });
  const [membership, userDataComplete, otherSessions] = await Promise.all([
    deps.membershipOf(account.userId, {
      email: account.email,
      emailVerified: session.emailVerified === true,
    }),
    deps.isUserDataComplete(account.userId),
    deps.identity.countOtherSessions(input.cookieHeader, deps.maxSessions + 1),
  ]);

  const isFirstLogin = account.firstSessionId === session.sessionId;
  const verdict = await signInVerdict(deps, {
    identitySessionId: session.sessionId,
    userId: account.userId,
    email: account.email,
    isFirstLogin,
    requestToken: input.castleRequestToken,
    ip: input.ip ?? null,
    userAgent: input.userAgent ?? null,
    now: input.now,
  });
  if (verdict === 'deny') return { kind: 'signed-out' };

  const claims: Omit<SessionClaims, 'exp'> = {
    user_id: account.userId,
    email: account.email,
    membership_level: membership.level,
    membership_type: membership.type,
    is_bof_admin: account.isBofAdmin,
    is_first_login: isFirstLogin,
    unclaimed_membership_account_id: membership.unclaimedAccountId,
    is_challenged: verdict === 'challenge',
    is_user_data_complete: userDataComplete,
  };
  const sessionToken = await signSessionToken(claims, {
    privateKey: deps.keys.privateKey,
    keyId: deps.keys.keyId,
    now: input.now,
    ttlSeconds: deps.ttlSeconds,
  });

  // The reader's own paywall session carries on (one signed for another reader, or an anonymous meter
  // pasted in its place, is ignored); reads made before signing in (ADR 3) and those the server keeps from
  // other browsers join it, and the browser's reads are kept on the server in turn.
  const [paywall, meter, serverReads] = await Promise.all([
    verifyPaywallSession(input.paywallCookie, deps.paywallSecret, {
      purpose: 'paywall-session',
      userId: account.userId,
    }),
    verifyPaywallSession(input.meterCookie, deps.paywallSecret, { purpose: 'meter' }),
    deps.meter ? deps.meter.reads(account.userId, input.now) : Promise.resolve([]),
  ]);
  const browserReads = mergeReads(paywall?.reads ?? [], meter?.reads ?? []);
  if (deps.meter && browserReads.length > 0) await deps.meter.keep(account.userId, browserReads);
  const merged: PaywallSession = {
    sid: paywall?.sid ?? meter?.sid ?? randomUUID(),
    uid: account.userId,
    reads: mergeReads(browserReads, serverReads),
    groups: [...new Set([...(paywall?.groups ?? []), ...(meter?.groups ?? [])])],
  };
  const paywallToken = await signPaywallSession(merged, deps.paywallSecret, 'paywall-session');

  return {
    kind: 'signed-in',
    sessionToken,
    paywallToken,
    claims,
    loginPolicyExceeded: otherSessions + 1 > deps.maxSessions,
  };
}
