import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { newsletterSignupRequests } from '@bof/db/schema';

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
