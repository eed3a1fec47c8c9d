import { randomBytes, randomUUID } from 'node:crypto';
import type { Currency } from '@bof/config/constants';
import {
  BillingUnavailableError,
  type BillingInfo,
  type BillingProvider,
  type ProviderInvoice,
  type ProviderSubscription,
  type PurchaseOutcome,
  type PurchaseRequest,
} from '../billing-provider';
import type { SimulatorStore } from './simulator-store';
import { cardBehaviour, cardBrand, passesLuhn, type CardBehaviour } from './test-cards';

/** A tokenised card: what the payment fields send instead of the card number. */
interface SimToken {
  id: string;
  behaviour: CardBehaviour;
  billingInfo: BillingInfo;
  createdAt: string;
}

interface SimAccount {
  code: string;
  email: string;
  tokenId: string;
  billingInfo: BillingInfo;
}

interface SimChallenge {
  id: string;
  tokenId: string;
  status: 'pending' | 'passed' | 'failed';
}

/** A Recurly-style thin notification: ids only; the receiver reads the current state back. */
export interface SimWebhook {
  id: string;
  object_type: 'subscription' | 'payment';
  site_id: 'simulator';
  event_type: 'created' | 'updated' | 'renewed' | 'canceled' | 'expired' | 'succeeded' | 'failed';
  event_time: string;
  uuid: string;
  account_code: string;
}

type StoredSubscription = Omit<
  ProviderSubscription,
  | 'activatedAt'
  | 'cancelledAt'
  | 'expiresAt'
  | 'trialEndsAt'
  | 'currentPeriodStartedAt'
  | 'currentPeriodEndsAt'
  | 'currentTermEndsAt'
> & {
  activatedAt: string;
  cancelledAt: string | null;
  expiresAt: string | null;
  trialEndsAt: string | null;
  currentPeriodStartedAt: string;
  currentPeriodEndsAt: string;
  currentTermEndsAt: string;
  taxRate: number;
  discountPercent: number;
  dunningStartedAt: string | null;
};

export class CardValidationError extends Error {
  readonly code = 'invalid_card';
  constructor(
    readonly field: 'number' | 'expiry' | 'cvc' | 'name' | 'postalCode' | 'country',
    message: string,
  ) {
    super(message);
  }
}

/** How long a failed renewal is retried before the subscription expires. */
export const DUNNING_DAYS = 14;
const DAY_MS = 86_400_000;

const addYears = (date: Date, years: number) => {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
};

function toProvider(s: StoredSubscription): ProviderSubscription {
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
  };
}

export interface BillingSimulator extends BillingProvider {
  /** The simulator's card fields: checks the card like a real provider would and returns a token. */
  tokenize(card: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
    firstName: string;
    lastName: string;
    postalCode: string;
    countryCode: string;
  }): Promise<{ id: string }>;
  /** The simulator's own 3-D Secure challenge page answers here. */
  completeChallenge(challengeId: string, outcome: 'pass' | 'fail'): Promise<{ resultToken: string | null }>;
  getChallenge(challengeId: string): Promise<{ id: string; status: 'pending' | 'passed' | 'failed' } | null>;
  /** Moves the simulator's clock forward and runs what falls due: trial ends, renewals, dunning, expiry. */
  advanceClock(byMs: number): Promise<{ now: Date; webhooks: SimWebhook[] }>;
  now(): Promise<Date>;
  /** Notifications not yet delivered, oldest first; `markDelivered` removes one. */
  pendingWebhooks(): Promise<SimWebhook[]>;
  markDelivered(id: string): Promise<void>;
}

/** The embedded billing provider: a persisted, clock-driven stand-in for Recurly with test cards. */
export function createBillingSimulator(deps: {
  store: SimulatorStore;
  systemNow?: () => Date;
}): BillingSimulator {
  const systemNow = deps.systemNow ?? (() => new Date());
  // Orders notifications raised at the same instant (a renewal and its payment) as they were raised.
  let sequence = Date.now() * 1000;
  const clockOf = async (store: SimulatorStore) => {
    const offset = (await store.get<{ offsetMs: number }>('clock', 'offset'))?.offsetMs ?? 0;
    return new Date(systemNow().getTime() + offset);
  };
  const webhook = async (
    store: SimulatorStore,
    now: Date,
    event: Omit<SimWebhook, 'id' | 'site_id' | 'event_time'>,
  ) => {
    const notification: SimWebhook = {
      id: randomUUID(),
      site_id: 'simulator',
      event_time: now.toISOString(),
      ...event,
    };
    await store.put('webhook', notification.id, event.account_code, { ...notification, seq: sequence++ });
    return notification;
  };
  const invoice = async (
    store: SimulatorStore,
    now: Date,
    sub: { accountCode: string; uuid: string; currency: Currency },
    subtotal: number,
    taxRate: number,
    state: ProviderInvoice['state'],
  ) => {
    const tax = Math.round(subtotal * taxRate);
    const record: ProviderInvoice & { createdAt: string } = {
      id: `inv_${randomBytes(8).toString('hex')}`,
      accountCode: sub.accountCode,
      subscriptionUuid: sub.uuid,
      state,
      currency: sub.currency,
      subtotal,
      tax,
      total: subtotal + tax,
      createdAt: now.toISOString(),
    } as never;
    await store.put('invoice', record.id, sub.accountCode, record);
    return { ...record, createdAt: new Date(record.createdAt) } as ProviderInvoice;
  };

  const simulator: BillingSimulator = {
    async tokenize(card) {
      const number = card.number.replace(/[\s-]/g, '');
      if (!passesLuhn(number)) throw new CardValidationError('number', 'The card number is not valid.');
      const now = systemNow();
      const expired =
        card.expYear < now.getUTCFullYear() ||
        (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || expired) {
        throw new CardValidationError('expiry', 'The card has expired or its expiry date is not valid.');
      }
      if (!/^\d{3,4}$/.test(card.cvc))
        throw new CardValidationError('cvc', 'The security code is not valid.');
      if (!card.firstName.trim() || !card.lastName.trim())
        throw new CardValidationError('name', 'Enter the name on the card.');
      if (!/^[A-Z]{2}$/.test(card.countryCode)) throw new CardValidationError('country', 'Choose a country.');
      const token: SimToken = {
        id: `tok_${randomBytes(12).toString('hex')}`,
        behaviour: cardBehaviour(number),
        billingInfo: {
          countryCode: card.countryCode,
          firstName: card.firstName.trim(),
          lastName: card.lastName.trim(),
          postalCode: card.postalCode.trim(),
          paymentMethod: 'credit_card',
          card: {
            cardType: cardBrand(number),
            expMonth: card.expMonth,
            expYear: card.expYear,
            firstSix: number.slice(0, 6),
            lastFour: number.slice(-4),
          },
        },
        createdAt: now.toISOString(),
      };
      await deps.store.put('token', token.id, null, token);
      return { id: token.id };
    },

    purchase(request: PurchaseRequest): Promise<PurchaseOutcome> {
      return deps.store.transaction(async (store) => {
        const done = await store.get<PurchaseOutcome>('idempotency', request.idempotencyKey);
        if (done) return reviveOutcome(done);
        const now = await clockOf(store);
        const token = await store.get<SimToken>('token', request.billingToken);
        if (!token)
          return { kind: 'declined', message: 'The card details have expired. Please enter them again.' };
        if (token.behaviour === 'declined') {
          const outcome: PurchaseOutcome = {
            kind: 'declined',
            message: 'Your card was declined. Please use another card.',
          };
          await store.put('idempotency', request.idempotencyKey, request.accountCode, outcome);
          return outcome;
        }
        if (token.behaviour === 'three-d-secure') {
          const result = request.threeDSecureActionResultToken;
          if (!result) {
            const challenge: SimChallenge = {
              id: `3ds_${randomBytes(10).toString('hex')}`,
              tokenId: token.id,
              status: 'pending',
            };
            await store.put('challenge', challenge.id, request.accountCode, challenge);
            return {
              kind: 'three-d-secure',
              actionTokenId: challenge.id,
              message: 'Your bank asks you to confirm this payment.',
            };
          }
          const challenge = await store.get<SimChallenge>('challenge', result);
          if (!challenge || challenge.tokenId !== token.id || challenge.status !== 'passed') {
            return {
              kind: 'declined',
              message: 'Your bank could not confirm the payment. Please try again or use another card.',
            };
          }
        }
        const account: SimAccount = {
          code: request.accountCode,
          email: request.email,
          tokenId: token.id,
          billingInfo: token.billingInfo,
        };
        await store.put('account', account.code, account.code, account);
        const trial = request.trialDays > 0;
        const periodEnds = trial ? new Date(now.getTime() + request.trialDays * DAY_MS) : addYears(now, 1);
        const sub: StoredSubscription = {
          uuid: randomUUID().replaceAll('-', ''),
          accountCode: request.accountCode,
          planCode: request.planCode,
          state: 'ACTIVE',
          currency: request.currency,
          unitAmount: request.unitAmount,
          activatedAt: now.toISOString(),
          cancelledAt: null,
          expiresAt: null,
          trialEndsAt: trial ? periodEnds.toISOString() : null,
          currentPeriodStartedAt: now.toISOString(),
          currentPeriodEndsAt: periodEnds.toISOString(),
          currentTermEndsAt: periodEnds.toISOString(),
          isInDunning: false,
          activeInvoiceId: null,
          couponCodes: [],
          taxRate: request.taxRate,
          discountPercent: 0,
          dunningStartedAt: null,
        };
        const paid = trial
          ? null
          : await invoice(store, now, sub, request.unitAmount, request.taxRate, 'paid');
        sub.activeInvoiceId = paid?.id ?? null;
        await store.put('subscription', sub.uuid, sub.accountCode, sub);
        await webhook(store, now, {
          object_type: 'subscription',
          event_type: 'created',
          uuid: sub.uuid,
          account_code: sub.accountCode,
        });
        if (paid)
          await webhook(store, now, {
            object_type: 'payment',
            event_type: 'succeeded',
            uuid: sub.uuid,
            account_code: sub.accountCode,
          });
        const outcome: PurchaseOutcome = { kind: 'purchased', subscription: toProvider(sub), invoice: paid };
        await store.put('idempotency', request.idempotencyKey, request.accountCode, outcome);
        return outcome;
      });
    },

    async getChallenge(id) {
      const challenge = await deps.store.get<SimChallenge>('challenge', id);
      return challenge ? { id: challenge.id, status: challenge.status } : null;
    },

    completeChallenge(id, outcome) {
      return deps.store.transaction(async (store) => {
        const challenge = await store.get<SimChallenge>('challenge', id);
        if (!challenge || challenge.status !== 'pending') return { resultToken: null };
        challenge.status = outcome === 'pass' ? 'passed' : 'failed';
        await store.put('challenge', id, null, challenge);
        return { resultToken: challenge.status === 'passed' ? id : null };
      });
    },

    async getBillingInfo(accountCode) {
      return (await deps.store.get<SimAccount>('account', accountCode))?.billingInfo ?? null;
    },

    updateBillingInfo(accountCode, billingToken) {
      return deps.store.transaction(async (store) => {
        const account = await store.get<SimAccount>('account', accountCode);
        const token = await store.get<SimToken>('token', billingToken);
        if (!account || !token)
          throw new BillingUnavailableError('The account or the card token is unknown.');
        account.tokenId = token.id;
        account.billingInfo = token.billingInfo;
        await store.put('account', accountCode, accountCode, account);
        return token.billingInfo;
      });
    },

    async listSubscriptions(accountCode) {
      return (await deps.store.list<StoredSubscription>('subscription', accountCode))
        .map(toProvider)
        .sort((a, b) => a.activatedAt.getTime() - b.activatedAt.getTime() || a.uuid.localeCompare(b.uuid));
    },

    async getSubscription(uuid) {
      const sub = await deps.store.get<StoredSubscription>('subscription', uuid);
      return sub ? toProvider(sub) : null;
    },

    changePlan(input) {
      return deps.store.transaction(async (store) => {
        const done = await store.get<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>(
          'idempotency',
          input.idempotencyKey,
        );
        if (done) return reviveChange(done);
        const now = await clockOf(store);
        const sub = await store.get<StoredSubscription>('subscription', input.uuid);
        if (!sub || sub.state !== 'ACTIVE')
          throw new BillingUnavailableError('The subscription cannot be changed.');
        const account = await store.get<SimAccount>('account', sub.accountCode);
        const token = account ? await store.get<SimToken>('token', account.tokenId) : null;
        if (input.charge > 0 && token?.behaviour === 'declined')
          throw new BillingUnavailableError('The card on file was declined.');
        const charged =
          input.charge > 0 ? await invoice(store, now, sub, input.charge, input.taxRate, 'paid') : null;
        sub.planCode = input.planCode;
        sub.unitAmount = input.unitAmount;
        sub.taxRate = input.taxRate;
        if (sub.trialEndsAt && new Date(sub.trialEndsAt) > now) {
          // Upgrading ends the trial: the new plan's first year starts now.
          sub.trialEndsAt = now.toISOString();
          sub.currentPeriodStartedAt = now.toISOString();
          sub.currentPeriodEndsAt = addYears(now, 1).toISOString();
          sub.currentTermEndsAt = sub.currentPeriodEndsAt;
        }
        sub.activeInvoiceId = charged?.id ?? sub.activeInvoiceId;
        await store.put('subscription', sub.uuid, sub.accountCode, sub);
        await webhook(store, now, {
          object_type: 'subscription',
          event_type: 'updated',
          uuid: sub.uuid,
          account_code: sub.accountCode,
        });
        const result = { subscription: toProvider(sub), invoice: charged };
        await store.put('idempotency', input.idempotencyKey, sub.accountCode, result);
        return result;
      });
    },

    cancel(uuid) {
      return deps.store.transaction(async (store) => {
        const now = await clockOf(store);
        const sub = await store.get<StoredSubscription>('subscription', uuid);
        if (!sub) throw new BillingUnavailableError('No such subscription.');
        if (sub.state === 'ACTIVE') {
          sub.state = 'CANCELED';
          sub.cancelledAt = now.toISOString();
          sub.expiresAt = sub.currentPeriodEndsAt;
          await store.put('subscription', sub.uuid, sub.accountCode, sub);
          await webhook(store, now, {
            object_type: 'subscription',
            event_type: 'canceled',
            uuid,
            account_code: sub.accountCode,
          });
        }
        return toProvider(sub);
      });
    },

    redeemCoupon(input) {
      return deps.store.transaction(async (store) => {
        const now = await clockOf(store);
        const sub = await store.get<StoredSubscription>('subscription', input.uuid);
        if (!sub) throw new BillingUnavailableError('No such subscription.');
        if (!sub.couponCodes.includes(input.couponCode)) {
          sub.couponCodes.push(input.couponCode);
          sub.discountPercent = input.discountPercent;
          await store.put('subscription', sub.uuid, sub.accountCode, sub);
          await webhook(store, now, {
            object_type: 'subscription',
            event_type: 'updated',
            uuid: sub.uuid,
            account_code: sub.accountCode,
          });
        }
        return toProvider(sub);
      });
    },

    async listInvoices(accountCode) {
      const invoices = await deps.store.list<ProviderInvoice & { createdAt: string }>('invoice', accountCode);
      return invoices
        .map((i) => ({ ...i, createdAt: new Date(i.createdAt) }))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    },

    async accountManagementUrl() {
      // The simulator has no hosted account pages; the product's own membership page is the place.
      return null;
    },

    now: () => clockOf(deps.store),

    advanceClock(byMs) {
      return deps.store.transaction(async (store) => {
        if (!Number.isFinite(byMs) || byMs < 0) throw new RangeError('The clock only moves forward.');
        const offset = (await store.get<{ offsetMs: number }>('clock', 'offset'))?.offsetMs ?? 0;
        await store.put('clock', 'offset', null, { offsetMs: offset + byMs });
        const now = await clockOf(store);
        const sent: SimWebhook[] = [];
        for (const sub of await store.list<StoredSubscription>('subscription')) {
          // A subscription may fall due several times over a long jump; handle each period in turn.
          for (let guard = 0; guard < 100; guard++) {
            const periodEnd = new Date(sub.currentPeriodEndsAt);
            if (sub.state === 'CANCELED' && periodEnd <= now) {
              sub.state = 'EXPIRED';
              sent.push(
                await webhook(store, periodEnd, {
                  object_type: 'subscription',
                  event_type: 'expired',
                  uuid: sub.uuid,
                  account_code: sub.accountCode,
                }),
              );
              break;
            }
            if (sub.state === 'ACTIVE' && sub.isInDunning && sub.dunningStartedAt) {
              if (new Date(sub.dunningStartedAt).getTime() + DUNNING_DAYS * DAY_MS <= now.getTime()) {
                sub.state = 'EXPIRED';
                sub.expiresAt = new Date(
                  new Date(sub.dunningStartedAt).getTime() + DUNNING_DAYS * DAY_MS,
                ).toISOString();
                sent.push(
                  await webhook(store, now, {
                    object_type: 'subscription',
                    event_type: 'expired',
                    uuid: sub.uuid,
                    account_code: sub.accountCode,
                  }),
                );
              }
              break;
            }
            if (sub.state !== 'ACTIVE' || periodEnd > now) break;
            const account = await store.get<SimAccount>('account', sub.accountCode);
            const token = account ? await store.get<SimToken>('token', account.tokenId) : null;
            const amount = Math.round(sub.unitAmount * (1 - sub.discountPercent / 100));
            if (token?.behaviour === 'declined') {
              const failed = await invoice(store, periodEnd, sub, amount, sub.taxRate, 'failed');
              sub.isInDunning = true;
              sub.dunningStartedAt = periodEnd.toISOString();
              sub.activeInvoiceId = failed.id;
              sent.push(
                await webhook(store, periodEnd, {
                  object_type: 'payment',
                  event_type: 'failed',
                  uuid: sub.uuid,
                  account_code: sub.accountCode,
                }),
              );
              continue;
            }
            const paid = await invoice(store, periodEnd, sub, amount, sub.taxRate, 'paid');
            sub.activeInvoiceId = paid.id;
            sub.currentPeriodStartedAt = periodEnd.toISOString();
            sub.currentPeriodEndsAt = addYears(periodEnd, 1).toISOString();
            sub.currentTermEndsAt = sub.currentPeriodEndsAt;
            sent.push(
              await webhook(store, periodEnd, {
                object_type: 'subscription',
                event_type: 'renewed',
                uuid: sub.uuid,
                account_code: sub.accountCode,
              }),
            );
            sent.push(
              await webhook(store, periodEnd, {
                object_type: 'payment',
                event_type: 'succeeded',
                uuid: sub.uuid,
                account_code: sub.accountCode,
              }),
            );
          }
          await store.put('subscription', sub.uuid, sub.accountCode, sub);
        }
        return { now, webhooks: sent };
      });
    },

    async pendingWebhooks() {
      return (await deps.store.list<SimWebhook & { seq?: number }>('webhook'))
        .sort((a, b) => a.event_time.localeCompare(b.event_time) || (a.seq ?? 0) - (b.seq ?? 0))
        .map(({ seq: _seq, ...w }) => w);
    },

    async markDelivered(id) {
      await deps.store.remove('webhook', id);
    },
  };
  return simulator;
}

function reviveSubscription(s: ProviderSubscription): ProviderSubscription {
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
  };
}

function reviveInvoice(i: ProviderInvoice | null): ProviderInvoice | null {
  return i ? { ...i, createdAt: new Date(i.createdAt) } : null;
}

function reviveOutcome(o: PurchaseOutcome): PurchaseOutcome {
  return o.kind === 'purchased'
    ? { ...o, subscription: reviveSubscription(o.subscription), invoice: reviveInvoice(o.invoice) }
    : o;
}

function reviveChange(c: { subscription: ProviderSubscription; invoice: ProviderInvoice | null }) {
  return { subscription: reviveSubscription(c.subscription), invoice: reviveInvoice(c.invoice) };
}
