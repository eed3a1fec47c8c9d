import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { billingPurchases, billingSubscriptions, billingWebhookEvents } from '@bof/db/schema';
import type { ProviderSubscription } from '@bof/billing/billing-provider';

export type PurchaseRecord = typeof billingPurchases.$inferSelect;
export type SubscriptionRecord = typeof billingSubscriptions.$inferSelect;

/** The only place that builds billing queries. */
export function createBillingRepo(db: Database) {
  return {
    async findPurchase(idempotencyKey: string): Promise<PurchaseRecord | null> {
      const [row] = await db
        .select()
        .from(billingPurchases)
        .where(eq(billingPurchases.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    /** Records the attempt before the provider is called; false when the key was already taken. */
    async claimPurchase(input: {
      idempotencyKey: string;
      userId: string;
      kind: 'purchase' | 'upgrade';
      planCode: string;
      currency: string;
    }): Promise<boolean> {
      const inserted = await db
        .insert(billingPurchases)
        .values({ ...input, status: 'pending' })
        .onConflictDoNothing()
        .returning({ key: billingPurchases.idempotencyKey });
      return inserted.length === 1;
    },

    /**
     * Takes over an attempt that ended without a charge (3-D Secure asked, provider failed) or that has
     * been pending longer than `staleAfterMs` (a restart mid-call); false when another request got it first.
     */
    async reclaimPurchase(idempotencyKey: string, userId: string, staleAfterMs: number): Promise<boolean> {
      const rows = await db
        .update(billingPurchases)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(
          and(
            eq(billingPurchases.idempotencyKey, idempotencyKey),
            eq(billingPurchases.userId, userId),
            sql`(${billingPurchases.status} in ('three_d_secure', 'failed') or (${billingPurchases.status} = 'pending' and ${billingPurchases.updatedAt} < now() - make_interval(secs => ${staleAfterMs / 1000})))`,
          ),
        )
        .returning({ key: billingPurchases.idempotencyKey });
      return rows.length === 1;
    },

    async settlePurchase(
      idempotencyKey: string,
      outcome: {
        status: PurchaseRecord['status'];
        subscriptionUuid?: string | null;
        message?: string | null;
        amountCharged?: number | null;
      },
    ): Promise<void> {
      await db
        .update(billingPurchases)
        .set({ ...outcome, updatedAt: sql`now()` })
        .where(eq(billingPurchases.idempotencyKey, idempotencyKey));
    },

    async subscriptionsOf(userId: string): Promise<SubscriptionRecord[]> {
      return db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId));
    },

    async findSubscription(uuid: string): Promise<SubscriptionRecord | null> {
      const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.uuid, uuid));
      return row ?? null;
    },

    /** Brings the product's copy in line with the provider's record (idempotent). */
    async syncSubscription(userId: string, sub: ProviderSubscription): Promise<SubscriptionRecord> {
      const values = {
        uuid: sub.uuid,
        userId,
        accountCode: sub.accountCode,
        planCode: sub.planCode,
        state: sub.state,
        currency: sub.currency,
        unitAmount: sub.unitAmount,
        activatedAt: sub.activatedAt,
        cancelledAt: sub.cancelledAt,
        expiresAt: sub.expiresAt,
        trialEndsAt: sub.trialEndsAt,
        currentPeriodStartedAt: sub.currentPeriodStartedAt,
        currentPeriodEndsAt: sub.currentPeriodEndsAt,
        currentTermEndsAt: sub.currentTermEndsAt,
        isInDunning: sub.isInDunning,
        activeInvoiceId: sub.activeInvoiceId,
        couponCodes: sub.couponCodes,
        syncedAt: new Date(),
      };
      const { uuid: _uuid, userId: _userId, ...changes } = values;
      const [row] = await db
        .insert(billingSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: billingSubscriptions.uuid, set: changes })
        .returning();
      return row!;
    },

    async recordCancellation(uuid: string, reason: string, other: string | null): Promise<void> {
      await db
        .update(billingSubscriptions)
        .set({ cancellationReason: reason, cancellationReasonOther: other })
        .where(eq(billingSubscriptions.uuid, uuid));
    },

    /** Marks the save offer used; false when it had been used already (once per subscription). */
    async claimDiscount(uuid: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(billingSubscriptions)
        .set({ discountRedeemedAt: at })
        .where(
          and(eq(billingSubscriptions.uuid, uuid), sql`${billingSubscriptions.discountRedeemedAt} is null`),
        )
        .returning({ uuid: billingSubscriptions.uuid });
      return rows.length === 1;
    },

    /** Records a webhook notification; false when it was seen before. */
    async claimWebhookEvent(
      id: string,
      eventType: string,
      subscriptionUuid: string | null,
    ): Promise<boolean> {
      const rows = await db
        .insert(billingWebhookEvents)
        .values({ id, eventType, subscriptionUuid })
        .onConflictDoNothing()
        .returning({ id: billingWebhookEvents.id });
      return rows.length === 1;
    },

    async knownAccounts(): Promise<{ userId: string; accountCode: string }[]> {
      return db
        .selectDistinct({
          userId: billingSubscriptions.userId,
          accountCode: billingSubscriptions.accountCode,
        })
        .from(billingSubscriptions);
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
