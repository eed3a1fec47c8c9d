import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { billingPurchases, billingSubscriptions, billingWebhookEvents } from '@bof/db/schema';
import type { ProviderSubscription } from '@bof/billing/billing-provider';

export type PurchaseRecord = typeof billingPurchases.$inferSelect;
export type SubscriptionRecord = typeof billingSubscriptions.$inferSelect;

/** What a claim on a purchase attempt came to. */
export type ClaimResult =
  /** This request holds the attempt: it alone calls the provider for the reader. */
  | 'claimed'
  /** Another request took this idempotency key first: read it again. */
  | 'key-taken'
  /** The reader has another attempt pending (another key: a second tab): wait for it. */
  | 'reader-busy';

/** PostgreSQL's unique violation, through drizzle's wrapper (pg and PGlite alike). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

function subscriptionValues(userId: string, sub: ProviderSubscription) {
  return {
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
    providerUpdatedAt: sub.updatedAt,
    syncedAt: new Date(),
  };
}

/**
 * Brings the product's copy in line with the provider's record, unless the copy already holds a newer
 * state (a later `updatedAt`): an old state read late never overwrites a newer one. Idempotent.
 */
async function sync(db: Database, userId: string, sub: ProviderSubscription): Promise<SubscriptionRecord> {
  const values = subscriptionValues(userId, sub);
  const { uuid: _uuid, userId: _userId, ...changes } = values;
  const [row] = await db
    .insert(billingSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: billingSubscriptions.uuid,
      set: changes,
      setWhere: sql`${billingSubscriptions.providerUpdatedAt} is null or ${billingSubscriptions.providerUpdatedAt} <= ${sub.updatedAt.toISOString()}::timestamptz`,
    })
    .returning();
  if (row) return row;
  const [current] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.uuid, sub.uuid));
  return current!;
}

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

    /** The reader's attempt in flight, whatever its key (at most one: a unique partial index). */
    async pendingPurchaseOf(userId: string): Promise<PurchaseRecord | null> {
      const [row] = await db
        .select()
        .from(billingPurchases)
        .where(and(eq(billingPurchases.userId, userId), eq(billingPurchases.status, 'pending')));
      return row ?? null;
    },

    /**
     * Records the attempt before the provider is called. Only one attempt per reader may be pending:
     * a second key of the same reader (another tab) is `reader-busy` until the first is settled.
     */
    async claimPurchase(input: {
      idempotencyKey: string;
      userId: string;
      kind: 'purchase' | 'upgrade';
      planCode: string;
      currency: string;
      requestDigest?: string | null;
    }): Promise<ClaimResult> {
      const inserted = await db
        .insert(billingPurchases)
        .values({ ...input, status: 'pending' })
        .onConflictDoNothing()
        .returning({ key: billingPurchases.idempotencyKey });
      if (inserted.length === 1) return 'claimed';
      const [sameKey] = await db
        .select({ key: billingPurchases.idempotencyKey })
        .from(billingPurchases)
        .where(eq(billingPurchases.idempotencyKey, input.idempotencyKey));
      return sameKey ? 'key-taken' : 'reader-busy';
    },

    /**
     * Takes over an attempt that ended without a known charge (3-D Secure asked, refused before the
     * provider, provider failed) or that has been pending longer than `staleAfterMs` (a restart
     * mid-call), and, where the caller says so, a declined one. `key-taken` when another request got
     * it first; `reader-busy` when another of the reader's attempts is pending.
     */
    async reclaimPurchase(
      idempotencyKey: string,
      userId: string,
      staleAfterMs: number,
      alsoRetry: readonly 'declined'[] = [],
    ): Promise<ClaimResult> {
      const retryable: PurchaseRecord['status'][] = ['three_d_secure', 'failed', 'refused', ...alsoRetry];
      try {
        const rows = await db
          .update(billingPurchases)
          .set({ status: 'pending', updatedAt: sql`now()` })
          .where(
            and(
              eq(billingPurchases.idempotencyKey, idempotencyKey),
              eq(billingPurchases.userId, userId),
              sql`(${inArray(billingPurchases.status, retryable)} or (${billingPurchases.status} = 'pending' and ${billingPurchases.updatedAt} < now() - make_interval(secs => ${staleAfterMs / 1000})))`,
            ),
          )
          .returning({ key: billingPurchases.idempotencyKey });
        return rows.length === 1 ? 'claimed' : 'key-taken';
      } catch (error) {
        if (isUniqueViolation(error)) return 'reader-busy';
        throw error;
      }
    },

    /**
     * Gives up an attempt left pending by a request that died mid-call: its outcome is unknown (`failed`),
     * so the next attempt reads the provider's records first. False when it was settled meanwhile.
     */
    async abandonStalePurchase(idempotencyKey: string, staleAfterMs: number): Promise<boolean> {
      const rows = await db
        .update(billingPurchases)
        .set({ status: 'failed', message: 'interrupted mid-call', updatedAt: sql`now()` })
        .where(
          and(
            eq(billingPurchases.idempotencyKey, idempotencyKey),
            eq(billingPurchases.status, 'pending'),
            sql`${billingPurchases.updatedAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`,
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
        invoiceId?: string | null;
        previousPlanCode?: string | null;
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

    /** Brings the product's copy in line with the provider's record; never goes back to an older state. */
    syncSubscription(userId: string, sub: ProviderSubscription): Promise<SubscriptionRecord> {
      return sync(db, userId, sub);
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

    /** Undoes `claimDiscount` when the provider did not apply the coupon: the offer stays open. */
    async releaseDiscount(uuid: string, at: Date): Promise<void> {
      await db
        .update(billingSubscriptions)
        .set({ discountRedeemedAt: null })
        .where(and(eq(billingSubscriptions.uuid, uuid), eq(billingSubscriptions.discountRedeemedAt, at)));
    },

    async hasWebhookEvent(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: billingWebhookEvents.id })
        .from(billingWebhookEvents)
        .where(eq(billingWebhookEvents.id, id));
      return row !== undefined;
    },

    /**
     * Records a webhook notification and applies the state read for it, in one transaction: either both
     * land or neither does, so a failure leaves the redelivery to apply it. `duplicate` when another
     * delivery of the same notification got there first. `alsoApply` writes another module's copy (an
     * organisation's subscription) in the same transaction.
     */
    async applyWebhookState(
      event: { id: string; eventType: string; subscriptionUuid: string | null },
      state: { userId: string; subscription: ProviderSubscription } | null,
      alsoApply?: (tx: Database) => Promise<void>,
    ): Promise<'applied' | 'duplicate'> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(billingWebhookEvents)
          .values(event)
          .onConflictDoNothing()
          .returning({ id: billingWebhookEvents.id });
        if (rows.length === 0) return 'duplicate';
        if (state) await sync(tx as unknown as Database, state.userId, state.subscription);
        if (alsoApply) await alsoApply(tx as unknown as Database);
        return 'applied';
      });
    },

    /**
     * Every billing account the product knows of: those with a subscription on record, and those known
     * only from a purchase attempt (charged, perhaps, but never recorded). The account code is the
     * reader's user id.
     */
    async knownAccounts(): Promise<{ userId: string; accountCode: string }[]> {
      const fromSubscriptions = await db
        .selectDistinct({
          userId: billingSubscriptions.userId,
          accountCode: billingSubscriptions.accountCode,
        })
        .from(billingSubscriptions);
      const fromPurchases = await db
        .selectDistinct({ userId: billingPurchases.userId })
        .from(billingPurchases)
        .where(ne(billingPurchases.status, 'refused'));
      const withSubscriptions = new Set(fromSubscriptions.map((a) => a.userId));
      return [
        ...fromSubscriptions,
        ...fromPurchases
          .filter((p) => !withSubscriptions.has(p.userId))
          .map((p) => ({ userId: p.userId, accountCode: p.userId })),
      ];
    },

    /** Attempts whose outcome is unknown (failed, or pending past `staleAfterMs`), for reconciliation. */
    async unsettledPurchases(staleAfterMs: number): Promise<PurchaseRecord[]> {
      return db
        .select()
        .from(billingPurchases)
        .where(
          sql`${billingPurchases.status} = 'failed' or (${billingPurchases.status} = 'pending' and ${billingPurchases.updatedAt} < now() - make_interval(secs => ${staleAfterMs / 1000}))`,
        );
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
