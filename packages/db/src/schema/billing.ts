import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });
const now = () => sql`now()`;

/** The billing simulator's own records (the embedded stand-in for Recurly's database). */
export const billingSimulatorRecords = pgTable(
  'billing_simulator_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    accountCode: text('account_code'),
    data: jsonb('data').notNull(),
    updatedAt: at('updated_at').notNull().default(now()),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('billing_simulator_records_account').on(t.kind, t.accountCode),
  ],
);

/**
 * Every purchase or upgrade attempt, written before the provider is called and keyed by the client's
 * idempotency key, so a double submit, a retry or a restart mid-call charges once. A reader has at most
 * one attempt pending at a time, whatever its key (two tabs, two keys): the second waits for the first.
 * `refused` is an attempt turned down before the provider was called; `failed` one whose provider call
 * failed, its outcome unknown until the provider's records are read back.
 */
export const billingPurchases = pgTable(
  'billing_purchases',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['purchase', 'upgrade'] }).notNull(),
    planCode: text('plan_code').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['pending', 'succeeded', 'declined', 'three_d_secure', 'failed', 'refused'],
    }).notNull(),
    subscriptionUuid: text('subscription_uuid'),
    message: text('message'),
    amountCharged: integer('amount_charged'),
    /** The provider's invoice of the charge, when there was one. */
    invoiceId: text('invoice_id'),
    /** The plan a succeeded upgrade replaced, for the receipt of a repeated request. */
    previousPlanCode: text('previous_plan_code'),
    /**
     * A digest of what the attempt asked for beyond plan and currency (seats, VAT number): a second try
     * under the key that asks for something else is refused, never answered with the first result.
     */
    requestDigest: text('request_digest'),
    createdAt: at('created_at').notNull().default(now()),
    updatedAt: at('updated_at').notNull().default(now()),
  },
  (t) => [
    uniqueIndex('billing_purchases_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('billing_purchases_user').on(t.userId),
  ],
);

/** The product's copy of each subscription, kept in step with the provider by webhooks and reconciliation. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    uuid: text('uuid').primaryKey(),
    userId: text('user_id').notNull(),
    accountCode: text('account_code').notNull(),
    planCode: text('plan_code').notNull(),
    state: text('state').notNull(),
    currency: text('currency').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    activatedAt: at('activated_at').notNull(),
    cancelledAt: at('cancelled_at'),
    expiresAt: at('expires_at'),
    trialEndsAt: at('trial_ends_at'),
    currentPeriodStartedAt: at('current_period_started_at').notNull(),
    currentPeriodEndsAt: at('current_period_ends_at').notNull(),
    currentTermEndsAt: at('current_term_ends_at').notNull(),
    isInDunning: boolean('is_in_dunning').notNull().default(false),
    activeInvoiceId: text('active_invoice_id'),
    couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
    /** The provider's `updated_at` of the state held here: an older state never overwrites a newer one. */
    providerUpdatedAt: at('provider_updated_at'),
    cancellationReason: text('cancellation_reason'),
    cancellationReasonOther: text('cancellation_reason_other'),
    discountRedeemedAt: at('discount_redeemed_at'),
    syncedAt: at('synced_at').notNull().default(now()),
  },
  (t) => [index('billing_subscriptions_user').on(t.userId)],
);

/** Webhook notifications already applied, so a repeated delivery changes nothing. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  subscriptionUuid: text('subscription_uuid'),
  receivedAt: at('received_at').notNull().default(now()),
});
