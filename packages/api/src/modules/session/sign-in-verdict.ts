import { MISSING_TOKEN_VERDICT, type RiskCheck, type RiskVerdict } from './risk-verdict';
import type { SignInRiskRepo } from './sign-in-risk.repo';

export interface SignInVerdictDeps {
  /** Fraud detection's risk check; absent when it is not configured (then every sign-in is allowed). */
  riskCheck?: RiskCheck;
  riskVerdicts: Pick<SignInRiskRepo, 'find' | 'keep'>;
}

/**
 * The fraud-detection verdict for the identity session a refresh carries. The check runs at sign-in
 * only: once Castle has judged an identity session, every later refresh of it reuses that verdict
 * without asking (a token refresh is no new sign-in). Before that, a refresh without a request token is
 * denied (Castle's guidance for a missing token), and a Castle outage lets the sign-in through without
 * keeping a verdict, so the next refresh asks again.
 */
export async function signInVerdict(
  deps: SignInVerdictDeps,
  input: {
    identitySessionId: string;
    userId: string;
    email: string;
    /** The account's first identity session: Castle hears of a registration rather than a login. */
    isFirstLogin: boolean;
    requestToken: string | null | undefined;
    ip: string | null;
    userAgent: string | null;
    now: Date;
  },
): Promise<RiskVerdict> {
  if (!deps.riskCheck) return 'allow';
  const kept = await deps.riskVerdicts.find(input.identitySessionId);
  if (kept) return kept;
  if (!input.requestToken) return MISSING_TOKEN_VERDICT;
  const outcome = await deps.riskCheck({
    requestToken: input.requestToken,
    event: input.isFirstLogin ? '$registration' : '$login',
    userId: input.userId,
    email: input.email,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  if (!outcome.decided) return outcome.verdict;
  return deps.riskVerdicts.keep({
    identitySessionId: input.identitySessionId,
    userId: input.userId,
    verdict: outcome.verdict,
    at: input.now,
  });
}
