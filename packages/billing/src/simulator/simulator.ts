import { randomBytes, randomUUID } from 'node:crypto';
import {
  BillingUnavailableError,
  PaymentDeclinedError,
  type BillingProvider,
  type OneTimeChargeOutcome,
  type PlanChangePreview,
  type ProviderInvoice,
  type ProviderSubscription,
  type PurchaseOutcome,
  type PurchaseRequest,
} from '../billing-provider';
import { prorateChange } from '../proration';
import { taxOn } from '../tax';
import { runDue } from './simulator-clock';
import {
  DAY_MS,
  accountTax,
  addYears,
  notifier,
  reviveChange,
  reviveInvoice,
  reviveOutcome,
  toProvider,
  touch,
  writeInvoice,
  type SimAccount,
  type SimChallenge,
  tokenUsableBy,
  type SimToken,
  type SimWebhook,
  type StoredInvoice,
  type StoredSubscription,
} from './simulator-records';
import type { SimulatorStore } from './simulator-store';
import { cardBehaviour, cardBrand, passesLuhn } from './test-cards';

export { DUNNING_DAYS } from './simulator-clock';
export type { SimWebhook } from './simulator-records';

export class CardValidationError extends Error {
  readonly code = 'invalid_card';
  constructor(
    readonly field: 'number' | 'expiry' | 'cvc' | 'name' | 'postalCode' | 'country',
    message: string,
  ) {
    super(message);
  }
}

/** A one-time charge as the simulator keeps it; `refunded` is the part given back (minor units). */
interface SimCharge {
  id: string;
  accountCode: string;
  currency: OneTimeChargeRequestCurrency;
  amount: number;
  description: string;
  refunded: number;
  createdAt: string;
}
type OneTimeChargeRequestCurrency = PurchaseRequest['currency'];

/**
 * Whether a 3-D Secure card's charge may go ahead: `ask` when no result came with it, `failed` when the
 * result is not a passed challenge of this very token.
 */
async function passedChallenge(
  store: SimulatorStore,
  token: SimToken,
  result: string | undefined,
): Promise<'ask' | 'failed' | 'passed'> {
  if (!result) return 'ask';
  const challenge = await store.get<SimChallenge>('challenge', result);
  return challenge && challenge.tokenId === token.id && challenge.status === 'passed' ? 'passed' : 'failed';
}

export interface BillingSimulator extends BillingProvider {
  /**
   * The simulator's card fields: checks the card like a real provider would and returns a token, for one
   * use; with `owner`, only that account (the reader's id) may use it.
   */
  tokenize(
    card: {
      number: string;
      expMonth: number;
      expYear: number;
      cvc: string;
      firstName: string;
      lastName: string;
      postalCode: string;
      countryCode: string;
    },
    options?: { owner?: string },
  ): Promise<{ id: string }>;
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
  const webhook = notifier(Date.now() * 1000);
  const clockOf = async (store: SimulatorStore) => {
    const offset = (await store.get<{ offsetMs: number }>('clock', 'offset'))?.offsetMs ?? 0;
    return new Date(systemNow().getTime() + offset);
  };
  /** The change `changePlan` would make now, priced as the preview prices it. */
  const priceChange = async (
    store: SimulatorStore,
    input: { uuid: string; planCode: string; unitAmount: number; quantity?: number | undefined },
  ) => {
    const now = await clockOf(store);
    const sub = await store.get<StoredSubscription>('subscription', input.uuid);
    if (!sub || sub.state !== 'ACTIVE' || sub.isInDunning)
      throw new BillingUnavailableError('The subscription cannot be changed.', { mayHaveCharged: false });
    const account = await store.get<SimAccount>('account', sub.accountCode);
    const inTrial = sub.trialEndsAt !== null && new Date(sub.trialEndsAt) > now;
    const priced: PlanChangePreview = prorateChange({
      // The credit is for what the current period was billed at.
      currentFee: sub.periodFee ?? sub.unitAmount,
      newFee: input.unitAmount * (input.quantity ?? sub.quantity ?? 1),
      periodStartsAt: new Date(sub.currentPeriodStartedAt),
      periodEndsAt: new Date(sub.currentPeriodEndsAt),
      now,
      tax: accountTax(account),
      inTrial,
    });
    return { now, sub, account, priced };
  };
  const simulator: BillingSimulator = {
    async tokenize(card, options = {}) {
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
        ...(options.owner === undefined ? {} : { owner: options.owner }),
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
        // Unknown, used, or another reader's: the same answer, so a stolen token tells nothing.
        if (!token || !tokenUsableBy(token, request.payerCode ?? request.accountCode))
          return { kind: 'declined', message: 'The card details have expired. Please enter them again.' };
        if (token.billingInfo.countryCode !== request.country.toUpperCase()) {
          // The tax follows the card's billing address; a purchase claiming another country is refused.
          return {
            kind: 'declined',
            message: "The country you chose is not your card's billing country. Please check it.",
          };
        }
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
          ...(request.company ? { company: request.company } : {}),
          ...(request.reverseCharge ? { reverseCharge: true } : {}),
        };
        await store.put('account', account.code, account.code, account);
        await store.put('token', token.id, null, { ...token, usedAt: now.toISOString() });
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
          ...(request.quantity === undefined ? {} : { quantity: request.quantity }),
          updatedAt: now.toISOString(),
          periodFee: trial ? 0 : request.unitAmount * (request.quantity ?? 1),
          discountPercent: 0,
          dunningStartedAt: null,
        };
        const net = request.unitAmount * (request.quantity ?? 1);
        const paid = trial
          ? null
          : await writeInvoice(store, now, sub, net, taxOn(net, accountTax(account)), 'paid');
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

    chargeOnce(request): Promise<OneTimeChargeOutcome> {
      return deps.store.transaction(async (store) => {
        const done = await store.get<OneTimeChargeOutcome>('idempotency', request.idempotencyKey);
        if (done) return done;
        const now = await clockOf(store);
        const token = await store.get<SimToken>('token', request.billingToken);
        if (!token || !tokenUsableBy(token, request.accountCode))
          return { kind: 'declined', message: 'The card details have expired. Please enter them again.' };
        if (token.behaviour === 'declined') {
          const outcome: OneTimeChargeOutcome = {
            kind: 'declined',
            message: 'Your card was declined. Please use another card.',
          };
          await store.put('idempotency', request.idempotencyKey, request.accountCode, outcome);
          return outcome;
        }
        if (token.behaviour === 'three-d-secure') {
          const passed = await passedChallenge(store, token, request.threeDSecureActionResultToken);
          if (passed === 'ask') {
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
          if (passed === 'failed')
            return {
              kind: 'declined',
              message: 'Your bank could not confirm the payment. Please try again or use another card.',
            };
        }
        await store.put('token', token.id, null, { ...token, usedAt: now.toISOString() });
        const charge: SimCharge = {
          id: `chg_${randomBytes(10).toString('hex')}`,
          accountCode: request.accountCode,
          currency: request.currency,
          amount: request.amount,
          description: request.description,
          refunded: 0,
          createdAt: now.toISOString(),
        };
        await store.put('charge', charge.id, request.accountCode, charge);
        const outcome: OneTimeChargeOutcome = {
          kind: 'charged',
          charge: { chargeId: charge.id, amount: charge.amount, currency: charge.currency },
        };
        await store.put('idempotency', request.idempotencyKey, request.accountCode, outcome);
        return outcome;
      });
    },

    refundCharge(input) {
      return deps.store.transaction(async (store) => {
        const done = await store.get<{ refunded: number }>('idempotency', input.idempotencyKey);
        if (done) return done;
        const charge = await store.get<SimCharge>('charge', input.chargeId);
        if (!charge) throw new BillingUnavailableError('No such charge.', { mayHaveCharged: false });
        const refunded = charge.amount - charge.refunded;
        await store.put('charge', charge.id, charge.accountCode, { ...charge, refunded: charge.amount });
        const result = { refunded };
        await store.put('idempotency', input.idempotencyKey, charge.accountCode, result);
        return result;
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
        if (!account || !token || !tokenUsableBy(token, accountCode))
          throw new BillingUnavailableError('The account or the card token is unknown.');
        account.tokenId = token.id;
        account.billingInfo = token.billingInfo;
        await store.put('account', accountCode, accountCode, account);
        await store.put('token', token.id, null, { ...token, usedAt: systemNow().toISOString() });
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

    async previewPlanChange(input) {
      return (await priceChange(deps.store, input)).priced;
    },

    changePlan(input) {
      return deps.store.transaction(async (store) => {
        const done = await store.get<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>(
          'idempotency',
          input.idempotencyKey,
        );
        if (done) return reviveChange(done);
        // Priced now, by the same rule as the preview: the same figures unless a day has turned since.
        const { now, sub, account, priced } = await priceChange(store, input);
        const due = priced.charge + priced.credit + priced.tax;
        const token = account ? await store.get<SimToken>('token', account.tokenId) : null;
        if (due > 0 && token?.behaviour === 'declined')
          throw new PaymentDeclinedError('Your card was declined. Please update your card and try again.');
        // During a trial nothing is charged: the trial runs on, and its end bills the new plan's year.
        const charged =
          due > 0
            ? await writeInvoice(
                store,
                now,
                { ...sub, planCode: input.planCode },
                priced.charge + priced.credit,
                priced.tax,
                'paid',
              )
            : null;
        sub.planCode = input.planCode;
        sub.unitAmount = input.unitAmount;
        if (input.quantity !== undefined) sub.quantity = input.quantity;
        sub.periodFee = input.unitAmount * (sub.quantity ?? 1);
        sub.activeInvoiceId = charged?.id ?? sub.activeInvoiceId;
        touch(sub, now);
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
          touch(sub, now);
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

    reactivate(uuid) {
      return deps.store.transaction(async (store) => {
        const now = await clockOf(store);
        const sub = await store.get<StoredSubscription>('subscription', uuid);
        if (!sub) throw new BillingUnavailableError('No such subscription.', { mayHaveCharged: false });
        if (sub.state === 'ACTIVE') return toProvider(sub);
        // Only before the term ends: a cancelled subscription past its period end has expired.
        if (sub.state !== 'CANCELED' || new Date(sub.currentPeriodEndsAt) <= now)
          throw new BillingUnavailableError('The subscription has ended and cannot be resumed.', {
            mayHaveCharged: false,
          });
        sub.state = 'ACTIVE';
        sub.cancelledAt = null;
        sub.expiresAt = null;
        touch(sub, now);
        await store.put('subscription', sub.uuid, sub.accountCode, sub);
        await webhook(store, now, {
          object_type: 'subscription',
          event_type: 'reactivated',
          uuid,
          account_code: sub.accountCode,
        });
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
          touch(sub, now);
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
      const invoices = await deps.store.list<StoredInvoice>('invoice', accountCode);
      return invoices
        .map((i) => reviveInvoice(i)!)
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
          const raised = await runDue(store, sub, now, webhook);
          if (raised.length > 0) await store.put('subscription', sub.uuid, sub.accountCode, sub);
          sent.push(...raised);
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
