import { afterEach, describe, expect, it } from 'vitest';
import type { BillingProvider, PurchaseRequest } from './billing-provider';

/** The cards every provider's test setup offers: one that pays, one declined, one that asks for 3-D Secure. */
export type TestCard = 'success' | 'declined' | 'three-d-secure';

/** A provider under test, with what a reader's browser would do around it. */
export interface ProviderHarness {
  provider: BillingProvider;
  /**
   * The card token the payment fields would produce for a test card (Ada Reader, 12/2030), billed in
   * `country` (GB unless given).
   */
  cardToken(card: TestCard, country?: string): Promise<string>;
  /** The reader answers the bank's challenge: a result token when it passes, null when it fails. */
  completeChallenge(actionTokenId: string, outcome: 'pass' | 'fail'): Promise<string | null>;
  /**
   * Moves the provider's clock on, where it has one a test can move (the simulator). A recorded provider
   * replays the exchanges recorded at that point of the case, so it has none.
   */
  advanceDays?(days: number): Promise<void>;
  /** Ends the case; throws when the provider saw something the case did not expect. */
  close(): Promise<void>;
}

const DAY = 86_400_000;
const ACCOUNT = 'acct-1';
const PREMIUM = 'individuals_premium_yearly_v1';
const STANDARD = 'individuals_standard_yearly_trial_v1';
const EXECUTIVE = 'executive_allaccess_yearly_v1';
const ORGANISATION = 'organisations_bundle_volume_yearly_v1';
/** The buying company's billing address, sent to the provider's account. */
const BERLIN = { line1: 'Torstraße 1', line2: null, city: 'Berlin', postalCode: '10115', country: 'DE' };

function request(billingToken: string, extra: Partial<PurchaseRequest> = {}): PurchaseRequest {
  return {
    accountCode: ACCOUNT,
    email: 'ada@example.org',
    planCode: PREMIUM,
    currency: 'GBP',
    billingToken,
    idempotencyKey: 'purchase-key-1',
    unitAmount: 45_000,
    country: 'GB',
    trialDays: 0,
    ...extra,
  };
}

/**
 * The BillingProvider contract, one set of cases for every implementation: the simulator (in memory and
 * on the database) and the Recurly adapter (replaying recorded HTTP exchanges). `open(caseName)` sets a
 * provider up for one case; a recorded provider replays the recording of that name.
 */
export function runBillingProviderSuite(name: string, open: (caseName: string) => Promise<ProviderHarness>) {
  let current: ProviderHarness | null = null;
  afterEach(async () => {
    const harness = current;
    current = null;
    await harness?.close();
  });
  const setup = async (caseName: string) => (current = await open(caseName));

  async function purchased(h: ProviderHarness, extra: Partial<PurchaseRequest> = {}) {
    const outcome = await h.provider.purchase(request(await h.cardToken('success'), extra));
    if (outcome.kind !== 'purchased') throw new Error(`expected a purchase, got ${outcome.kind}`);
    return outcome;
  }

  describe(`${name}: the BillingProvider contract`, () => {
    it('charges the success card with tax, and reports the subscription, invoice and card', async () => {
      const h = await setup('purchase-success');
      const { subscription: sub, invoice } = await purchased(h);
      expect(sub).toMatchObject({
        accountCode: ACCOUNT,
        planCode: PREMIUM,
        state: 'ACTIVE',
        currency: 'GBP',
        unitAmount: 45_000,
        trialEndsAt: null,
        cancelledAt: null,
        isInDunning: false,
        couponCodes: [],
      });
      expect(sub.currentPeriodEndsAt.getTime()).toBeGreaterThan(sub.activatedAt.getTime());
      expect(invoice).toMatchObject({
        accountCode: ACCOUNT,
        subscriptionUuid: sub.uuid,
        state: 'paid',
        currency: 'GBP',
        planCode: PREMIUM,
        subtotal: 45_000,
        tax: 9_000,
        total: 54_000,
        paid: 54_000,
      });
      expect(sub.activeInvoiceId).toBe(invoice!.id);
      expect(await h.provider.getSubscription(sub.uuid)).toEqual(sub);
      expect(await h.provider.listSubscriptions(ACCOUNT)).toEqual([sub]);
      expect(await h.provider.listInvoices(ACCOUNT)).toEqual([invoice]);
      expect(await h.provider.getBillingInfo(ACCOUNT)).toMatchObject({
        firstName: 'Ada',
        lastName: 'Reader',
        countryCode: 'GB',
        paymentMethod: 'credit_card',
        card: { cardType: 'Visa', firstSix: '411111', lastFour: '1111', expMonth: 12, expYear: 2030 },
      });
    });

    it('starts a trial without charging', async () => {
      const h = await setup('purchase-trial');
      const outcome = await purchased(h, {
        planCode: STANDARD,
        unitAmount: 25_000,
        trialDays: 30,
      });
      expect(outcome.invoice).toBe(null);
      expect(outcome.subscription.state).toBe('ACTIVE');
      expect(outcome.subscription.trialEndsAt!.getTime() - outcome.subscription.activatedAt.getTime()).toBe(
        30 * DAY,
      );
    });

    it('charges an organisation for its seats, with no VAT under the reverse charge', async () => {
      const h = await setup('purchase-seats-reverse-charge');
      const outcome = await h.provider.purchase(
        request(await h.cardToken('success', 'DE'), {
          accountCode: 'org-acct-1',
          planCode: ORGANISATION,
          currency: 'EUR',
          unitAmount: 23_000,
          quantity: 5,
          country: 'DE',
          company: { name: 'Atelier Nord GmbH', vatNumber: 'DE136695976', address: BERLIN },
          reverseCharge: true,
        }),
      );
      if (outcome.kind !== 'purchased') throw new Error(`expected a purchase, got ${outcome.kind}`);
      expect(outcome.subscription).toMatchObject({
        accountCode: 'org-acct-1',
        planCode: ORGANISATION,
        state: 'ACTIVE',
        currency: 'EUR',
        unitAmount: 23_000,
        quantity: 5,
      });
      expect(outcome.invoice).toMatchObject({
        accountCode: 'org-acct-1',
        planCode: ORGANISATION,
        state: 'paid',
        currency: 'EUR',
        subtotal: 115_000,
        tax: 0,
        total: 115_000,
        paid: 115_000,
      });
    });

    it('declines the declined card with a message for the reader, and creates nothing', async () => {
      const h = await setup('purchase-declined');
      const outcome = await h.provider.purchase(request(await h.cardToken('declined')));
      expect(outcome.kind).toBe('declined');
      if (outcome.kind === 'declined') expect(outcome.message).toMatch(/declined/i);
      expect(await h.provider.listSubscriptions(ACCOUNT)).toEqual([]);
    });

    it('asks for 3-D Secure, creates nothing, then charges once the challenge passes', async () => {
      const h = await setup('purchase-three-d-secure');
      const token = await h.cardToken('three-d-secure');
      const first = await h.provider.purchase(request(token));
      if (first.kind !== 'three-d-secure') throw new Error(`expected a challenge, got ${first.kind}`);
      expect(first.actionTokenId).not.toBe('');
      expect(await h.provider.listSubscriptions(ACCOUNT)).toEqual([]);
      const result = await h.completeChallenge(first.actionTokenId, 'pass');
      expect(result).toEqual(expect.any(String));
      const second = await h.provider.purchase(request(token, { threeDSecureActionResultToken: result! }));
      if (second.kind !== 'purchased') throw new Error(`expected a purchase, got ${second.kind}`);
      expect(second.invoice?.total).toBe(54_000);
      expect(await h.provider.listSubscriptions(ACCOUNT)).toHaveLength(1);
    });

    it('declines after a failed challenge or with a forged result token', async () => {
      const h = await setup('purchase-three-d-secure-forged');
      const token = await h.cardToken('three-d-secure');
      const first = await h.provider.purchase(request(token));
      if (first.kind !== 'three-d-secure') throw new Error(`expected a challenge, got ${first.kind}`);
      expect(await h.completeChallenge(first.actionTokenId, 'fail')).toBe(null);
      const forged = await h.provider.purchase(
        request(token, { threeDSecureActionResultToken: 'forged-result-token' }),
      );
      expect(forged.kind).toBe('declined');
      expect(await h.provider.listSubscriptions(ACCOUNT)).toEqual([]);
    });

    it('answers a retry of a purchase that went through with the same subscription, charged once', async () => {
      const h = await setup('purchase-retried');
      const token = await h.cardToken('success');
      const first = await h.provider.purchase(request(token));
      const again = await h.provider.purchase(request(token));
      if (first.kind !== 'purchased' || again.kind !== 'purchased') throw new Error('expected purchases');
      expect(again.subscription.uuid).toBe(first.subscription.uuid);
      expect(again.invoice?.id).toBe(first.invoice?.id);
      expect(await h.provider.listSubscriptions(ACCOUNT)).toHaveLength(1);
      expect(await h.provider.listInvoices(ACCOUNT)).toHaveLength(1);
    });

    it('replaces the card on file with the one a new token stands for', async () => {
      const h = await setup('billing-info-update');
      await purchased(h);
      const updated = await h.provider.updateBillingInfo(ACCOUNT, await h.cardToken('declined'));
      expect(updated.card).toMatchObject({ firstSix: '400000', lastFour: '0002' });
      expect(await h.provider.getBillingInfo(ACCOUNT)).toEqual(updated);
    });

    it('cancels at the end of the term, once, keeping access until then', async () => {
      const h = await setup('cancel');
      const { subscription: sub } = await purchased(h);
      const cancelled = await h.provider.cancel(sub.uuid);
      expect(cancelled).toMatchObject({ uuid: sub.uuid, state: 'CANCELED' });
      expect(cancelled.cancelledAt).toBeInstanceOf(Date);
      expect(cancelled.expiresAt).toEqual(sub.currentPeriodEndsAt);
      expect(await h.provider.cancel(sub.uuid)).toEqual(cancelled);
      expect((await h.provider.getSubscription(sub.uuid))?.state).toBe('CANCELED');
    });

    it('resumes a cancelled subscription before its term ends: it renews again, once', async () => {
      const h = await setup('reactivate');
      const { subscription: sub } = await purchased(h);
      await h.provider.cancel(sub.uuid);
      const resumed = await h.provider.reactivate(sub.uuid);
      expect(resumed).toMatchObject({
        uuid: sub.uuid,
        state: 'ACTIVE',
        cancelledAt: null,
        expiresAt: null,
        currentPeriodEndsAt: sub.currentPeriodEndsAt,
      });
      expect(resumed.updatedAt.getTime()).toBeGreaterThanOrEqual(sub.updatedAt.getTime());
      expect(await h.provider.reactivate(sub.uuid)).toEqual(resumed);
      expect(await h.provider.getSubscription(sub.uuid)).toEqual(resumed);
    });

    it('redeems the save-offer coupon on the subscription once', async () => {
      const h = await setup('coupon');
      const { subscription: sub } = await purchased(h);
      const coupon = { uuid: sub.uuid, couponCode: 'stay-with-us-30', discountPercent: 30 };
      expect((await h.provider.redeemCoupon(coupon)).couponCodes).toEqual(['stay-with-us-30']);
      expect((await h.provider.redeemCoupon(coupon)).couponCodes).toEqual(['stay-with-us-30']);
      expect((await h.provider.getSubscription(sub.uuid))?.couponCodes).toEqual(['stay-with-us-30']);
    });

    it('upgrades mid-term, charging exactly what it previewed: the new plan less the unused days', async () => {
      const h = await setup('upgrade');
      const { subscription: sub } = await purchased(h);
      // A hundred days into the year, where the provider's clock can move: proration is not trivial.
      await h.advanceDays?.(100);
      const change = { uuid: sub.uuid, planCode: EXECUTIVE, unitAmount: 150_000 };
      const preview = await h.provider.previewPlanChange(change);
      expect(preview.charge).toBeGreaterThan(0);
      expect(preview.credit).toBeLessThan(0);
      const due = preview.charge + preview.credit + preview.tax;
      const { subscription, invoice } = await h.provider.changePlan({
        ...change,
        idempotencyKey: 'upgrade-key-1',
      });
      // The invoice the provider holds: what the card paid is the preview, to the minor unit.
      expect(invoice).toMatchObject({ state: 'paid', planCode: EXECUTIVE, currency: 'GBP', paid: due });
      expect(subscription).toMatchObject({ uuid: sub.uuid, planCode: EXECUTIVE, unitAmount: 150_000 });
      expect(subscription.currentPeriodEndsAt).toEqual(sub.currentPeriodEndsAt);
      expect((await h.provider.getSubscription(sub.uuid))?.planCode).toBe(EXECUTIVE);
    });

    it('adds seats to an organisation mid-term, charging exactly what it previewed', async () => {
      const h = await setup('seats-added');
      const outcome = await h.provider.purchase(
        request(await h.cardToken('success', 'DE'), {
          accountCode: 'org-acct-1',
          planCode: ORGANISATION,
          currency: 'EUR',
          unitAmount: 23_000,
          quantity: 5,
          country: 'DE',
          company: { name: 'Atelier Nord GmbH', vatNumber: 'DE136695976', address: BERLIN },
          reverseCharge: true,
        }),
      );
      if (outcome.kind !== 'purchased') throw new Error(`expected a purchase, got ${outcome.kind}`);
      const sub = outcome.subscription;
      await h.advanceDays?.(100);
      // Eight seats in all, each still in the 2 to 9 band.
      const change = { uuid: sub.uuid, planCode: ORGANISATION, unitAmount: 23_000, quantity: 8 };
      const preview = await h.provider.previewPlanChange(change);
      expect(preview.charge).toBeGreaterThan(0);
      expect(preview.credit).toBeLessThan(0);
      // Reverse-charged: no VAT on the change either.
      expect(preview.tax).toBe(0);
      const due = preview.charge + preview.credit + preview.tax;
      // The three new seats for the rest of the term: less than a year of them.
      expect(due).toBeLessThanOrEqual(3 * 23_000);
      const { subscription, invoice } = await h.provider.changePlan({
        ...change,
        idempotencyKey: 'seats-key-1',
      });
      expect(invoice).toMatchObject({ state: 'paid', planCode: ORGANISATION, currency: 'EUR', paid: due });
      expect(subscription).toMatchObject({ uuid: sub.uuid, quantity: 8, unitAmount: 23_000 });
      expect(subscription.currentPeriodEndsAt).toEqual(sub.currentPeriodEndsAt);
      expect((await h.provider.getSubscription(sub.uuid))?.quantity).toBe(8);
    });

    it('changes the plan during a trial without charging: the trial runs on to its end', async () => {
      const h = await setup('upgrade-in-trial');
      const { subscription: sub } = await purchased(h, {
        planCode: STANDARD,
        unitAmount: 25_000,
        trialDays: 30,
      });
      // Day 25 of the 30-day trial.
      await h.advanceDays?.(25);
      const change = { uuid: sub.uuid, planCode: PREMIUM, unitAmount: 45_000 };
      const preview = await h.provider.previewPlanChange(change);
      expect(preview.charge + preview.credit + preview.tax).toBe(0);
      const { subscription, invoice } = await h.provider.changePlan({
        ...change,
        idempotencyKey: 'upgrade-key-1',
      });
      expect(invoice).toBe(null);
      expect(subscription).toMatchObject({
        uuid: sub.uuid,
        planCode: PREMIUM,
        unitAmount: 45_000,
        state: 'ACTIVE',
        trialEndsAt: sub.trialEndsAt,
        currentPeriodEndsAt: sub.currentPeriodEndsAt,
      });
      expect(await h.provider.listInvoices(ACCOUNT)).toEqual([]);
      expect((await h.provider.getSubscription(sub.uuid))?.planCode).toBe(PREMIUM);
    });

    it('knows nothing of an account it never saw', async () => {
      const h = await setup('unknown-account');
      expect(await h.provider.getBillingInfo('nobody')).toBe(null);
      expect(await h.provider.listSubscriptions('nobody')).toEqual([]);
      expect(await h.provider.listInvoices('nobody')).toEqual([]);
      expect(await h.provider.getSubscription('00000000000000000000000000000000')).toBe(null);
      expect(await h.provider.accountManagementUrl('nobody')).toBe(null);
    });
  });
}
