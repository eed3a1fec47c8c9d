import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { accounts, emailChangeRequests } from '@bof/db/schema';

export interface PendingEmailChange {
  userId: string;
  newEmail: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
  sendsWindowStart: Date;
  sends: number;
}

/** The only place that builds e-mail change queries. */
export function createEmailChangeRepo(db: Database) {
  const columns = {
    userId: emailChangeRequests.userId,
    newEmail: emailChangeRequests.newEmail,
    codeHash: emailChangeRequests.codeHash,
    attempts: emailChangeRequests.attempts,
    expiresAt: emailChangeRequests.expiresAt,
    usedAt: emailChangeRequests.usedAt,
    sendsWindowStart: emailChangeRequests.sendsWindowStart,
    sends: emailChangeRequests.sends,
  };

  return {
    async find(userId: string): Promise<PendingEmailChange | undefined> {
      const [row] = await db
        .select(columns)
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.userId, userId));
      return row;
    },

    /**
     * Stores a new pending change, replacing the reader's previous one, unless `maxSends` codes already
     * went out since `windowFloor` (one statement, so parallel requests cannot pass the limit together).
     * Returns undefined when the limit refused it.
     */
    async savePending(input: {
      userId: string;
      newEmail: string;
      codeHash: string;
      expiresAt: Date;
      now: Date;
      windowFloor: Date;
      maxSends: number;
    }): Promise<PendingEmailChange | undefined> {
      const inWindow = gt(emailChangeRequests.sendsWindowStart, input.windowFloor);
      const [row] = await db
        .insert(emailChangeRequests)
        .values({
          userId: input.userId,
          newEmail: input.newEmail,
          codeHash: input.codeHash,
          attempts: 0,
          expiresAt: input.expiresAt,
          usedAt: null,
          sendsWindowStart: input.now,
          sends: 1,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .onConflictDoUpdate({
          target: emailChangeRequests.userId,
          set: {
            newEmail: input.newEmail,
            codeHash: input.codeHash,
            attempts: 0,
            expiresAt: input.expiresAt,
            usedAt: null,
            sendsWindowStart: sql`case when ${inWindow} then ${emailChangeRequests.sendsWindowStart} else ${input.now} end`,
            sends: sql`case when ${inWindow} then ${emailChangeRequests.sends} + 1 else 1 end`,
            updatedAt: input.now,
          },
          setWhere: or(
            lte(emailChangeRequests.sendsWindowStart, input.windowFloor),
            lt(emailChangeRequests.sends, input.maxSends),
          ),
        })
        .returning(columns);
      return row;
    },

    /**
     * Counts one try at the code of a live pending change (not used, not expired, under `maxAttempts`)
     * and returns the change; undefined when there is no such change. Claiming the try before comparing
     * the code keeps parallel guesses within the limit.
     */
    async claimAttempt(
      userId: string,
      now: Date,
      maxAttempts: number,
    ): Promise<PendingEmailChange | undefined> {
      const [row] = await db
        .update(emailChangeRequests)
        .set({ attempts: sql`${emailChangeRequests.attempts} + 1`, updatedAt: now })
        .where(
          and(
            eq(emailChangeRequests.userId, userId),
            isNull(emailChangeRequests.usedAt),
            gt(emailChangeRequests.expiresAt, now),
            lt(emailChangeRequests.attempts, maxAttempts),
          ),
        )
        .returning(columns);
      return row;
    },

    /** Ends a pending change: the code no longer works. */
    async markUsed(userId: string, now: Date): Promise<void> {
      await db
        .update(emailChangeRequests)
        .set({ usedAt: now, updatedAt: now })
        .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
    },

    /** The change made: the account takes the new address and the pending change is used, together. */
    async completeChange(userId: string, email: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(accounts).set({ email }).where(eq(accounts.userId, userId));
        await tx
          .update(emailChangeRequests)
          .set({ usedAt: now, updatedAt: now })
          .where(eq(emailChangeRequests.userId, userId));
      });
    },
  };
}

export type EmailChangeRepo = ReturnType<typeof createEmailChangeRepo>;
