import type { Currency } from '@bof/config/constants';

/** Spec §4: subscription states of the billing provider. */
export const SUBSCRIPTION_STATES = ['ACTIVE', 'CANCELED', 'EXPIRED', 'FAILED', 'FUTURE', 'PAUSED'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export interface CardInfo {
  cardType: string;
  expMonth: number;
  expYear: number;
  firstSix: string;
  lastFour: string;
}

export interface BillingInfo {
  countryCode: string;
  firstName: string;
  lastName: string;
  postalCode: string;
  paymentMethod: 'credit_card';
  card: CardInfo;
}

/** A subscription as the provider reports it (spec §3 RecurlySubscription), amounts in minor units. */
export interface ProviderSubscription {
  uuid: string;
  accountCode: string;
  planCode: string;
  state: SubscriptionState;
  currency: Currency;
  unitAmount: number;
  activatedAt: Date;
  cancelledAt: Date | null;
  expiresAt: Date | null;
  trialEndsAt: Date | null;
  currentPeriodStartedAt: Date;
  currentPeriodEndsAt: Date;
  currentTermEndsAt: Date;
  isInDunning: boolean;
  activeInvoiceId: string | null;
  couponCodes: string[];
  /** Seats of an organisation subscription (`unitAmount` is one seat's price); absent means one. */
  quantity?: number;
  /**
   * When the provider last changed this subscription. States are applied in this order: an older state
   * read late (a slow webhook) never overwrites a newer one.
   */
  updatedAt: Date;
}

export interface ProviderInvoice {
  id: string;
  accountCode: string;
  subscriptionUuid: string | null;
  /** The plan the invoice charges for (an upgrade's invoice names the new plan). */
  planCode: string | null;
  state: 'paid' | 'failed' | 'pending';
  currency: Currency;
  subtotal: number;
  tax: number;
  total: number;
  /** What the card paid on this invoice: the total less any credit applied (an upgrade's unused days). */
  paid: number;
  createdAt: Date;
}

/** A company's billing address (the country is ISO 3166-1 alpha-2). */
export interface CompanyAddress {
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string;
  country: string;
}

export interface PurchaseRequest {
  accountCode: string;
  email: string;
  planCode: string;
  currency: Currency;
  /** The card token from the payment fields (Recurly.js, or the simulator's own fields). */
  billingToken: string;
  /** Result token of a completed 3-D Secure challenge, when retrying after one. */
  threeDSecureActionResultToken?: string;
  /** Sent to the provider so a retry never charges twice. */
  idempotencyKey: string;
  /** Net yearly price before tax, from the catalogue (of one seat, for an organisation plan). */
  unitAmount: number;
  /** Seats bought (an organisation plan): the charge is `unitAmount` times this. Absent means one. */
  quantity?: number;
  /**
   * The reader paying, when the account is not theirs (an organisation's account): card fields make a
   * token for the reader whose browser they run in, and only that reader may spend it.
   */
  payerCode?: string;
  /**
   * The buying company, for an organisation purchase: its name, its VAT number when it gave one, and
   * its billing address (on the provider's account, so invoices carry it).
   */
  company?: { name: string; vatNumber: string | null; address?: CompanyAddress };
  /**
   * No VAT is charged on this account: the buyer's EU VAT number was verified in the EU register and is
   * outside the seller's country, so the buyer accounts for the VAT (reverse charge).
   */
  reverseCharge?: boolean;
  /**
   * The billing country the reader chose. The tax is the provider's, from the card's billing address;
   * a provider that can see the token's address refuses a purchase whose country differs.
   */
  country: string;
  /** Days of free trial; 0 for none. */
  trialDays: number;
  /**
   * The plan has a free trial this reader does not get (they have had a membership): the provider must
   * not apply the trial it may hold on the plan.
   */
  skipsPlanTrial?: boolean;
}

export type PurchaseOutcome =
  | { kind: 'purchased'; subscription: ProviderSubscription; invoice: ProviderInvoice | null }
  | { kind: 'declined'; message: string }
  | { kind: 'three-d-secure'; actionTokenId: string; message: string };

/** A one-time charge of a card token (tickets): no subscription, one invoice for `amount` in all. */
export interface OneTimeChargeRequest {
  accountCode: string;
  email: string;
  currency: Currency;
  /** What the card is charged in all, minor units (tax included). */
  amount: number;
  /** The invoice line, e.g. "2 × Standard ticket, Fashion Futures Summit". */
  description: string;
  /** The card token from the payment fields. */
  billingToken: string;
  threeDSecureActionResultToken?: string;
  /** Sent to the provider so a retry never charges twice. */
  idempotencyKey: string;
}

/** A one-time charge that went through: the provider's invoice id is the charge's id (for refunds). */
export interface OneTimeCharge {
  chargeId: string;
  amount: number;
  currency: Currency;
}

export type OneTimeChargeOutcome =
  | { kind: 'charged'; charge: OneTimeCharge }
  | { kind: 'declined'; message: string }
  | { kind: 'three-d-secure'; actionTokenId: string; message: string };

/** A plan change priced by the provider, in minor units: `charge + credit + tax` is due now. */
export interface PlanChangePreview {
  /** The new plan for the rest of the term. */
  charge: number;
  /** The unused part of the current plan, credited (zero or negative). */
  credit: number;
  tax: number;
  taxInfo: { rate: number; region: string; type: string } | null;
}

/**
 * A provider that cannot be reached or answered unexpectedly: fail closed, tell the reader to retry.
 * `mayHaveCharged` is false only when the request certainly never reached the provider (a connection
 * refused, say); after a timeout or a 5xx the outcome is unknown and the reader must not be told that
 * nothing was charged.
 */
export class BillingUnavailableError extends Error {
  readonly code = 'billing_unavailable';
  readonly mayHaveCharged: boolean;
  constructor(message: string, options: { cause?: unknown; mayHaveCharged?: boolean } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.mayHaveCharged = options.mayHaveCharged ?? true;
  }
}

/** The card on file was declined for a charge (an upgrade, say): nothing was charged. */
export class PaymentDeclinedError extends Error {
  readonly code = 'payment_declined';
}

/**
 * What the product needs from a subscription billing provider (Recurly, or the simulator). Both
 * implementations pass the same conformance suite.
 */
export interface BillingProvider {
  purchase(request: PurchaseRequest): Promise<PurchaseOutcome>;
  getBillingInfo(accountCode: string): Promise<BillingInfo | null>;
  /** Replaces the account's card with the one a card token stands for. */
  updateBillingInfo(accountCode: string, billingToken: string): Promise<BillingInfo>;
  listSubscriptions(accountCode: string): Promise<ProviderSubscription[]>;
  getSubscription(uuid: string): Promise<ProviderSubscription | null>;
  /**
   * What changing the plan at once would charge now, as the provider prices it (its own proration and
   * tax; nothing during a free trial).
   */
  previewPlanChange(input: {
    uuid: string;
    planCode: string;
    unitAmount: number;
    /**
     * The new seat count of an organisation subscription (`unitAmount` is then one seat's price at the
     * band of that count); absent keeps the subscription's own.
     */
    quantity?: number;
  }): Promise<PlanChangePreview>;
  /**
   * Changes the plan at once and charges what the provider's own pricing says now (the preview's figures
   * when nothing changed in between). Reports the invoice actually charged, read back from the provider,
   * or null when nothing was charged (a change during a trial).
   */
  changePlan(input: {
    uuid: string;
    planCode: string;
    unitAmount: number;
    /** As for `previewPlanChange`: more seats are bought this way, prorated like a plan change. */
    quantity?: number;
    idempotencyKey: string;
  }): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>;
  /** Cancels at the end of the current term: access continues until then. */
  cancel(uuid: string): Promise<ProviderSubscription>;
  /**
   * Takes a cancellation back before the term ends (Recurly's reactivate): the subscription renews again
   * at the end of its period. One already active is answered as it is; one whose term has ended cannot
   * be resumed (BillingUnavailableError, nothing changed).
   */
  reactivate(uuid: string): Promise<ProviderSubscription>;
  /** Applies a coupon to a subscription's next renewals. */
  redeemCoupon(input: {
    uuid: string;
    couponCode: string;
    discountPercent: number;
  }): Promise<ProviderSubscription>;
  listInvoices(accountCode: string): Promise<ProviderInvoice[]>;
  accountManagementUrl(accountCode: string): Promise<string | null>;
  /**
   * Charges a card token once for a one-time purchase (Recurly's purchase with a one-time line item), with
   * the same 3-D Secure path as `purchase`. A retry under the idempotency key answers the first charge.
   */
  chargeOnce(request: OneTimeChargeRequest): Promise<OneTimeChargeOutcome>;
  /**
   * Refunds a one-time charge in full to the card. Refunding one already refunded answers as done.
   * @throws BillingUnavailableError when the provider cannot refund it (unknown charge, outage).
   */
  refundCharge(input: { chargeId: string; idempotencyKey: string }): Promise<{ refunded: number }>;
}
