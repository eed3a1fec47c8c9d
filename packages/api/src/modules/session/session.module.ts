import type { Platform } from '../../platform/platform';
import { membershipClaims, type BillingModule } from '../billing/billing.module';
import { createAccessRepo } from '../access/access.repo';
import { createUserDataRepo } from '../viewer/user-data.repo';
import { userDataCompletenessCheck } from '../viewer/user-data-completeness';
import { loadPaywallCookieSecret } from './cookie-secrets';
import { createKratosIdentitySessions, type IdentitySessions } from './identity-sessions';
import { refreshSession, type SessionRefresh, type SessionRefreshDeps } from './refresh-session';
import type { SessionClaims } from './session-claims';
import { createCastleRiskCheck } from './risk-verdict';
import { createSessionRepo } from './session.repo';
import { createSignInRiskRepo } from './sign-in-risk.repo';
import { createSessionTokenVerifier } from './session-token';
import { signedInSession, type WhenIdentityUnknown } from './signed-in-session';
import { loadSessionKeys, type SessionKeys } from './signing-keys';

export interface SessionModule {
  /** The auth endpoint's refresh (spec §7). */
  refresh(input: Parameters<typeof refreshSession>[1]): Promise<SessionRefresh>;
  /**
   * The verified claims of a `bof_session` token, or null (expired, forged, absent). The token alone:
   * whatever acts for the reader asks `signedIn`, which also checks the identity session behind it.
   */
  verify(token: string | undefined, now: Date): Promise<SessionClaims | null>;
  /**
   * The claims of the request's `bof_session` while its identity session lives (signed-in-session.ts):
   * null when the token does not verify, or its identity session ended (logout, a blocked or deleted
   * identity), or the request does not carry it.
   */
  signedIn(
    cookieHeader: string | null | undefined,
    now: Date,
    whenUnknown: WhenIdentityUnknown,
  ): Promise<SessionClaims | null>;
  paywallSecret: string;
}

/**
 * The session module: signing keys, the cookie secret, the identity port, membership from billing and
 * completeness from personal details. Built once, by the composition root (services.ts).
 */
export async function createSessionModule(
  platform: Platform,
  modules: { billing: Pick<BillingModule, 'membershipOf'> },
  overrides: Partial<Pick<SessionRefreshDeps, 'membershipOf' | 'isUserDataComplete' | 'riskCheck'>> & {
    identity?: IdentitySessions;
  } = {},
): Promise<SessionModule> {
  const { env } = platform;
  const keys: SessionKeys = await loadSessionKeys({
    configuredPrivateKeyPem: env.sessionSigningKey,
    dataDir: env.dataDir,
  });
  const paywallSecret = loadPaywallCookieSecret({
    configured: env.paywallCookieSecret,
    dataDir: env.dataDir,
  });
  const { billing } = modules;
  const meterRepo = createAccessRepo(platform.db).meter;
  const deps: SessionRefreshDeps = {
    identity: overrides.identity ?? createKratosIdentitySessions({ baseUrl: env.identityBaseUrl }),
    repo: createSessionRepo(platform.db),
    keys,
    paywallSecret,
    ttlSeconds: env.sessionTokenTtlSeconds,
    maxSessions: env.loginPolicyMaxSessions,
    membershipOf: overrides.membershipOf ?? ((userId) => membershipClaims(billing, userId)),
    riskCheck:
      overrides.riskCheck ??
      (env.fraudDetectionApiSecret
        ? createCastleRiskCheck({ apiSecret: env.fraudDetectionApiSecret })
        : undefined),
    riskVerdicts: createSignInRiskRepo(platform.db),
    isUserDataComplete:
      overrides.isUserDataComplete ?? userDataCompletenessCheck(createUserDataRepo(platform.db)),
    meter: {
      reads: (userId, now) =>
        meterRepo.readsSince(userId, new Date(now.getTime() - env.meter.windowDays * 86_400_000)),
      keep: (userId, reads) => meterRepo.keep(userId, reads),
    },
  };
  const verify = createSessionTokenVerifier(keys.publicKeys);
  return {
    refresh: (input) => refreshSession(deps, input),
    verify,
    signedIn: (cookieHeader, now, whenUnknown) =>
      signedInSession({ verify, identity: deps.identity }, cookieHeader, now, whenUnknown),
    paywallSecret,
  };
}
