import { randomBytes } from 'node:crypto';
import type { MembershipLevel, MembershipType } from '@bof/config/enums';
import type { BillingSimulator } from '@bof/billing/simulator';
import type { BillingInfo, BillingProvider } from '@bof/billing/billing-provider';
import type { SubscriptionUpgradePreview } from '@bof/billing/proration';
import { verifyWebhookSignature } from '@bof/billing/webhook-signature';
import { readOrCreateSecret } from '@bof/http/secret-file';
import type { Platform } from '../../platform/platform';
import {
  applyWebhook,
  notificationSchema,
  type OrganisationSubscriptionSync,
  type WebhookResult,
} from './apply-webhook';
import { createBillingRepo, type BillingRepo, type SubscriptionRecord } from './billing.repo';
import {
  type CANCELLATION_COUPON,
  cancelSubscription,
  cancellableSubscription,
  cancellationDiscount,
  redeemCancellationDiscount,
} from './cancel-subscription';
import { chooseBillingProvider } from './choose-billing-provider';
import { deliverSimulatorWebhooks } from './deliver-webhooks';
import { eligibilityFrom, membershipFrom, type Membership } from './membership';
import type { IndividualSubscription } from './individual-subscription';
import { purchaseIndividualSubscription } from './purchase-individual-subscription';
import { purchaseSubscription, type PurchaseInput } from './purchase-subscription';
import { renderInvoicePdf } from './invoice-pdf';
import { reconcileSubscriptions, type ReconcileReport } from './reconcile';
import { resumableSubscription, resumeSubscription } from './resume-subscription';
import { billingInfoOf, updateBillingInfo } from './update-billing-info';
import {
  previewIndividualUpgrade,
  upgradeIndividualSubscription,
  type IndividualUpgradeReceipt,
  type UpgradeInput,
} from './upgrade-individual-subscription';
import { purchaseSubscriptionUpgrade, type UpgradeReceipt } from './upgrade-subscription';

export { CardValidationError } from '@bof/billing/simulator';

export type WebhookReceipt = { status: 200; result: WebhookResult } | { status: 400 | 401; reason: string };

/** What the billing services need, with the billing clock read once for the operation. */
export interface BillingDeps {
  repo: BillingRepo;
  provider: BillingProvider;
  now: () => Date;
}

export interface BillingModule {
  provider: BillingProvider;
  /** The embedded provider, when it is the one in use. */
  simulator: BillingSimulator | null;
  repo: BillingRepo;
  /**
   * The billing clock: the provider's time. Recurly's is the wall clock; the simulator's can be moved
   * on (tests, the clock CLI), and every date the product compares with a subscription's (trial end,
   * period end) must be on the same clock.
   */
  now(): Promise<Date>;
  /** The services' dependencies, the clock read now. */
  deps(): Promise<BillingDeps>;
  membershipOf(userId: string, now?: Date): Promise<Membership>;
  /** Spec §3 individualMembershipEligibility, by the rule the purchase and upgrade apply. */
  eligibilityOf(userId: string): Promise<ReturnType<typeof eligibilityFrom>>;
  /** The reader's subscriptions on record (their billing account's code is their user id). */
  subscriptionsOf(userId: string): Promise<SubscriptionRecord[]>;
  /** The card on file; null while the provider cannot be reached. */
  billingInfoOf(accountCode: string): Promise<BillingInfo | null>;
  updateBillingInfo(input: Parameters<typeof updateBillingInfo>[1]): Promise<BillingInfo>;
  purchase(input: PurchaseInput): ReturnType<typeof purchaseSubscription>;
  /** A purchase from the individual payment page, described as the reader is shown it. */
  purchaseIndividual(input: PurchaseInput): Promise<IndividualSubscription>;
  /** The price of an upgrade now; an outage is a SubscriptionUpgradeError (BILLING_UNAVAILABLE). */
  previewUpgrade(input: { userId: string; planCode: string }): Promise<SubscriptionUpgradePreview>;
  upgrade(input: UpgradeInput): Promise<UpgradeReceipt>;
  /** An upgrade, its subscription described as the reader is shown it. */
  upgradeIndividual(input: UpgradeInput): Promise<IndividualUpgradeReceipt>;
  /** The reader's individual subscription that can still be cancelled, if any. */
  cancellableSubscription(userId: string): Promise<SubscriptionRecord | null>;
  /** The save offer, while unused on the reader's cancellable subscription. */
  cancellationDiscount(userId: string): Promise<typeof CANCELLATION_COUPON | null>;
  cancel(input: Parameters<typeof cancelSubscription>[1]): Promise<SubscriptionRecord>;
  redeemDiscount(userId: string): Promise<SubscriptionRecord>;
  /** The reader's cancelled individual subscription whose paid period has not ended, if any. */
  resumableSubscription(userId: string): Promise<SubscriptionRecord | null>;
  /** Takes the reader's cancellation back before the period ends (resume-subscription.ts). */
  resume(userId: string, subscriptionUuid: string): Promise<SubscriptionRecord>;
  /**
   * One of the reader's own invoices as a PDF; null when the reader's billing account holds no invoice
   * of that id (another reader's included). The provider's outage throws BillingUnavailableError.
   */
  invoicePdf(input: {
    userId: string;
    email: string;
    invoiceId: string;
    locale: string;
  }): Promise<Buffer | null>;
  /** Verifies, parses and applies one webhook delivery. */
  receiveWebhook(rawBody: string, signatureHeader: string | null, now?: Date): Promise<WebhookReceipt>;
  /** Delivers the simulator's pending notifications to the webhook endpoint (no-op with a real provider). */
  flushWebhooks(): Promise<number>;
  /**
   * Moves the simulator's clock on and delivers what that caused, in one turn with every other delivery
   * round: `pending` is what is still undelivered afterwards (0 unless the endpoint refused one).
   */
  advanceSimulatorClock(
    ms: number,
  ): Promise<{ now: Date; notifications: number; delivered: number; pending: number }>;
  /**
   * Waits until no delivery round is under way or queued (the simulator's notifications after a change go
   * out without the change waiting for them), including rounds queued while it waits: called last before
   * the database closes.
   */
  settle(): Promise<void>;
  /** Repairs the product's copies from the provider's records (reconcile.ts). */
  reconcile(log?: (line: string) => void): Promise<ReconcileReport>;
  /**
   * Runs `listener` with the subscription's uuid after each renewal notification is applied (the
   * provider renews; the product hears it by webhook). A listener's failure is logged, never fails the
   * delivery.
   */
  onRenewal(listener: (subscriptionUuid: string) => Promise<void>): void;
  /**
   * The organisations module's writer of organisation subscriptions: webhooks for them (renewals,
   * cancellations, failed payments, expiry) are applied through it, in the notification's transaction.
   */
  setOrganisationSubscriptionSync(sync: OrganisationSubscriptionSync): void;
}

/** The webhook signing key: configured, or generated once under `<dataDir>/keys` on the embedded defaults. */
function webhookKeys(platform: Platform): string[] {
  const generate = () => randomBytes(32).toString('hex');
  return [readOrCreateSecret({ dataDir: platform.env.dataDir, name: 'billing-webhook-key', generate })];
}

/**
 * The billing module: the provider (Recurly, or the simulator on the embedded defaults), the product's
 * copies of subscriptions, and the use cases. Built once, by the composition root (services.ts); its
 * failures carry stable codes, which the GraphQL layer maps to result types (errors/result-errors.ts).
 */
export function createBillingModule(
  platform: Platform,
  options: {
    webhookEndpoint?: string;
    /** Stands in for the configured provider (tests: an outage). */
    provider?: BillingProvider;
  } = {},
): BillingModule {
  const repo = createBillingRepo(platform.db);
  // Recurly when configured, the billing simulator otherwise (choose-billing-provider.ts).
  const chosen = chooseBillingProvider(platform, () => webhookKeys(platform));
  const provider = options.provider ?? chosen.provider;
  const simulator = options.provider ? null : chosen.simulator;
  const keys = chosen.webhookKeys;
  const endpoint = options.webhookEndpoint ?? `${platform.env.siteUrl}/api/webhooks/recurly/`;
  const now = async () => (simulator ? simulator.now() : new Date());
  const deps = async (): Promise<BillingDeps> => {
    const at = await now();
    return { repo, provider, now: () => at };
  };
  /** The simulator's notifications go out after each change, as Recurly's would. */
  const afterChange = () => {
    void module
      .flushWebhooks()
      .catch((error: unknown) => console.error('Delivering billing webhooks failed', error));
  };

  const renewalListeners: ((subscriptionUuid: string) => Promise<void>)[] = [];
  const afterRenewal = async (uuid: string) => {
    for (const listener of renewalListeners) {
      await listener(uuid).catch((error: unknown) => console.error('A renewal listener failed', error));
    }
  };

  let organisationSync: OrganisationSubscriptionSync | undefined;

  // One delivery round at a time: two at once would each deliver some of the other's notifications, and a
  // clock move's round could not say what became of the notifications it caused.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.catch(() => undefined);
    return run;
  };
  const deliver = () =>
    simulator ? deliverSimulatorWebhooks({ simulator, endpoint, key: keys[0]! }) : Promise.resolve(0);

  const module: BillingModule = {
    provider,
    simulator,
    repo,
    now,
    deps,
    async membershipOf(userId, at) {
      return membershipFrom(await repo.subscriptionsOf(userId), at ?? (await now()));
    },
    async eligibilityOf(userId) {
      return eligibilityFrom(await repo.subscriptionsOf(userId), await now());
    },
    subscriptionsOf: (userId) => repo.subscriptionsOf(userId),
    billingInfoOf: (accountCode) => billingInfoOf({ provider }, accountCode),
    updateBillingInfo: (input) => updateBillingInfo({ provider }, input),
    async purchase(input) {
      try {
        return await purchaseSubscription(await deps(), input);
      } finally {
        afterChange();
      }
    },
    async purchaseIndividual(input) {
      return purchaseIndividualSubscription(
        { ...(await deps()), purchase: (i) => module.purchase(i) },
        input,
      );
    },
    previewUpgrade: async (input) => previewIndividualUpgrade(await deps(), input),
    async upgrade(input) {
      try {
        return await purchaseSubscriptionUpgrade(await deps(), input);
      } finally {
        afterChange();
      }
    },
    async upgradeIndividual(input) {
      return upgradeIndividualSubscription({ ...(await deps()), upgrade: (i) => module.upgrade(i) }, input);
    },
    cancellableSubscription: async (userId) => cancellableSubscription(await deps(), userId),
    cancellationDiscount: async (userId) => cancellationDiscount(await deps(), userId),
    async cancel(input) {
      try {
        return await cancelSubscription(await deps(), input);
      } finally {
        afterChange();
      }
    },
    async redeemDiscount(userId) {
      try {
        return await redeemCancellationDiscount(await deps(), userId);
      } finally {
        afterChange();
      }
    },
    resumableSubscription: async (userId) => resumableSubscription(await deps(), userId),
    async resume(userId, subscriptionUuid) {
      try {
        return await resumeSubscription(await deps(), userId, subscriptionUuid);
      } finally {
        afterChange();
      }
    },
    async invoicePdf({ userId, email, invoiceId, locale }) {
      // Looked up among the reader's own invoices only: the account code is the user id.
      const invoice = (await provider.listInvoices(userId)).find((i) => i.id === invoiceId);
      if (!invoice) return null;
      const billingInfo = await provider.getBillingInfo(userId);
      const { siteName, siteUrl } = platform.env;
      return renderInvoicePdf(invoice, { siteName, siteUrl, locale, email, billingInfo });
    },
    reconcile: async (log) => reconcileSubscriptions({ repo, provider }, [], log),
    async receiveWebhook(rawBody, signatureHeader, now = new Date()) {
      const check = verifyWebhookSignature(signatureHeader, rawBody, keys, now);
      if (!check.ok) return { status: 401, reason: `signature ${check.reason}` };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { status: 400, reason: 'body is not JSON' };
      }
      const notification = notificationSchema.safeParse(json);
      if (!notification.success) return { status: 400, reason: 'not a notification' };
      const result = await applyWebhook(
        { repo, provider, organisations: organisationSync },
        notification.data,
      );
      const { event_type: eventType, uuid } = notification.data;
      if (result === 'applied' && eventType === 'renewed' && uuid) await afterRenewal(uuid);
      return { status: 200, result };
    },
    // Recurly delivers its own notifications; only the simulator's are sent from here.
    onRenewal(listener) {
      renewalListeners.push(listener);
    },
    setOrganisationSubscriptionSync(sync) {
      organisationSync = sync;
    },
    flushWebhooks: () => inTurn(deliver),
    async settle() {
      for (let seen = turn; ; seen = turn) {
        await seen;
        if (seen === turn) return;
      }
    },
    advanceSimulatorClock: (ms) =>
      inTurn(async () => {
        if (!simulator) throw new Error('The billing simulator is not in use.');
        const { now: at, webhooks } = await simulator.advanceClock(ms);
        const delivered = await deliver();
        const pending = (await simulator.pendingWebhooks()).length;
        return { now: at, notifications: webhooks.length, delivered, pending };
      }),
  };
  return module;
}

/** The session token's membership facts, from billing. */
export async function membershipClaims(
  billing: Pick<BillingModule, 'membershipOf'>,
  userId: string,
): Promise<{ level: MembershipLevel; type: MembershipType; unclaimedAccountId: string | null }> {
  const membership = await billing.membershipOf(userId);
  return { level: membership.level, type: membership.type, unclaimedAccountId: null };
}

/** The catalogue, for pages: the web app reaches billing only through the API. */
export { INDIVIDUAL_PLAN_CODES, PLANS, findPlan, type Plan } from '@bof/billing/plans';
export { currencyForCountry, formatMoney, isCurrency, priceOf } from '@bof/billing/pricing';
export { taxFor } from '@bof/billing/tax';
export { seatPriceOf, seatRange, type SeatPrice } from '@bof/billing/seat-pricing';
export { createBillingMembershipRecords } from './billing-membership-records';
export { previewSubscriptionUpgrade } from './upgrade-subscription';
export {
  CANCELLATION_REASONS,
  acceptedCancellationCoupon,
  cancellableSubscription,
} from './cancel-subscription';
export { nextChargeOf, type NextCharge } from './next-renewal';
export { BillingUnavailableError } from '@bof/billing/billing-provider';
export { currencyRefusal } from '@bof/billing/pricing';
