import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { createBillingSimulator } from '@bof/billing/simulator';
import { TEST_CARDS } from '@bof/billing/test-cards';
import { createGraphQLHarness } from '../../testing/graphql-harness';
import { createBillingMembershipRecords, createBillingModule, type BillingModule } from './billing.module';
import { createDrizzleSimulatorStore } from './simulator-store.drizzle';

let harness: Awaited<ReturnType<typeof createGraphQLHarness>>;
let billing: BillingModule;

beforeAll(async () => {
  harness = await createGraphQLHarness({
    membershipRecords: createBillingMembershipRecords(async () => billing),
  });
  billing = createBillingModule({ env: parseServerEnv({}), db: harness.db, database: harness.database });
});
afterAll(async () => {
  await billing?.settle();
  await harness?.close();
});

const card = async (number: string) =>
  (
    await createBillingSimulator({ store: createDrizzleSimulatorStore(harness.db) }).tokenize({
      number,
      expMonth: 4,
      expYear: 2031,
      cvc: '321',
      firstName: 'Ada',
      lastName: 'Reader',
      postalCode: 'N1',
      countryCode: 'GB',
    })
  ).id;

const PURCHASE = `mutation ($input: PurchaseIndividualSubscriptionInput!) {
  purchaseIndividualSubscription(input: $input) {
    __typename
    ... on IndividualSubscription { id planCode title isTrial price { currency itemPrice taxAmount fullPrice taxInfo { rate region type } } }
    ... on SubscriptionPurchaseError { code message }
    ... on SubscriptionPurchase3DSSecureError { threeDSecureActionToken billingToken accountCode }
    ... on ZodError { fieldErrors { path code message } }
    ... on Error { message }
  }
}`;

const input = (billingToken: string, over: Record<string, unknown> = {}) => ({
  planCode: 'individuals_premium_yearly_v1',
  currency: 'GBP',
  billingToken,
  idempotencyKey: `key-${Math.random().toString(36).slice(2)}-0123456789`,
  country: 'GB',
  ...over,
});

describe('billing over GraphQL', () => {
  it('refuses a purchase when logged out', async () => {
    const { body } = await harness.post(PURCHASE, { input: input('tok') });
    expect(body.data?.purchaseIndividualSubscription).toMatchObject({ __typename: 'AuthError' });
  });

  it('reports every bad field at once', async () => {
    const viewer = await harness.signIn('bad-input-user');
    const { body } = await harness.post(
      PURCHASE,
      { input: input('tok', { planCode: 'Not A Plan!', idempotencyKey: 'short', country: 'Britain' }) },
      viewer,
    );
    const result = body.data?.purchaseIndividualSubscription as {
      __typename: string;
      fieldErrors: { path: string[] }[];
    };
    expect(result.__typename).toBe('ZodError');
    expect(result.fieldErrors.map((e) => e.path.join('.')).sort()).toEqual(
      ['input.country', 'input.idempotencyKey', 'input.planCode'].sort(),
    );
  });

  it('buys with the success card and shows the account, card and subscription on the viewer', async () => {
    const viewer = await harness.signIn('buyer-1');
    const { body } = await harness.post(PURCHASE, { input: input(await card(TEST_CARDS.success)) }, viewer);
    expect(body.data?.purchaseIndividualSubscription).toMatchObject({
      __typename: 'IndividualSubscription',
      planCode: 'individuals_premium_yearly_v1',
      title: 'Premium',
      isTrial: false,
      price: {
        currency: 'GBP',
        itemPrice: 45_000,
        taxAmount: 9_000,
        fullPrice: 54_000,
        taxInfo: { rate: 0.2, region: 'GB', type: 'VAT' },
      },
    });
    const account = await harness.post(
      `{ viewer { ... on Viewer { individualAccount { accountId billingInfo { countryCode card { cardType lastFour } } subscriptions { state planCode currency } } } } }`,
      {},
      viewer,
    );
    expect(account.body.data?.viewer).toEqual({
      individualAccount: {
        accountId: 'buyer-1',
        billingInfo: { countryCode: 'GB', card: { cardType: 'Visa', lastFour: '1111' } },
        subscriptions: [{ state: 'ACTIVE', planCode: 'individuals_premium_yearly_v1', currency: 'GBP' }],
      },
    });
  });

  it('answers the declined card and the 3-D Secure card with their error types', async () => {
    const viewer = await harness.signIn('buyer-2');
    const declined = await harness.post(PURCHASE, { input: input(await card(TEST_CARDS.declined)) }, viewer);
    expect(declined.body.data?.purchaseIndividualSubscription).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      code: 'PURCHASE_ERROR',
    });
    const token = await card(TEST_CARDS.threeDSecure);
    const challenged = await harness.post(PURCHASE, { input: input(token) }, viewer);
    expect(challenged.body.data?.purchaseIndividualSubscription).toMatchObject({
      __typename: 'SubscriptionPurchase3DSSecureError',
      billingToken: token,
      accountCode: 'buyer-2',
    });
  });

  it('refuses rupees to a reader not billed in India (INVALID_CURRENCY), and a second trial', async () => {
    const viewer = await harness.signIn('buyer-4');
    const rupees = await harness.post(
      PURCHASE,
      { input: input(await card(TEST_CARDS.success), { currency: 'INR' }) },
      viewer,
    );
    expect(rupees.body.data?.purchaseIndividualSubscription).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      code: 'INVALID_CURRENCY',
    });
    const bought = await harness.post(
      PURCHASE,
      { input: input(await card(TEST_CARDS.success), { planCode: 'topic_beauty_yearly_v1' }) },
      viewer,
    );
    expect(bought.body.data?.purchaseIndividualSubscription).toMatchObject({
      planCode: 'topic_beauty_yearly_v1',
    });
    const ELIGIBILITY = `{ viewer { ... on Viewer { individualMembershipEligibility { isEligibleForPurchase isEligibleForTrialPurchase isEligibleForUpgrade } } } }`;
    // The viewer is told what the mutations will do, from billing's records (not the token's claims).
    expect((await harness.post(ELIGIBILITY, {}, viewer)).body.data?.viewer).toEqual({
      individualMembershipEligibility: {
        isEligibleForPurchase: false,
        isEligibleForTrialPurchase: false,
        isEligibleForUpgrade: true,
      },
    });
    const sub = (await billing.repo.subscriptionsOf('buyer-4'))[0]!;
    await billing.provider.cancel(sub.uuid);
    await billing.repo.syncSubscription('buyer-4', {
      ...(await billing.provider.getSubscription(sub.uuid))!,
      state: 'EXPIRED',
      expiresAt: new Date(Date.now() - 86_400_000),
      updatedAt: new Date(Date.now() + 86_400_000),
    });
    expect((await harness.post(ELIGIBILITY, {}, viewer)).body.data?.viewer).toEqual({
      individualMembershipEligibility: {
        isEligibleForPurchase: true,
        isEligibleForTrialPurchase: false,
        isEligibleForUpgrade: false,
      },
    });
    const trial = await harness.post(
      PURCHASE,
      { input: input(await card(TEST_CARDS.success), { planCode: 'individuals_standard_yearly_trial_v1' }) },
      viewer,
    );
    expect(trial.body.data?.purchaseIndividualSubscription).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      code: 'INELIGIBLE_FOR_TRIAL',
    });
    const paid = await harness.post(
      PURCHASE,
      {
        input: input(await card(TEST_CARDS.success), {
          planCode: 'individuals_standard_yearly_trial_v1',
          withTrial: false,
        }),
      },
      viewer,
    );
    expect(paid.body.data?.purchaseIndividualSubscription).toMatchObject({
      __typename: 'IndividualSubscription',
      isTrial: false,
      price: { fullPrice: 30_000 },
    });
  });

  it('refuses a plan not sold on the individual page', async () => {
    const viewer = await harness.signIn('buyer-3');
    const { body } = await harness.post(
      PURCHASE,
      { input: input(await card(TEST_CARDS.success), { planCode: 'organisations_bundle_volume_yearly_v1' }) },
      viewer,
    );
    expect(body.data?.purchaseIndividualSubscription).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      code: 'PURCHASE_ERROR',
    });
  });

  it('previews and buys an upgrade for the previewed amount, then takes the save offer and cancels', async () => {
    const viewer = await harness.signIn('upgrader');
    await harness.post(
      PURCHASE,
      { input: input(await card(TEST_CARDS.success), { planCode: 'individuals_standard_yearly_trial_v1' }) },
      viewer,
    );
    const preview = await harness.post(
      `query { subscriptionUpgradePreview(input: { planCode: "individuals_premium_yearly_v1" }) { __typename ... on SubscriptionUpgradePreview { dueToday proRata total currency } } }`,
      {},
      viewer,
    );
    // In the trial nothing is due today; Premium's year is billed when the trial ends.
    expect(preview.body.data?.subscriptionUpgradePreview).toEqual({
      __typename: 'SubscriptionUpgradePreview',
      dueToday: 0,
      proRata: 0,
      total: 54_000,
      currency: 'GBP',
    });
    const UPGRADE = `mutation ($input: PurchaseSubscriptionUpgradeInput!) { purchaseSubscriptionUpgrade(input: $input) { __typename ... on SubscriptionUpgradeReceipt { amountCharged currency previousPlanCode invoiceId subscription { planCode isTrial } } ... on Error { message } } }`;
    const upgradeInput = {
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      idempotencyKey: 'upgrade-key-0123456789',
    };
    const stale = await harness.post(
      UPGRADE,
      { input: { ...upgradeInput, idempotencyKey: 'upgrade-key-stale-0123', expectedDueToday: 100 } },
      viewer,
    );
    expect(stale.body.data?.purchaseSubscriptionUpgrade).toMatchObject({
      __typename: 'SubscriptionUpgradeError',
      message: expect.stringContaining('is now £0.00'),
    });
    const upgrade = await harness.post(UPGRADE, { input: { ...upgradeInput, expectedDueToday: 0 } }, viewer);
    expect(upgrade.body.data?.purchaseSubscriptionUpgrade).toEqual({
      __typename: 'SubscriptionUpgradeReceipt',
      amountCharged: 0,
      currency: 'GBP',
      previousPlanCode: 'individuals_standard_yearly_trial_v1',
      invoiceId: null,
      subscription: { planCode: 'individuals_premium_yearly_v1', isTrial: true },
    });
    expect(await billing.provider.listInvoices('upgrader')).toEqual([]);

    const offer = await harness.post(
      `{ cancellationDiscount { ... on CancellationCoupon { discountPercent } } }`,
      {},
      viewer,
    );
    expect(offer.body.data?.cancellationDiscount).toEqual({ discountPercent: 30 });
    const staleOffer = await harness.post(
      `mutation { redeemCancellationDiscountCoupon(input: { couponCode: "old-offer-50" }) { __typename ... on ZodError { fieldErrors { path message } } } }`,
      {},
      viewer,
    );
    expect(staleOffer.body.data?.redeemCancellationDiscountCoupon).toEqual({
      __typename: 'ZodError',
      fieldErrors: [
        {
          path: ['input', 'couponCode'],
          message: 'This offer is no longer available. Reload the page to see the current one.',
        },
      ],
    });
    const redeemed = await harness.post(
      `mutation { redeemCancellationDiscountCoupon(input: { couponCode: "stay-with-us-30" }) { __typename ... on RecurlySubscription { cancellationCoupon { code } } } }`,
      {},
      viewer,
    );
    expect(redeemed.body.data?.redeemCancellationDiscountCoupon).toEqual({
      __typename: 'RecurlySubscription',
      cancellationCoupon: { code: 'stay-with-us-30' },
    });
    const again = await harness.post(
      `mutation { redeemCancellationDiscountCoupon(input: { couponCode: "stay-with-us-30" }) { __typename } }`,
      {},
      viewer,
    );
    expect(again.body.data?.redeemCancellationDiscountCoupon).toEqual({
      __typename: 'SubscriptionPurchaseError',
    });

    const missingOther = await harness.post(
      `mutation { cancelSubscription(input: { reason: "other" }) { __typename ... on ZodError { fieldErrors { path } } } }`,
      {},
      viewer,
    );
    expect(missingOther.body.data?.cancelSubscription).toEqual({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['input', 'reasonOther'] }],
    });
    const cancelled = await harness.post(
      `mutation { cancelSubscription(input: { reason: "too_expensive" }) { __typename ... on RecurlySubscription { state expiresAt } } }`,
      {},
      viewer,
    );
    expect(cancelled.body.data?.cancelSubscription).toMatchObject({
      __typename: 'RecurlySubscription',
      state: 'CANCELED',
    });
    expect((await billing.membershipOf('upgrader')).status).toBe('ActiveCanceled');
  });
});
