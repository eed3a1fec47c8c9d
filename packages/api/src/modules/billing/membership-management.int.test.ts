import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { createBillingSimulator } from '@bof/billing/simulator';
import { TEST_CARDS } from '@bof/billing/test-cards';
import { createGraphQLHarness } from '../../testing/graphql-harness';
import { createBillingMembershipRecords, createBillingModule, type BillingModule } from './billing.module';
import { createDrizzleSimulatorStore } from './simulator-store.drizzle';

// The member's own management of a membership, through the product's API on the simulator: the second
// visit to the cancellation journey, resuming before the period ends, replacing the card, and each
// invoice as a PDF for its owner only.

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

const card = async (number: string, countryCode = 'GB') =>
  (
    await createBillingSimulator({ store: createDrizzleSimulatorStore(harness.db) }).tokenize({
      number,
      expMonth: 4,
      expYear: 2031,
      cvc: '321',
      firstName: 'Ada',
      lastName: 'Reader',
      postalCode: 'N1',
      countryCode,
    })
  ).id;

const PURCHASE = `mutation ($input: PurchaseIndividualSubscriptionInput!) {
  purchaseIndividualSubscription(input: $input) { __typename ... on Error { message } }
}`;

async function member(userId: string) {
  const viewer = await harness.signIn(userId);
  const { body } = await harness.post(
    PURCHASE,
    {
      input: {
        planCode: 'individuals_premium_yearly_v1',
        currency: 'GBP',
        billingToken: await card(TEST_CARDS.success),
        idempotencyKey: `key-${userId}-0123456789`,
        country: 'GB',
      },
    },
    viewer,
  );
  expect(body.data?.purchaseIndividualSubscription).toEqual({ __typename: 'IndividualSubscription' });
  return viewer;
}

const CANCELLABLE = `{ cancellableIndividualSubscription { ... on RecurlySubscription { uuid currentPeriodEndsAt cancellationCoupon { code discountPercent } } } cancellationDiscount { ... on CancellationCoupon { code } } }`;
const RESUME = `mutation ($id: String!) { reactivateSubscription(input: { subscriptionUuid: $id }) { __typename ... on RecurlySubscription { state cancelledAt expiresAt } ... on SubscriptionPurchaseError { code message } ... on ZodError { fieldErrors { path message } } } }`;

describe('a member managing their membership', () => {
  it('on a second visit after accepting the save offer, is offered nothing and shown the discount cancelling loses', async () => {
    const viewer = await member('second-visit');
    const first = await harness.post(CANCELLABLE, {}, viewer);
    expect(first.body.data?.cancellationDiscount).toEqual({ code: 'stay-with-us-30' });
    await harness.post(
      `mutation { redeemCancellationDiscountCoupon(input: { couponCode: "stay-with-us-30" }) { __typename } }`,
      {},
      viewer,
    );
    // The second visit: no offer (so the journey asks the reader to confirm), and what they would lose.
    const second = await harness.post(CANCELLABLE, {}, viewer);
    expect(second.body.data?.cancellationDiscount).toBe(null);
    expect(second.body.data?.cancellableIndividualSubscription).toMatchObject({
      cancellationCoupon: { code: 'stay-with-us-30', discountPercent: 30 },
      currentPeriodEndsAt: expect.any(String),
    });
    // Nothing is cancelled until the reader confirms.
    expect((await billing.membershipOf('second-visit')).status).toBe('ActiveRenewing');
    const cancelled = await harness.post(
      `mutation { cancelSubscription(input: { reason: "too_expensive" }) { __typename } }`,
      {},
      viewer,
    );
    expect(cancelled.body.data?.cancelSubscription).toEqual({ __typename: 'RecurlySubscription' });
    expect((await billing.membershipOf('second-visit')).status).toBe('ActiveCanceled');
  });

  it('resumes a cancelled membership before the period ends, through the provider, once', async () => {
    const viewer = await member('resumer');
    const [active] = await billing.provider.listSubscriptions('resumer');
    const notCancelled = await harness.post(RESUME, { id: active!.uuid }, viewer);
    expect(notCancelled.body.data?.reactivateSubscription).toEqual({
      __typename: 'SubscriptionPurchaseError',
      code: 'PURCHASE_ERROR',
      message: 'You have no cancelled membership to resume.',
    });
    await harness.post(
      `mutation { cancelSubscription(input: { reason: "content" }) { __typename } }`,
      {},
      viewer,
    );
    const shown = await billing.resumableSubscription('resumer');
    expect(shown?.state).toBe('CANCELED');
    // Another subscription than the one the page showed, or no id at all: nothing is resumed.
    expect(
      (await harness.post(RESUME, { id: 'not-this-one' }, viewer)).body.data?.reactivateSubscription,
    ).toMatchObject({
      code: 'PURCHASE_ERROR',
    });
    expect((await harness.post(RESUME, { id: ' ' }, viewer)).body.data?.reactivateSubscription).toMatchObject(
      {
        __typename: 'ZodError',
      },
    );
    expect((await billing.membershipOf('resumer')).status).toBe('ActiveCanceled');

    const resumed = await harness.post(RESUME, { id: shown!.uuid }, viewer);
    expect(resumed.body.data?.reactivateSubscription).toEqual({
      __typename: 'RecurlySubscription',
      state: 'ACTIVE',
      cancelledAt: null,
      expiresAt: null,
    });
    const membership = await billing.membershipOf('resumer');
    expect(membership.status).toBe('ActiveRenewing');
    // The provider holds it active too: the next renewal will charge.
    const [sub] = await billing.provider.listSubscriptions('resumer');
    expect(sub).toMatchObject({ state: 'ACTIVE', cancelledAt: null });
    expect(await billing.resumableSubscription('resumer')).toBe(null);
    // A second click: nothing left to resume, nothing changes.
    expect(
      (await harness.post(RESUME, { id: shown!.uuid }, viewer)).body.data?.reactivateSubscription,
    ).toMatchObject({
      code: 'PURCHASE_ERROR',
    });
    expect((await billing.membershipOf('resumer')).status).toBe('ActiveRenewing');
  });

  it('refuses resuming when signed out', async () => {
    expect((await harness.post(RESUME, { id: 'any' })).body.data?.reactivateSubscription).toMatchObject({
      __typename: 'AuthError',
    });
  });

  it('replaces the card on file, and refuses a token that is not a card, changing nothing', async () => {
    const viewer = await member('card-changer');
    const UPDATE = `mutation ($input: UpdateIndividualBillingInfoInput!) { updateIndividualBillingInfo(input: $input) { __typename ... on BillingInfo { countryCode card { lastFour } } ... on SubscriptionPurchaseError { code message } } }`;
    const updated = await harness.post(
      UPDATE,
      { input: { billingToken: await card('5555 5555 5555 4444', 'FR') } },
      viewer,
    );
    expect(updated.body.data?.updateIndividualBillingInfo).toEqual({
      __typename: 'BillingInfo',
      countryCode: 'FR',
      card: { lastFour: '4444' },
    });
    const bad = await harness.post(UPDATE, { input: { billingToken: 'tok_not_a_card' } }, viewer);
    expect(bad.body.data?.updateIndividualBillingInfo).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      code: 'PURCHASE_ERROR',
    });
    expect((await billing.provider.getBillingInfo('card-changer'))?.card.lastFour).toBe('4444');
  });

  it("makes each invoice a PDF for its owner only: another reader's invoice id is refused", async () => {
    await member('invoice-owner');
    await member('invoice-other');
    const [invoice] = await billing.provider.listInvoices('invoice-owner');
    const pdf = await billing.invoicePdf({
      userId: 'invoice-owner',
      email: 'owner@example.org',
      invoiceId: invoice!.id,
      locale: 'en-GB',
    });
    expect(pdf!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf!.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(pdf!.toString('latin1')).toContain(`(Invoice ${invoice!.id})`);
    expect(
      await billing.invoicePdf({
        userId: 'invoice-other',
        email: 'other@example.org',
        invoiceId: invoice!.id,
        locale: 'en-GB',
      }),
    ).toBe(null);
    expect(
      await billing.invoicePdf({
        userId: 'invoice-owner',
        email: 'owner@example.org',
        invoiceId: 'inv_unknown',
        locale: 'en-GB',
      }),
    ).toBe(null);
  });

  // Last: it moves the simulator's clock past every period's end.
  it('cannot resume once the period has ended', async () => {
    const viewer = await member('too-late');
    await harness.post(
      `mutation { cancelSubscription(input: { reason: "content" }) { __typename } }`,
      {},
      viewer,
    );
    const [sub] = await billing.provider.listSubscriptions('too-late');
    await billing.simulator!.advanceClock(400 * 86_400_000);
    await billing.reconcile();
    expect((await billing.membershipOf('too-late')).status).toBe('Expired');
    expect(
      (await harness.post(RESUME, { id: sub!.uuid }, viewer)).body.data?.reactivateSubscription,
    ).toMatchObject({
      code: 'PURCHASE_ERROR',
    });
  });
});
