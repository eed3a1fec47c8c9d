import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { newsletterSignupLimits, newsletterSignupRequests } from '@bof/db/schema';

/** The only place that builds the anonymous sign-up requests' queries (one row per address). */
export function createSignUpRepo(db: Database) {
  const table = newsletterSignupRequests;
  return {
    /**
     * Records that a confirmation e-mail goes to the address now, unless one went after `sentBefore`:
     * one atomic statement, so two requests at once cannot both send. True when this request may send.
     */
    async takeSendSlot(
      email: string,
      newsletterIds: readonly string[],
      now: Date,
      sentBefore: Date,
    ): Promise<boolean> {
      const rows = await db
        .insert(table)
        .values({ email, newsletterIds: [...newsletterIds], lastSentAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: table.email,
          set: { newsletterIds: [...newsletterIds], lastSentAt: now, updatedAt: now },
          setWhere: or(isNull(table.lastSentAt), lte(table.lastSentAt, sentBefore)),
        })
        .returning({ email: table.email });
      return rows.length > 0;
    },

    /** The courier refused: the slot is given back so the reader can try again at once. */
    async releaseSendSlot(email: string, sentAt: Date): Promise<void> {
      await db
        .update(table)
        .set({ lastSentAt: null })
        .where(and(eq(table.email, email), eq(table.lastSentAt, sentAt)));
    },

    /**
     * Counts one confirmation e-mail against each of the hour's caps (`ip:<address>`, `all`), in one
     * transaction: true when every cap had room; false (nothing counted) when one is used up.
     */
    async takeHourlySlots(caps: readonly { key: string; limit: number }[], windowStart: Date) {
      const full = Symbol('full');
      try {
        await db.transaction(async (tx) => {
          for (const cap of caps) {
            const counted = await tx
              .insert(newsletterSignupLimits)
              .values({ key: cap.key, windowStart, hits: 1 })
              .onConflictDoUpdate({
                target: [newsletterSignupLimits.key, newsletterSignupLimits.windowStart],
                set: { hits: sql`${newsletterSignupLimits.hits} + 1` },
                setWhere: lt(newsletterSignupLimits.hits, cap.limit),
              })
              .returning({ hits: newsletterSignupLimits.hits });
            if (counted.length === 0) throw full;
          }
        });
        return true;
      } catch (error) {
        if (error === full) return false;
        throw error;
      }
    },

    async find(email: string) {
      const [row] = await db.select().from(table).where(eq(table.email, email));
      return row ?? null;
    },

    async markConfirmed(email: string, nonce: string, now: Date): Promise<void> {
      await db.update(table).set({ confirmedNonce: nonce, updatedAt: now }).where(eq(table.email, email));
    },
  };
}

export type SignUpRepo = ReturnType<typeof createSignUpRepo>;
