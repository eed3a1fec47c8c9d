import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BillingUnavailableError } from '@bof/billing/billing-provider';
import { TEST_CARDS } from '@bof/billing/test-cards';
import { billingPurchases, billingSubscriptions } from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness } from '../../testing/graphql-harness';
import type { BillingModule } from './billing.module';

// Every reason an upgrade is refused, as a GraphQL client sees it: a SubscriptionUpgradeError with
// its `reason`, from the preview and the mutation alike.

let harness: Awaited<ReturnType<typeof createGraphQLHarness>>;
/** The module the resolvers use, so a test can make its provider fail. */
let billing: BillingModule;

beforeAll(async () => {
  harness = await createGraphQLHarness();
  billing = harness.services.billing;
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await harness?.close();
});

const STANDARD = 'individuals_standard_yearly_trial_v1';
const PREMIUM = 'individuals_premium_yearly_v1';
const BEAUTY = 'topic_beauty_yearly_v1';

const card = async (number: string) =>
  (
    await billing.simulator!.tokenize({
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

const key = (label: string) => `${label}-${Math.random().toString(36).slice(2)}-0123456789`;

const PURCHASE = `mutation ($input: PurchaseIndividualSubscriptionInput!) {
  purchaseIndividualSubscription(input: $input) { __typename ... on Error { message } }
}`;
const PREVIEW = `query ($planCode: String!) {
  subscriptionUpgradePreview(input: { planCode: $planCode }) {
    __typename
    ... on SubscriptionUpgradePreview { dueToday currency }
    ... on SubscriptionUpgradeError { reason message }
  }
}`;
const UPGRADE = `mutation ($input: PurchaseSubscriptionUpgradeInput!) {
  purchaseSubscriptionUpgrade(input: $input) {
    __typename
    ... on SubscriptionUpgradeReceipt { previousPlanCode amountCharged subscription { planCode isTrial } }
    ... on SubscriptionUpgradeError { reason message }
  }
}`;

async function buy(viewer: Viewer, planCode: string, idempotencyKey = key('buy')) {
  const { body } = await harness.post(
    PURCHASE,
    {
      input: {
        planCode,
        currency: 'GBP',
        billingToken: await card(TEST_CARDS.success),
        idempotencyKey,
        country: 'GB',
      },
    },
    viewer,
  );
  expect(body.data?.purchaseIndividualSubscription).toEqual({ __typename: 'IndividualSubscription' });
}

async function preview(viewer: Viewer, planCode: string) {
  const { body } = await harness.post(PREVIEW, { planCode }, viewer);
  return body.data?.subscriptionUpgradePreview as Record<string, unknown>;
}

async function upgrade(
  viewer: Viewer,
  over: { planCode?: string; currency?: string; idempotencyKey?: string; expectedDueToday?: number } = {},
) {
  const input = {
    planCode: PREMIUM,
    currency: 'GBP',
    idempotencyKey: key('upgrade'),
    expectedDueToday: 0,
    ...over,
  };
  const { body } = await harness.post(UPGRADE, { input }, viewer);
  return body.data?.purchaseSubscriptionUpgrade as Record<string, unknown>;
}

const refusal = (reason: string) => ({
  __typename: 'SubscriptionUpgradeError',
  reason,
  message: expect.any(String),
});

describe('an upgrade refused over GraphQL', () => {
  it('NO_CURRENT_SUBSCRIPTION: a reader without a membership', async () => {
    const viewer = await harness.signIn('upgrade-nobody');
    expect(await preview(viewer, PREMIUM)).toEqual(refusal('NO_CURRENT_SUBSCRIPTION'));
    expect(await upgrade(viewer)).toEqual(refusal('NO_CURRENT_SUBSCRIPTION'));
  });

  describe('for a Standard member in the trial', () => {
    let viewer: Viewer;
    const purchaseKey = key('standard-purchase');
    beforeAll(async () => {
      viewer = await harness.signIn('upgrade-standard');
      await buy(viewer, STANDARD, purchaseKey);
    });

    it('PLAN_NOT_FOR_SALE, SAME_PLAN, NOT_AN_UPGRADE: plans the membership does not move to', async () => {
      expect(await preview(viewer, 'no_such_plan_v1')).toEqual(refusal('PLAN_NOT_FOR_SALE'));
      expect(await preview(viewer, STANDARD)).toEqual(refusal('SAME_PLAN'));
      expect(await preview(viewer, BEAUTY)).toEqual(refusal('NOT_AN_UPGRADE'));
      expect(await upgrade(viewer, { planCode: 'no_such_plan_v1' })).toEqual(refusal('PLAN_NOT_FOR_SALE'));
      expect(await upgrade(viewer, { planCode: STANDARD })).toEqual(refusal('SAME_PLAN'));
      expect(await upgrade(viewer, { planCode: BEAUTY })).toEqual(refusal('NOT_AN_UPGRADE'));
    });

    it('CURRENCY_MISMATCH and PRICE_CHANGED: not what the reader confirmed', async () => {
      expect(await preview(viewer, PREMIUM)).toEqual({
        __typename: 'SubscriptionUpgradePreview',
        dueToday: 0,
        currency: 'GBP',
      });
      expect(await upgrade(viewer, { currency: 'EUR' })).toEqual(refusal('CURRENCY_MISMATCH'));
      expect(await upgrade(viewer, { expectedDueToday: 100 })).toEqual(refusal('PRICE_CHANGED'));
    });

    it("IDEMPOTENCY_KEY_REUSED: the key of the reader's purchase", async () => {
      expect(await upgrade(viewer, { idempotencyKey: purchaseKey })).toEqual(
        refusal('IDEMPOTENCY_KEY_REUSED'),
      );
    });

    it('BILLING_UNAVAILABLE: the provider cannot price the upgrade, so nothing is charged', async () => {
      const down = () =>
        new BillingUnavailableError('Recurly could not be reached.', { mayHaveCharged: false });
      vi.spyOn(billing.provider, 'previewPlanChange').mockRejectedValueOnce(down());
      expect(await preview(viewer, PREMIUM)).toEqual(refusal('BILLING_UNAVAILABLE'));
      vi.spyOn(billing.provider, 'previewPlanChange').mockRejectedValueOnce(down());
      expect(await upgrade(viewer)).toEqual(refusal('BILLING_UNAVAILABLE'));
    });

    it('PAYMENT_UNCONFIRMED: the provider failed mid-change', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.spyOn(billing.provider, 'changePlan').mockRejectedValueOnce(
        new BillingUnavailableError('Recurly timed out.', { mayHaveCharged: true }),
      );
      expect(await upgrade(viewer)).toEqual(refusal('PAYMENT_UNCONFIRMED'));
    });

    it("UPGRADE_IN_PROGRESS: another of the reader's attempts is in flight", async () => {
      const inFlight = key('in-flight');
      expect(
        await billing.repo.claimPurchase({
          idempotencyKey: inFlight,
          userId: viewer.userId,
          kind: 'upgrade',
          planCode: PREMIUM,
          currency: 'GBP',
        }),
      ).toBe('claimed');
      try {
        expect(await upgrade(viewer)).toEqual(refusal('UPGRADE_IN_PROGRESS'));
      } finally {
        await billing.repo.settlePurchase(inFlight, { status: 'refused', message: 'test' });
      }
    }, 45_000);

    it('upgrades, and answers a repeat with the plan it replaced, kept in its own column', async () => {
      const upgradeKey = key('upgrade-made');
      const receipt = {
        __typename: 'SubscriptionUpgradeReceipt',
        previousPlanCode: STANDARD,
        amountCharged: 0,
        subscription: { planCode: PREMIUM, isTrial: true },
      };
      expect(await upgrade(viewer, { idempotencyKey: upgradeKey })).toEqual(receipt);
      expect(await upgrade(viewer, { idempotencyKey: upgradeKey })).toEqual(receipt);
      const [attempt] = await harness.db
        .select()
        .from(billingPurchases)
        .where(eq(billingPurchases.idempotencyKey, upgradeKey));
      expect(attempt).toMatchObject({ status: 'succeeded', previousPlanCode: STANDARD, message: null });

      // SUBSCRIPTION_NOT_FOUND: the repeat's subscription is no longer on record.
      await harness.db.delete(billingSubscriptions).where(eq(billingSubscriptions.userId, viewer.userId));
      expect(await upgrade(viewer, { idempotencyKey: upgradeKey })).toEqual(
        refusal('SUBSCRIPTION_NOT_FOUND'),
      );
    });
  });

  it('PAYMENT_DECLINED: the card on file is declined for the charge', async () => {
    const viewer = await harness.signIn('upgrade-declined');
    await buy(viewer, BEAUTY);
    const { body } = await harness.post(
      `mutation ($input: UpdateIndividualBillingInfoInput!) { updateIndividualBillingInfo(input: $input) { __typename } }`,
      { input: { billingToken: await card(TEST_CARDS.declined) } },
      viewer,
    );
    expect(body.data?.updateIndividualBillingInfo).toEqual({ __typename: 'BillingInfo' });
    const priced = await preview(viewer, PREMIUM);
    expect(priced).toMatchObject({ __typename: 'SubscriptionUpgradePreview' });
    expect(await upgrade(viewer, { expectedDueToday: priced.dueToday as number })).toEqual(
      refusal('PAYMENT_DECLINED'),
    );
  });
});
