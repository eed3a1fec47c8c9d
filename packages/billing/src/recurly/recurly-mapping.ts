import { CURRENCIES, type Currency } from '@bof/config/constants';
import type recurly from 'recurly';
import {
  BillingUnavailableError,
  SUBSCRIPTION_STATES,
  type BillingInfo,
  type PlanChangePreview,
  type ProviderInvoice,
  type ProviderSubscription,
  type SubscriptionState,
} from '../billing-provider';

/**
 * Recurly's v2021-02-25 resources, as the client casts them (camel-cased, dates as Date), turned into
 * the port's shapes. Recurly sends amounts as decimals in major units; the port counts minor units.
 */

/** 450 (GBP) → 45000 pence. Every catalogue currency has two decimals. */
export const toMinor = (amount: number | null | undefined) => Math.round((amount ?? 0) * 100);
/** 45000 pence → 450 (GBP), as Recurly expects amounts. */
export const toMajor = (minor: number) => minor / 100;

function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) {
    throw new BillingUnavailableError(`Recurly answered without ${what}.`);
  }
  return value;
}

function currencyOf(value: string | null | undefined): Currency {
  const code = (value ?? '').toUpperCase();
  if (!(CURRENCIES as readonly string[]).includes(code)) {
    throw new BillingUnavailableError(`Recurly answered in a currency the product does not sell: ${code}.`);
  }
  return code as Currency;
}

function stateOf(value: string | null | undefined): SubscriptionState {
  const state = (value ?? '').toUpperCase();
  if (!(SUBSCRIPTION_STATES as readonly string[]).includes(state)) {
    throw new BillingUnavailableError(`Recurly answered with an unknown subscription state: ${value}.`);
  }
  return state as SubscriptionState;
}

/** Recurly's subscription; `inDunning` comes from its active invoice being past due. */
export function toProviderSubscription(sub: recurly.Subscription, inDunning: boolean): ProviderSubscription {
  const periodEnds = required(sub.currentPeriodEndsAt, 'current_period_ends_at');
  return {
    uuid: required(sub.uuid, 'a subscription uuid'),
    accountCode: required(sub.account?.code, 'the account code'),
    planCode: required(sub.plan?.code, 'the plan code'),
    state: stateOf(sub.state),
    currency: currencyOf(sub.currency),
    unitAmount: toMinor(sub.unitAmount),
    activatedAt: sub.activatedAt ?? required(sub.createdAt, 'created_at'),
    cancelledAt: sub.canceledAt ?? null,
    expiresAt: sub.expiresAt ?? null,
    trialEndsAt: sub.trialEndsAt ?? null,
    currentPeriodStartedAt: required(sub.currentPeriodStartedAt, 'current_period_started_at'),
    currentPeriodEndsAt: periodEnds,
    currentTermEndsAt: sub.currentTermEndsAt ?? periodEnds,
    isInDunning: inDunning,
    activeInvoiceId: sub.activeInvoiceId ?? null,
    couponCodes: (sub.couponRedemptions ?? [])
      .filter((r) => r.state === 'active')
      .map((r) => r.coupon?.code)
      .filter((code): code is string => Boolean(code)),
    quantity: sub.quantity ?? 1,
    updatedAt: sub.updatedAt ?? required(sub.createdAt, 'created_at'),
  };
}

/** Recurly's invoice states folded into the port's three. */
function invoiceStateOf(state: string | null | undefined): ProviderInvoice['state'] {
  switch (state) {
    case 'paid':
    case 'closed':
      return 'paid';
    case 'failed':
    case 'voided':
      return 'failed';
    default:
      return 'pending';
  }
}

/**
 * A charge invoice. Recurly names subscriptions on invoices by id, not uuid: `uuidById` resolves them
 * (an invoice for a subscription not in it reports none).
 */
export function toProviderInvoice(
  invoice: recurly.Invoice,
  uuidById: ReadonlyMap<string, string>,
): ProviderInvoice {
  const subscriptionId = invoice.subscriptionIds?.[0];
  return {
    id: required(invoice.id, 'an invoice id'),
    accountCode: required(invoice.account?.code, 'the account code'),
    subscriptionUuid: subscriptionId ? (uuidById.get(subscriptionId) ?? null) : null,
    // The plan of the invoice's own subscription charge (its first line naming a plan).
    planCode: (invoice.lineItems ?? []).find((line) => line.planCode)?.planCode ?? null,
    state: invoiceStateOf(invoice.state),
    currency: currencyOf(invoice.currency),
    subtotal: toMinor(invoice.subtotal),
    tax: toMinor(invoice.tax),
    total: toMinor(invoice.total),
    // Payments by card; credit from an upgrade's unused days is applied, not paid.
    paid: toMinor(invoice.paid),
    createdAt: required(invoice.createdAt, 'created_at'),
  };
}

export function toBillingInfo(info: recurly.BillingInfo): BillingInfo {
  const card = info.paymentMethod;
  return {
    countryCode: info.address?.country ?? '',
    firstName: info.firstName ?? '',
    lastName: info.lastName ?? '',
    postalCode: info.address?.postalCode ?? '',
    paymentMethod: 'credit_card',
    card: {
      cardType: card?.cardType ?? 'Unknown',
      expMonth: card?.expMonth ?? 0,
      expYear: card?.expYear ?? 0,
      firstSix: card?.firstSix ?? '',
      lastFour: card?.lastFour ?? '',
    },
  };
}

/**
 * A change preview: the new plan's prorated charge is on the charge invoice, the unused part of the old
 * plan on credit invoices (negative amounts), each with its tax.
 */
export function toPlanChangePreview(change: recurly.SubscriptionChange): PlanChangePreview {
  const charge = change.invoiceCollection?.chargeInvoice;
  const credits = change.invoiceCollection?.creditInvoices ?? [];
  const taxInfo = charge?.taxInfo;
  return {
    charge: toMinor(charge?.subtotal),
    credit: credits.reduce((sum, c) => sum + toMinor(c.subtotal), 0),
    tax: toMinor(charge?.tax) + credits.reduce((sum, c) => sum + toMinor(c.tax), 0),
    taxInfo:
      taxInfo && typeof taxInfo.rate === 'number'
        ? { rate: taxInfo.rate, region: taxInfo.region ?? '', type: taxInfo.type ?? '' }
        : null,
  };
}
