import { randomBytes, randomUUID } from 'node:crypto';
import type { Currency } from '@bof/config/constants';
import type {
  BillingInfo,
  CompanyAddress,
  ProviderInvoice,
  ProviderSubscription,
  PurchaseOutcome,
} from '../billing-provider';
import { taxFor, taxOn, type TaxInfo } from '../tax';
import type { SimulatorStore } from './simulator-store';
import type { CardBehaviour } from './test-cards';

/**
 * A tokenised card: what the payment fields send instead of the card number. Like a Recurly.js token it
 * is used once (a purchase or a card change spends it), and one made for a reader is theirs alone.
 */
export interface SimToken {
  id: string;
  behaviour: CardBehaviour;
  billingInfo: BillingInfo;
  createdAt: string;
  /** The account (the reader's id) whose payment fields made it; absent for tokens made in-process. */
  owner?: string;
  /** When a purchase or a card change used it. */
  usedAt?: string;
}

/** Whether `accountCode` may still use the token: not used yet, and made by that account (if bound). */
export const tokenUsableBy = (token: SimToken, accountCode: string): boolean =>
  !token.usedAt && (token.owner === undefined || token.owner === accountCode);

export interface SimAccount {
  code: string;
  email: string;
  tokenId: string;
  billingInfo: BillingInfo;
  company?: { name: string; vatNumber: string | null; address?: CompanyAddress };
  /** Reverse-charged: invoices carry no tax. */
  reverseCharge?: boolean;
}

export interface SimChallenge {
  id: string;
  tokenId: string;
  status: 'pending' | 'passed' | 'failed';
}

/** A Recurly-style thin notification: ids only; the receiver reads the current state back. */
export interface SimWebhook {
  id: string;
  object_type: 'subscription' | 'payment';
  site_id: 'simulator';
  event_type:
    'created' | 'updated' | 'renewed' | 'canceled' | 'reactivated' | 'expired' | 'succeeded' | 'failed';
  event_time: string;
  uuid: string;
  account_code: string;
}

type DateFields =
  | 'activatedAt'
  | 'cancelledAt'
  | 'expiresAt'
  | 'trialEndsAt'
  | 'currentPeriodStartedAt'
  | 'currentPeriodEndsAt'
  | 'currentTermEndsAt'
  | 'updatedAt';

/** A subscription as the simulator stores it (JSON: dates as ISO strings). */
export type StoredSubscription = Omit<ProviderSubscription, DateFields> & {
  activatedAt: string;
  cancelledAt: string | null;
  expiresAt: string | null;
  trialEndsAt: string | null;
  currentPeriodStartedAt: string;
  currentPeriodEndsAt: string;
  currentTermEndsAt: string;
  updatedAt: string;
  /** What the current period was billed at, net of tax (0 in a trial): an upgrade credits its unused days. */
  periodFee: number;
  discountPercent: number;
  dunningStartedAt: string | null;
};

export type StoredInvoice = Omit<ProviderInvoice, 'createdAt'> & { createdAt: string };

export const DAY_MS = 86_400_000;

export const addYears = (date: Date, years: number) => {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
};

export function toProvider(s: StoredSubscription): ProviderSubscription {
  const date = (v: string | null) => (v ? new Date(v) : null);
  return {
    uuid: s.uuid,
    accountCode: s.accountCode,
    planCode: s.planCode,
    state: s.state,
    currency: s.currency,
    unitAmount: s.unitAmount,
    activatedAt: new Date(s.activatedAt),
    cancelledAt: date(s.cancelledAt),
    expiresAt: date(s.expiresAt),
    trialEndsAt: date(s.trialEndsAt),
    currentPeriodStartedAt: new Date(s.currentPeriodStartedAt),
    currentPeriodEndsAt: new Date(s.currentPeriodEndsAt),
    currentTermEndsAt: new Date(s.currentTermEndsAt),
    isInDunning: s.isInDunning,
    activeInvoiceId: s.activeInvoiceId,
    couponCodes: s.couponCodes,
    ...(s.quantity === undefined ? {} : { quantity: s.quantity }),
    // Records written before versions were kept read as changed when they were activated.
    updatedAt: new Date(s.updatedAt ?? s.activatedAt),
  };
}

/** Marks a change: `updatedAt` only moves forward, even for two changes in the same millisecond. */
export function touch(sub: StoredSubscription, now: Date): void {
  const previous = sub.updatedAt ? new Date(sub.updatedAt).getTime() : 0;
  sub.updatedAt = new Date(Math.max(now.getTime(), previous + 1)).toISOString();
}

/** The tax on an account's charges: from its card's billing country, as Recurly taxes by the address. */
export function accountTax(account: SimAccount | null): TaxInfo {
  const tax = taxFor(account?.billingInfo.countryCode ?? '');
  return account?.reverseCharge ? { ...tax, rate: 0 } : tax;
}

/** Writes an invoice for `subtotal` (net, may include a credit) with its tax. */
export async function writeInvoice(
  store: SimulatorStore,
  now: Date,
  sub: { accountCode: string; uuid: string; currency: Currency; planCode: string },
  subtotal: number,
  tax: number,
  state: ProviderInvoice['state'],
): Promise<ProviderInvoice> {
  const total = subtotal + tax;
  const record: StoredInvoice = {
    id: `inv_${randomBytes(8).toString('hex')}`,
    accountCode: sub.accountCode,
    subscriptionUuid: sub.uuid,
    planCode: sub.planCode,
    state,
    currency: sub.currency,
    subtotal,
    tax,
    total,
    paid: state === 'paid' ? total : 0,
    createdAt: now.toISOString(),
  };
  await store.put('invoice', record.id, sub.accountCode, record);
  return reviveInvoice(record)!;
}

/** An invoice for a whole period of `sub`'s plan, after its discount, taxed for `account`. */
export function periodCharge(sub: StoredSubscription, account: SimAccount | null) {
  const net = Math.round(sub.unitAmount * (sub.quantity ?? 1) * (1 - sub.discountPercent / 100));
  return { net, tax: taxOn(net, accountTax(account)) };
}

/** Records a notification; ordered as raised, even at one instant (a renewal and its payment). */
export function notifier(start: number) {
  let sequence = start;
  return async (
    store: SimulatorStore,
    now: Date,
    event: Omit<SimWebhook, 'id' | 'site_id' | 'event_time'>,
  ): Promise<SimWebhook> => {
    const notification: SimWebhook = {
      id: randomUUID(),
      site_id: 'simulator',
      event_time: now.toISOString(),
      ...event,
    };
    await store.put('webhook', notification.id, event.account_code, { ...notification, seq: sequence++ });
    return notification;
  };
}

export function reviveSubscription(s: ProviderSubscription): ProviderSubscription {
  const d = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ...s,
    activatedAt: new Date(s.activatedAt),
    cancelledAt: d(s.cancelledAt),
    expiresAt: d(s.expiresAt),
    trialEndsAt: d(s.trialEndsAt),
    currentPeriodStartedAt: new Date(s.currentPeriodStartedAt),
    currentPeriodEndsAt: new Date(s.currentPeriodEndsAt),
    currentTermEndsAt: new Date(s.currentTermEndsAt),
    updatedAt: new Date(s.updatedAt ?? s.activatedAt),
  };
}

export function reviveInvoice(i: ProviderInvoice | StoredInvoice | null): ProviderInvoice | null {
  return i
    ? { ...i, planCode: i.planCode ?? null, paid: i.paid ?? 0, createdAt: new Date(i.createdAt) }
    : null;
}

export function reviveOutcome(o: PurchaseOutcome): PurchaseOutcome {
  return o.kind === 'purchased'
    ? { ...o, subscription: reviveSubscription(o.subscription), invoice: reviveInvoice(o.invoice) }
    : o;
}

export function reviveChange(c: { subscription: ProviderSubscription; invoice: ProviderInvoice | null }) {
  return { subscription: reviveSubscription(c.subscription), invoice: reviveInvoice(c.invoice) };
}
