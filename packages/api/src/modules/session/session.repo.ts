import { sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { accounts, userData } from '@bof/db/schema';

export interface AccountRecord {
  userId: string;
  email: string;
  isBofAdmin: boolean;
  firstSessionId: string;
}

/** The only place that builds session queries. */
export function createSessionRepo(db: Database) {
  return {
    /**
     * Creates the account on its first sign-in, or brings its e-mail and last sign-in up to date. The
     * name given at registration starts the personal details, once: what the reader saved later wins.
     */
    async recordSignIn(input: {
      userId: string;
      email: string;
      sessionId: string;
      at: Date;
      name?: { first?: string; last?: string };
    }): Promise<AccountRecord> {
      const [row] = await db
        .insert(accounts)
        .values({
          userId: input.userId,
          email: input.email,
          firstSessionId: input.sessionId,
          createdAt: input.at,
          lastSignedInAt: input.at,
        })
        .onConflictDoUpdate({
          target: accounts.userId,
          set: { email: sql`excluded.email`, lastSignedInAt: sql`excluded.last_signed_in_at` },
        })
        .returning({
          userId: accounts.userId,
          email: accounts.email,
          isBofAdmin: accounts.isBofAdmin,
          firstSessionId: accounts.firstSessionId,
        });
      if (!row) throw new Error('recording the sign-in returned no account');
      if (input.name) {
        await db
          .insert(userData)
          .values({
            userId: row.userId,
            firstName: input.name.first ?? null,
            lastName: input.name.last ?? null,
          })
          .onConflictDoNothing({ target: userData.userId });
      }
      return row;
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
