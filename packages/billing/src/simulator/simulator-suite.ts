import { afterEach, describe, expect, it } from 'vitest';
import { PaymentDeclinedError, type PurchaseRequest } from '../billing-provider';
import { runBillingProviderSuite, type TestCard } from '../provider-suite';
import { CardValidationError, createBillingSimulator } from './simulator';
import type { SimulatorStore } from './simulator-store';
import { TEST_CARDS, passesLuhn } from './test-cards';

const start = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

const CARD_NUMBERS: Record<TestCard, string> = {
  success: TEST_CARDS.success,
  declined: TEST_CARDS.declined,
  'three-d-secure': TEST_CARDS.threeDSecure,
};

/**
 * The simulator's behaviour, run against any store: in memory (unit tests) and the product database on
 * PGlite and PostgreSQL (integration tests). First the BillingProvider contract every provider passes,
 * then what only the simulator does (its card checks, clock, renewals, dunning and notifications).
 */
export function runSimulatorSuite(
  name: string,
  openStore: () => Promise<{ store: SimulatorStore; close: () => Promise<void> }>,
) {
  runBillingProviderSuite(`simulator ${name}`, async () => {
    const { store, close } = await openStore();
    const sim = createBillingSimulator({ store, systemNow: () => start });
    return {
      provider: sim,
      cardToken: async (card, country = 'GB') =>
        (
          await sim.tokenize({
            number: CARD_NUMBERS[card],
            expMonth: 12,
            expYear: 2030,
            cvc: '123',
            firstName: 'Ada',
            lastName: 'Reader',
            postalCode: 'N1 9GU',
            countryCode: country,
          })
        ).id,
      completeChallenge: async (id, outcome) => (await sim.completeChallenge(id, outcome)).resultToken,
      advanceDays: async (days) => {
        await sim.advanceClock(days * DAY);
      },
      close,
    };
  });

  const opened: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((close) => close()));
  });

  async function setup() {
    const { store, close } = await openStore();
    opened.push(close);
    const sim = createBillingSimulator({ store, systemNow: () => start });
    const card = (number: string, countryCode = 'GB') =>
      sim.tokenize({
        number,
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        firstName: 'Ada',
        lastName: 'Reader',
        postalCode: 'N1 9GU',
        countryCode,
      });
    const request = (billingToken: string, extra: Partial<PurchaseRequest> = {}): PurchaseRequest => ({
      accountCode: 'acct-1',
      email: 'ada@example.org',
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      billingToken,
      idempotencyKey: `key-${Math.random()}`,
      unitAmount: 45_000,
      country: 'GB',
      trialDays: 0,
      ...extra,
    });
    return { sim, card, request };
  }

  describe(`${name}: tokenising a card`, () => {
    it('keeps only brand, first six and last four', async () => {
      const { sim, card, request } = await setup();
      const token = await card(TEST_CARDS.success);
      await sim.purchase(request(token.id));
      expect(await sim.getBillingInfo('acct-1')).toMatchObject({
        card: { cardType: 'Visa', firstSix: '411111', lastFour: '1111', expMonth: 12, expYear: 2030 },
      });
    });

    it.each([
      [{ number: '4111111111111112' }, 'number'],
      [{ expYear: 2025 }, 'expiry'],
      [{ expMonth: 13 }, 'expiry'],
      [{ cvc: '12' }, 'cvc'],
      [{ firstName: ' ' }, 'name'],
      [{ countryCode: 'United Kingdom' }, 'country'],
    ])('refuses %o', async (override, field) => {
      const { sim } = await setup();
      const attempt = sim.tokenize({
        number: TEST_CARDS.success,
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        firstName: 'Ada',
        lastName: 'Reader',
        postalCode: 'N1',
        countryCode: 'GB',
        ...override,
      });
      await expect(attempt).rejects.toMatchObject({ field });
      await expect(attempt).rejects.toBeInstanceOf(CardValidationError);
    });

    it('spends a token on the purchase it pays for: a second purchase with it is declined', async () => {
      const { sim, card, request } = await setup();
      const token = (await card(TEST_CARDS.success)).id;
      expect((await sim.purchase(request(token))).kind).toBe('purchased');
      const again = await sim.purchase(request(token, { accountCode: 'acct-2' }));
      expect(again).toEqual({
        kind: 'declined',
        message: 'The card details have expired. Please enter them again.',
      });
      await expect(sim.updateBillingInfo('acct-1', token)).rejects.toThrow(/card token is unknown/);
    });

    it("binds a reader's token to their account: another account cannot pay or change its card with it", async () => {
      const { sim, request } = await setup();
      const details = {
        number: TEST_CARDS.success,
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        firstName: 'Ada',
        lastName: 'Reader',
        postalCode: 'N1 9GU',
        countryCode: 'GB',
      };
      const stolen = (await sim.tokenize(details, { owner: 'acct-1' })).id;
      expect(await sim.purchase(request(stolen, { accountCode: 'acct-2' }))).toMatchObject({
        kind: 'declined',
      });
      // The owner still can, once.
      expect((await sim.purchase(request(stolen))).kind).toBe('purchased');
      const second = (await sim.tokenize(details, { owner: 'acct-1' })).id;
      await sim.purchase(
        request((await sim.tokenize(details, { owner: 'acct-2' })).id, { accountCode: 'acct-2' }),
      );
      await expect(sim.updateBillingInfo('acct-2', second)).rejects.toThrow(/card token is unknown/);
      expect(await sim.updateBillingInfo('acct-1', second)).toMatchObject({ countryCode: 'GB' });
    });

    it('keeps a token for the retry after a 3-D Secure challenge', async () => {
      const { sim, card, request } = await setup();
      const token = (await card(TEST_CARDS.threeDSecure)).id;
      const first = await sim.purchase(request(token));
      if (first.kind !== 'three-d-secure') throw new Error(first.kind);
      const { resultToken } = await sim.completeChallenge(first.actionTokenId, 'pass');
      const paid = await sim.purchase(request(token, { threeDSecureActionResultToken: resultToken! }));
      expect(paid.kind).toBe('purchased');
    });

    it('knows the test cards pass the Luhn check', () => {
      for (const number of Object.values(TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
    });
  });

  describe(`${name}: purchasing`, () => {
    it('raises a creation and a payment notification for a charged purchase', async () => {
      const { sim, card, request } = await setup();
      const outcome = await sim.purchase(request((await card(TEST_CARDS.success)).id));
      if (outcome.kind !== 'purchased') throw new Error(outcome.kind);
      expect(outcome.subscription).toMatchObject({
        state: 'ACTIVE',
        planCode: 'individuals_premium_yearly_v1',
        trialEndsAt: null,
      });
      expect(outcome.invoice).toMatchObject({ state: 'paid', subtotal: 45_000, tax: 9_000, total: 54_000 });
      expect((await sim.pendingWebhooks()).map((w) => `${w.object_type}.${w.event_type}`)).toEqual([
        'subscription.created',
        'payment.succeeded',
      ]);
      const [first] = await sim.pendingWebhooks();
      await sim.markDelivered(first!.id);
      expect((await sim.pendingWebhooks()).map((w) => w.event_type)).toEqual(['succeeded']);
    });

    it("taxes by the card's billing country, and refuses a purchase claiming another", async () => {
      const { sim, card, request } = await setup();
      const french = (await card(TEST_CARDS.success, 'FR')).id;
      expect(await sim.purchase(request(french, { country: 'GB' }))).toMatchObject({
        kind: 'declined',
        message: expect.stringMatching(/billing country/),
      });
      expect(await sim.listSubscriptions('acct-1')).toEqual([]);
      const outcome = await sim.purchase(
        request(french, { country: 'FR', currency: 'EUR', unitAmount: 52_000 }),
      );
      if (outcome.kind !== 'purchased') throw new Error(outcome.kind);
      // French VAT (20 %) on the euro price, whatever the product asked.
      expect(outcome.invoice).toMatchObject({
        currency: 'EUR',
        subtotal: 52_000,
        tax: 10_400,
        total: 62_400,
      });
    });

    it('charges once for 50 concurrent submissions with one idempotency key', async () => {
      const { sim, card, request } = await setup();
      const token = (await card(TEST_CARDS.success)).id;
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () => sim.purchase(request(token, { idempotencyKey: 'same' }))),
      );
      const uuids = new Set(outcomes.map((o) => (o.kind === 'purchased' ? o.subscription.uuid : o.kind)));
      expect(uuids.size).toBe(1);
      expect(await sim.listSubscriptions('acct-1')).toHaveLength(1);
      expect(await sim.listInvoices('acct-1')).toHaveLength(1);
    });
  });

  describe(`${name}: the subscription lifecycle`, () => {
    async function purchased(options: { number?: string; trialDays?: number } = {}) {
      const s = await setup();
      const outcome = await s.sim.purchase(
        s.request((await s.card(options.number ?? TEST_CARDS.success)).id, {
          trialDays: options.trialDays ?? 0,
        }),
      );
      if (outcome.kind !== 'purchased') throw new Error(outcome.kind);
      return { ...s, sub: outcome.subscription };
    }

    it('renews a year later and invoices the renewal', async () => {
      const { sim, sub } = await purchased();
      const { webhooks } = await sim.advanceClock(366 * DAY);
      expect(webhooks.map((w) => w.event_type)).toEqual(['renewed', 'succeeded']);
      const renewed = await sim.getSubscription(sub.uuid);
      expect(renewed?.currentPeriodEndsAt.getTime()).toBeGreaterThan(sub.currentPeriodEndsAt.getTime());
      expect(await sim.listInvoices('acct-1')).toHaveLength(2);
    });

    it('bills the first year when a trial ends', async () => {
      const { sim } = await purchased({ trialDays: 14 });
      await sim.advanceClock(15 * DAY);
      expect((await sim.listInvoices('acct-1')).map((i) => i.total)).toEqual([54_000]);
    });

    it('keeps a cancelled subscription until the period ends, then expires it', async () => {
      const { sim, sub } = await purchased();
      const cancelled = await sim.cancel(sub.uuid);
      expect(cancelled).toMatchObject({ state: 'CANCELED' });
      expect(cancelled.expiresAt).toEqual(sub.currentPeriodEndsAt);
      await sim.advanceClock(100 * DAY);
      expect((await sim.getSubscription(sub.uuid))?.state).toBe('CANCELED');
      await sim.advanceClock(300 * DAY);
      expect((await sim.getSubscription(sub.uuid))?.state).toBe('EXPIRED');
    });

    it('renews a resumed subscription at its period end, and cannot resume one that has ended', async () => {
      const { sim, sub } = await purchased();
      await sim.cancel(sub.uuid);
      await sim.advanceClock(100 * DAY);
      const resumed = await sim.reactivate(sub.uuid);
      expect(resumed).toMatchObject({ state: 'ACTIVE', cancelledAt: null, expiresAt: null });
      expect((await sim.pendingWebhooks()).map((w) => w.event_type)).toContain('reactivated');
      const renewal = await sim.advanceClock(300 * DAY);
      expect(renewal.webhooks.map((w) => w.event_type)).toEqual(['renewed', 'succeeded']);
      expect(await sim.listInvoices('acct-1')).toHaveLength(2);

      const other = await purchased();
      await other.sim.cancel(other.sub.uuid);
      await other.sim.advanceClock(366 * DAY);
      await expect(other.sim.reactivate(other.sub.uuid)).rejects.toThrow(/has ended and cannot be resumed/);
      expect((await other.sim.getSubscription(other.sub.uuid))?.state).toBe('EXPIRED');
    });

    it('puts a failing renewal into dunning, then expires it after 14 days', async () => {
      const { sim, card, sub } = await purchased();
      await sim.updateBillingInfo('acct-1', (await card(TEST_CARDS.declined)).id);
      const renewal = await sim.advanceClock(366 * DAY);
      expect(renewal.webhooks.map((w) => `${w.object_type}.${w.event_type}`)).toEqual(['payment.failed']);
      expect(await sim.getSubscription(sub.uuid)).toMatchObject({ state: 'ACTIVE', isInDunning: true });
      expect((await sim.listInvoices('acct-1')).map((i) => i.state)).toEqual(['paid', 'failed']);
      await sim.advanceClock(12 * DAY);
      expect((await sim.getSubscription(sub.uuid))?.state).toBe('ACTIVE');
      const lapse = await sim.advanceClock(2 * DAY);
      expect(lapse.webhooks.map((w) => w.event_type)).toEqual(['expired']);
      expect((await sim.getSubscription(sub.uuid))?.state).toBe('EXPIRED');
    });

    it('applies a save-offer coupon to the next renewal', async () => {
      const { sim, sub } = await purchased();
      await sim.redeemCoupon({ uuid: sub.uuid, couponCode: 'save20', discountPercent: 20 });
      await sim.redeemCoupon({ uuid: sub.uuid, couponCode: 'save20', discountPercent: 20 });
      expect((await sim.getSubscription(sub.uuid))?.couponCodes).toEqual(['save20']);
      await sim.advanceClock(366 * DAY);
      expect((await sim.listInvoices('acct-1')).map((i) => i.subtotal)).toEqual([45_000, 36_000]);
      // Once: the renewal after is at the full price, and the coupon is no longer on the subscription.
      expect((await sim.getSubscription(sub.uuid))?.couponCodes).toEqual([]);
      await sim.advanceClock(366 * DAY);
      expect((await sim.listInvoices('acct-1')).map((i) => i.subtotal)).toEqual([45_000, 36_000, 45_000]);
    });

    it('upgrades once per idempotency key, at the price of the day it is made', async () => {
      const { sim, sub } = await purchased();
      await sim.advanceClock(100 * DAY);
      const change = { uuid: sub.uuid, planCode: 'executive_allaccess_yearly_v1', unitAmount: 150_000 };
      const preview = await sim.previewPlanChange(change);
      // 265 of 365 days left: the new plan for them, less the unused part of the year paid for.
      expect(preview).toMatchObject({
        charge: Math.round((150_000 * 265) / 365),
        credit: -Math.round((45_000 * 265) / 365),
      });
      // A day later the same change costs less: a preview is only good on its day.
      await sim.advanceClock(DAY);
      const tomorrow = await sim.previewPlanChange(change);
      expect(tomorrow.charge).toBeLessThan(preview.charge);
      const [a, b] = await Promise.all([
        sim.changePlan({ ...change, idempotencyKey: 'up-1' }),
        sim.changePlan({ ...change, idempotencyKey: 'up-1' }),
      ]);
      expect(a.invoice?.paid).toBe(tomorrow.charge + tomorrow.credit + tomorrow.tax);
      expect(b.invoice?.id).toBe(a.invoice?.id);
      expect((await sim.getSubscription(sub.uuid))?.planCode).toBe('executive_allaccess_yearly_v1');
      expect(await sim.listInvoices('acct-1')).toHaveLength(2);
    });

    it('bills the new plan when a trial changed during its course ends', async () => {
      const { sim, sub } = await purchased({ trialDays: 30 });
      await sim.advanceClock(25 * DAY);
      const { invoice } = await sim.changePlan({
        uuid: sub.uuid,
        planCode: 'executive_allaccess_yearly_v1',
        unitAmount: 150_000,
        idempotencyKey: 'up-trial',
      });
      expect(invoice).toBe(null);
      await sim.advanceClock(6 * DAY);
      expect((await sim.listInvoices('acct-1')).map((i) => [i.planCode, i.total])).toEqual([
        ['executive_allaccess_yearly_v1', 180_000],
      ]);
    });

    it('refuses an upgrade charge on a declined card, changing nothing', async () => {
      const { sim, card, sub } = await purchased();
      await sim.updateBillingInfo('acct-1', (await card(TEST_CARDS.declined)).id);
      const change = {
        uuid: sub.uuid,
        planCode: 'executive_allaccess_yearly_v1',
        unitAmount: 150_000,
        idempotencyKey: 'up-declined',
      };
      await expect(sim.changePlan(change)).rejects.toBeInstanceOf(PaymentDeclinedError);
      expect((await sim.getSubscription(sub.uuid))?.planCode).toBe('individuals_premium_yearly_v1');
      expect(await sim.listInvoices('acct-1')).toHaveLength(1);
    });

    it('moves updatedAt forward with every change, even within one instant', async () => {
      const { sim, sub } = await purchased();
      const coupon = await sim.redeemCoupon({ uuid: sub.uuid, couponCode: 'save20', discountPercent: 20 });
      const cancelled = await sim.cancel(sub.uuid);
      expect(coupon.updatedAt.getTime()).toBeGreaterThan(sub.updatedAt.getTime());
      expect(cancelled.updatedAt.getTime()).toBeGreaterThan(coupon.updatedAt.getTime());
    });

    it('never moves the clock backwards', async () => {
      const { sim } = await setup();
      await expect(sim.advanceClock(-1)).rejects.toThrow(RangeError);
    });
    describe(`simulator ${name}: one-time charges`, () => {
      const charge = (billingToken: string, idempotencyKey: string, extra: { result?: string } = {}) => ({
        accountCode: 'buyer-1',
        email: 'buyer@example.org',
        currency: 'GBP' as const,
        amount: 19_800,
        description: '2 × Standard, Test Event',
        billingToken,
        idempotencyKey,
        ...(extra.result ? { threeDSecureActionResultToken: extra.result } : {}),
      });

      it('charges once per key, and refunds once', async () => {
        const { sim, card } = await setup();
        const token = (await card(TEST_CARDS.success)).id;
        const first = await sim.chargeOnce(charge(token, 'order-1'));
        expect(first).toMatchObject({ kind: 'charged', charge: { amount: 19_800, currency: 'GBP' } });
        expect(await sim.chargeOnce(charge(token, 'order-1'))).toEqual(first);
        // The token is spent: another key with it is declined.
        expect(await sim.chargeOnce(charge(token, 'order-2'))).toMatchObject({ kind: 'declined' });
        if (first.kind !== 'charged') throw new Error('not charged');
        const refund = { chargeId: first.charge.chargeId, idempotencyKey: 'refund-1' };
        expect(await sim.refundCharge(refund)).toEqual({ refunded: 19_800 });
        expect(await sim.refundCharge(refund)).toEqual({ refunded: 19_800 });
        expect(await sim.refundCharge({ ...refund, idempotencyKey: 'refund-again' })).toEqual({
          refunded: 0,
        });
        await expect(
          sim.refundCharge({ chargeId: 'chg_unknown', idempotencyKey: 'r' }),
        ).rejects.toMatchObject({
          code: 'billing_unavailable',
        });
      });

      it('declines the declined card and asks 3-D Secure cards to confirm', async () => {
        const { sim, card } = await setup();
        expect(await sim.chargeOnce(charge((await card(TEST_CARDS.declined)).id, 'd-1'))).toMatchObject({
          kind: 'declined',
        });
        const token = (await card(TEST_CARDS.threeDSecure)).id;
        const asked = await sim.chargeOnce(charge(token, 't-1'));
        if (asked.kind !== 'three-d-secure') throw new Error(`expected a challenge, got ${asked.kind}`);
        expect(await sim.chargeOnce(charge(token, 't-1', { result: 'forged' }))).toMatchObject({
          kind: 'declined',
        });
        const { resultToken } = await sim.completeChallenge(asked.actionTokenId, 'pass');
        expect(await sim.chargeOnce(charge(token, 't-1', { result: resultToken! }))).toMatchObject({
          kind: 'charged',
        });
      });
    });
  });
}
