import { eq } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { signInRiskVerdicts } from '@bof/db/schema';
import type { RiskVerdict } from './risk-verdict';

const VERDICTS: readonly RiskVerdict[] = ['allow', 'challenge', 'deny'];
const asVerdict = (value: string): RiskVerdict =>
  (VERDICTS as readonly string[]).includes(value) ? (value as RiskVerdict) : 'deny';

/** The only place that builds the queries of the sign-in risk verdicts. */
export function createSignInRiskRepo(db: Database) {
  return {
    /** The verdict already given for an identity session, or null before its sign-in was checked. */
    async find(identitySessionId: string): Promise<RiskVerdict | null> {
      const [row] = await db
        .select({ verdict: signInRiskVerdicts.verdict })
        .from(signInRiskVerdicts)
        .where(eq(signInRiskVerdicts.identitySessionId, identitySessionId));
      return row ? asVerdict(row.verdict) : null;
    },

    /**
     * Keeps the verdict of an identity session's sign-in. When two refreshes of the same sign-in raced,
     * the first verdict kept wins and is returned to both.
     */
    async keep(input: {
      identitySessionId: string;
      userId: string;
      verdict: RiskVerdict;
      at: Date;
    }): Promise<RiskVerdict> {
      await db
        .insert(signInRiskVerdicts)
        .values({
          identitySessionId: input.identitySessionId,
          userId: input.userId,
          verdict: input.verdict,
          checkedAt: input.at,
        })
        .onConflictDoNothing({ target: signInRiskVerdicts.identitySessionId });
      return (await this.find(input.identitySessionId)) ?? input.verdict;
    },
  };
}

export type SignInRiskRepo = ReturnType<typeof createSignInRiskRepo>;
