import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BillingUnavailableError, type ProviderSubscription } from '@bof/billing/billing-provider';
import { TEST_CARDS } from '@bof/billing/test-cards';
import { signWebhook } from '@bof/billing/webhook-signature';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { applyWebhook } from '../billing/apply-webhook';
import { deliverSimulatorWebhooks } from '../billing/deliver-webhooks';
import { syncOrganisationSubscription } from './organisations.repo';
import { purchaseOrganisationSeats } from './purchase-organisation-seats';

let harness: GraphQLHarness;
let key: string;

beforeAll(async () => {
  harness = await createGraphQLHarness();
  key = readFileSync(path.join(harness.platform.env.dataDir, 'keys', 'billing-webhook-key'), 'utf8').trim();
});
afterAll(async () => {
  await harness?.close();
});

const DAY = 86_400_000;
const PLAN = 'organisations_bundle_volume_yearly_v1';
const sim = () => harness.services.billing.simulator!;
const organisations = () => harness.services.organisations;

const PURCHASE = `mutation ($input: PurchaseOrganisationSubscriptionInput!) {
  purchaseOrganisationSubscription(input: $input) {
    __typename
    ... on OrganisationAccount { accountId seats { purchasedSeats allocatedSeats } }
    ... on SubscriptionPurchaseError { code message }
    ... on Error { message }
  }
}`;
const PREVIEW = `query ($input: OrganisationSeatPurchasePreviewInput!) {
  previewOrganisationSeatPurchase(input: $input) {
    __typename
    ... on OrganisationSeatPurchasePreview { seats totalSeats unitAmount
      preview { currency dueToday planFee proRata taxAmount total } }
    ... on SeatAllocationError { errorType message }
    ... on UnauthorizedError { accountId requesterUserId message }
    ... on SubscriptionUpgradeError { reason message }
    ... on Error { message }
  }
}`;
const BUY = `mutation ($input: PurchaseOrganisationSeatsInput!) {
  purchaseOrganisationSeats(input: $input) {
    __typename
    ... on OrganisationSeatPurchase { seatsBought purchasedSeats amountCharged currency invoiceId
      account { accountId seats { purchasedSeats allocatedSeats totalSeatsRemaining } } }
    ... on SeatAllocationError { errorType message }
    ... on UnauthorizedError { accountId requesterUserId message }
    ... on SubscriptionUpgradeError { reason message }
    ... on Error { message }
  }
}`;

type Result = Record<string, unknown> & { __typename: string };

const card = async (number: string, countryCode = 'GB') =>
  (
    await sim().tokenize({
      number,
      expMonth: 4,
      expYear: 2031,
      cvc: '321',
      firstName: 'Ada',
      lastName: 'Buyer',
      postalCode: 'N1 9GU',
      countryCode,
    })
  ).id;

let keys = 0;
const newKey = () => `bill-key-${keys++}-${Math.random().toString(36).slice(2)}`;
const purchaseInput = async (over: Record<string, unknown> = {}) => ({
  planCode: PLAN,
  currency: 'GBP',
  seats: 5,
  companyName: 'Atelier Nord Ltd',
  billingAddress: { line1: '1 Old Street', city: 'London', postalCode: 'EC1V 9HL', country: 'GB' },
  billingToken: await card(TEST_CARDS.success),
  idempotencyKey: newKey(),
  ...over,
});

async function buyAccount(viewer: Viewer, over: Record<string, unknown> = {}) {
  const { body } = await harness.post(PURCHASE, { input: await purchaseInput(over) }, viewer);
  const result = body.data?.purchaseOrganisationSubscription as Result;
  if (result.__typename !== 'OrganisationAccount') throw new Error(JSON.stringify(result));
  return result.accountId as string;
}

const preview = async (viewer: Viewer, accountId: string, seats: number) => {
  const { body } = await harness.post(PREVIEW, { input: { accountId, seats } }, viewer);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data?.previewOrganisationSeatPurchase as Result;
};
const buySeats = async (viewer: Viewer, input: Record<string, unknown>) =>
  (await harness.post(BUY, { input }, viewer)).body.data?.purchaseOrganisationSeats as Result;

// The simulator's notifications, delivered straight into the endpoint's logic, signed as in production.
const deliver = () =>
  deliverSimulatorWebhooks({
    simulator: sim(),
    endpoint: 'http://in-process/',
    key,
    fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const receipt = await harness.services.billing.receiveWebhook(
        String(init?.body),
        new Headers(init?.headers).get('recurly-signature'),
      );
      return new Response(null, { status: receipt.status });
    }) as typeof fetch,
  });

const accountOf = async (accountId: string) => (await organisations().repo.findAccount(accountId))!;
const subscriptionOf = async (accountId: string) =>
  (await organisations().repo.subscriptionsOf(accountId)).at(-1)!;
const membershipIn = async (userId: string, accountId: string) =>
  (await organisations().memberships(userId)).find((m) => m.accountId === accountId)!;

describe('buying more seats', () => {
  it('charges exactly the prorated preview, reprices every seat at the new band and raises the seats', async () => {
    const owner = await harness.signIn('seats-owner-1');
    const accountId = await buyAccount(owner, { seats: 8 });
    // A hundred days into the year: the proration is not trivial.
    await sim().advanceClock(100 * DAY);
    const quote = await preview(owner, accountId, 4);
    expect(quote).toMatchObject({
      __typename: 'OrganisationSeatPurchasePreview',
      seats: 4,
      totalSeats: 12,
      // Twelve seats fall in the 10 to 24 band: every seat at its price, from renewal too.
      unitAmount: 18_000,
      preview: { currency: 'GBP', planFee: 12 * 18_000, total: 12 * 18_000 * 1.2 },
    });
    const due = (quote.preview as { dueToday: number; proRata: number }).dueToday;
    expect(due).toBeGreaterThan(0);
    expect((quote.preview as { proRata: number }).proRata).toBeLessThan(0);
    // Less than a full year of the four seats: the unused days of the eight are credited.
    expect(due).toBeLessThan(12 * 18_000 * 1.2);

    const idempotencyKey = newKey();
    const bought = await buySeats(owner, { accountId, seats: 4, idempotencyKey, expectedDueToday: due });
    expect(bought).toMatchObject({
      __typename: 'OrganisationSeatPurchase',
      seatsBought: 4,
      purchasedSeats: 12,
      amountCharged: due,
      currency: 'GBP',
      account: { accountId, seats: { purchasedSeats: 12, allocatedSeats: 1, totalSeatsRemaining: 11 } },
    });
    // The provider's own invoice: what the card paid is the preview, to the minor unit.
    const invoices = await sim().listInvoices(accountId);
    expect(invoices.at(-1)).toMatchObject({ id: bought.invoiceId, state: 'paid', paid: due });
    const sub = await subscriptionOf(accountId);
    expect(sub).toMatchObject({ seats: 12, itemPrice: 216_000, unitAmount: 18_000 });
    expect((await sim().getSubscription(sub.id))?.quantity).toBe(12);

    // The same attempt again answers the same receipt, charging nothing more.
    const again = await buySeats(owner, { accountId, seats: 4, idempotencyKey, expectedDueToday: due });
    expect(again).toMatchObject({ amountCharged: due, purchasedSeats: 12 });
    expect(await sim().listInvoices(accountId)).toHaveLength(invoices.length);
    // The key again for another count: refused, not answered with the first receipt.
    expect(
      await buySeats(owner, { accountId, seats: 5, idempotencyKey, expectedDueToday: due }),
    ).toMatchObject({ __typename: 'SubscriptionUpgradeError', reason: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('charges nothing when the confirmed price is not the price now', async () => {
    const owner = await harness.signIn('seats-owner-2');
    const accountId = await buyAccount(owner);
    const quote = await preview(owner, accountId, 1);
    const due = (quote.preview as { dueToday: number }).dueToday;
    const before = (await sim().listInvoices(accountId)).length;
    const result = await buySeats(owner, {
      accountId,
      seats: 1,
      idempotencyKey: newKey(),
      expectedDueToday: due - 1,
    });
    expect(result).toMatchObject({ __typename: 'SubscriptionUpgradeError', reason: 'PRICE_CHANGED' });
    expect(await sim().listInvoices(accountId)).toHaveLength(before);
    expect((await accountOf(accountId)).purchasedSeats).toBe(5);
  });

  it('refuses 0, negative counts and totals above 100 as INVALID_SEAT_REQUEST', async () => {
    const owner = await harness.signIn('seats-owner-3');
    const accountId = await buyAccount(owner);
    for (const seats of [0, -3, 96]) {
      expect(await preview(owner, accountId, seats)).toMatchObject({
        __typename: 'SeatAllocationError',
        errorType: 'INVALID_SEAT_REQUEST',
      });
      expect(
        await buySeats(owner, { accountId, seats, idempotencyKey: newKey(), expectedDueToday: 0 }),
      ).toMatchObject({ __typename: 'SeatAllocationError', errorType: 'INVALID_SEAT_REQUEST' });
    }
    // 95 more make exactly 100: still sold online.
    expect(await preview(owner, accountId, 95)).toMatchObject({ totalSeats: 100, unitAmount: 14_000 });
    expect((await accountOf(accountId)).purchasedSeats).toBe(5);
  });

  it('lets only owners buy: admins, users and outsiders learn nothing', async () => {
    const owner = await harness.signIn('seats-owner-4');
    const accountId = await buyAccount(owner);
    const admin = await harness.signIn('seats-admin-4');
    const user = await harness.signIn('seats-user-4');
    const stranger = await harness.signIn('seats-stranger-4');
    await organisations().addUsers(
      { userId: owner.userId },
      { accountId, emails: [admin.email], role: 'ADMIN' },
    );
    await organisations().addUsers(
      { userId: owner.userId },
      { accountId, emails: [user.email], role: 'USER' },
    );
    // Their invitations become seats once they sign in with the address.
    await organisations().repo.linkInvitations(admin.userId, admin.email);
    await organisations().repo.linkInvitations(user.userId, user.email);
    for (const viewer of [admin, user, stranger]) {
      const refusal = { __typename: 'UnauthorizedError', accountId, requesterUserId: viewer.userId };
      expect(await preview(viewer, accountId, 2)).toMatchObject(refusal);
      expect(
        await buySeats(viewer, { accountId, seats: 2, idempotencyKey: newKey(), expectedDueToday: 1 }),
      ).toMatchObject(refusal);
    }
    // An id that is no account at all is refused in the same words.
    const unknown = await preview(owner, 'org-does-not-exist', 2);
    const foreign = await preview(stranger, accountId, 2);
    expect(unknown).toMatchObject({ __typename: 'UnauthorizedError', accountId: 'org-does-not-exist' });
    expect(unknown.message).toBe(foreign.message);
    expect((await accountOf(accountId)).purchasedSeats).toBe(5);
  });
});

describe('a seat purchase whose answer was lost', () => {
  it('is answered from the provider on retry: charged once, the seats recorded', async () => {
    const owner = await harness.signIn('seats-owner-lost');
    const accountId = await buyAccount(owner);
    const quote = await preview(owner, accountId, 2);
    const due = (quote.preview as { dueToday: number }).dueToday;
    const claims = await harness.services.billing.deps();
    const input = { accountId, seats: 2, idempotencyKey: newKey(), expectedDueToday: due };
    // The provider makes the change, but its answer never arrives.
    const lossy = {
      ...sim(),
      changePlan: async (change: Parameters<ReturnType<typeof sim>['changePlan']>[0]) => {
        await sim().changePlan(change);
        throw new BillingUnavailableError('timed out', { mayHaveCharged: true });
      },
    };
    await expect(
      purchaseOrganisationSeats({ repo: organisations().repo, provider: lossy, claims }, owner, input),
    ).rejects.toMatchObject({ reason: 'PAYMENT_UNCONFIRMED' });
    expect((await accountOf(accountId)).purchasedSeats).toBe(5);
    const receipt = await purchaseOrganisationSeats(
      { repo: organisations().repo, provider: sim(), claims },
      owner,
      input,
    );
    expect(receipt).toMatchObject({ seatsBought: 2, amountCharged: due });
    expect(receipt.account.purchasedSeats).toBe(7);
    expect((await sim().listInvoices(accountId)).filter((i) => i.paid === due)).toHaveLength(1);
  });
});

describe('a purchase key tried again with other terms', () => {
  it('is refused with a clear error, and nothing more is charged', async () => {
    const buyer = await harness.signIn('org-rekey-1');
    const first = await purchaseInput({ seats: 5 });
    const accountId = await buyAccount(buyer, first);
    for (const over of [{ seats: 6 }, { currency: 'EUR' }, { vatNumber: 'GB980780684' }]) {
      const { body } = await harness.post(
        PURCHASE,
        { input: { ...first, billingToken: await card(TEST_CARDS.success), ...over } },
        buyer,
      );
      const result = body.data?.purchaseOrganisationSubscription as Result;
      expect(result).toMatchObject({ __typename: 'SubscriptionPurchaseError', code: 'TRANSACTION_ERROR' });
      expect(result.message).toMatch(/other terms/);
    }
    // The same terms again: the first result.
    const { body } = await harness.post(PURCHASE, { input: first }, buyer);
    expect(body.data?.purchaseOrganisationSubscription).toMatchObject({ accountId });
    expect(await sim().listInvoices(accountId)).toHaveLength(1);
  });
});

describe('billing webhooks for organisation subscriptions', () => {
  it('a renewal extends the account past its first year; a replay changes nothing', async () => {
    const owner = await harness.signIn('hook-org-1');
    const accountId = await buyAccount(owner);
    await deliver();
    const firstEnd = (await accountOf(accountId)).accessEndsAt;
    const sub = await subscriptionOf(accountId);
    const { webhooks } = await sim().advanceClock(firstEnd.getTime() - (await sim().now()).getTime() + DAY);
    const renewed = webhooks.find((w) => w.uuid === sub.id && w.event_type === 'renewed')!;
    expect(renewed).toBeDefined();
    await deliver();
    const provider = (await sim().getSubscription(sub.id))!;
    const account = await accountOf(accountId);
    expect(account.accessEndsAt.getTime()).toBeGreaterThan(firstEnd.getTime() + 300 * DAY);
    expect(account.accessEndsAt).toEqual(provider.currentPeriodEndsAt);
    expect(await subscriptionOf(accountId)).toMatchObject({
      state: 'ACTIVE',
      currentPeriodEndsAt: provider.currentPeriodEndsAt,
      providerUpdatedAt: provider.updatedAt,
    });
    // The renewal delivered again: acknowledged as a duplicate, nothing changes.
    const body = JSON.stringify({ ...renewed, site_id: 'simulator' });
    const replay = await harness.services.billing.receiveWebhook(body, signWebhook(body, [key], new Date()));
    expect(replay).toEqual({ status: 200, result: 'duplicate' });
    expect((await accountOf(accountId)).accessEndsAt).toEqual(account.accessEndsAt);
  });

  it('a cancellation keeps access to the end of the paid year, then expiry ends it', async () => {
    const owner = await harness.signIn('hook-org-2');
    const accountId = await buyAccount(owner);
    await deliver();
    const sub = await subscriptionOf(accountId);
    await sim().cancel(sub.id);
    await deliver();
    const cancelled = await membershipIn(owner.userId, accountId);
    expect(cancelled).toMatchObject({ status: 'ActiveCanceled', paymentFailing: false });
    expect(cancelled.subscription).toMatchObject({ state: 'CANCELED' });
    expect(cancelled.accessEndsAt).toEqual(sub.currentPeriodEndsAt);
    await sim().advanceClock(sub.currentPeriodEndsAt.getTime() - (await sim().now()).getTime() + DAY);
    await deliver();
    expect(await subscriptionOf(accountId)).toMatchObject({ state: 'EXPIRED' });
    expect((await accountOf(accountId)).accessEndsAt).toEqual(sub.currentPeriodEndsAt);
  });

  it('a failed renewal payment is shown while retried; the account ends when dunning runs out', async () => {
    const owner = await harness.signIn('hook-org-3');
    const accountId = await buyAccount(owner);
    await deliver();
    const sub = await subscriptionOf(accountId);
    // The card on file is replaced by one that is declined: the renewal fails.
    await sim().updateBillingInfo(accountId, await card(TEST_CARDS.declined));
    await sim().advanceClock(sub.currentPeriodEndsAt.getTime() - (await sim().now()).getTime() + DAY);
    await deliver();
    expect(await subscriptionOf(accountId)).toMatchObject({ state: 'ACTIVE', isInDunning: true });
    expect((await membershipIn(owner.userId, accountId)).paymentFailing).toBe(true);
    // Access continues while the provider retries, as for a reader.
    expect((await accountOf(accountId)).accessEndsAt).toEqual(sub.currentPeriodEndsAt);
    // No seats can be bought on a failing payment.
    expect(await preview(owner, accountId, 1)).toMatchObject({ __typename: 'SubscriptionUpgradeError' });
    await sim().advanceClock(15 * DAY);
    await deliver();
    const ended = await subscriptionOf(accountId);
    expect(ended).toMatchObject({ state: 'EXPIRED' });
    expect((await accountOf(accountId)).accessEndsAt).toEqual(ended.expiresAt);
  });

  it('a refund that ends the subscription ends the account at once; an older state read late is ignored', async () => {
    const owner = await harness.signIn('hook-org-4');
    const accountId = await buyAccount(owner);
    await deliver();
    const live = (await sim().getSubscription((await subscriptionOf(accountId)).id))!;
    const refundedAt = new Date(live.updatedAt.getTime() + DAY);
    const refunded: ProviderSubscription = {
      ...live,
      state: 'EXPIRED',
      expiresAt: refundedAt,
      updatedAt: refundedAt,
    };
    const { repo } = harness.services.billing;
    const notification = {
      id: `refund-${accountId}`,
      object_type: 'payment',
      event_type: 'refunded',
      uuid: live.uuid,
      account_code: accountId,
    };
    const apply = () =>
      applyWebhook(
        {
          repo,
          provider: { getSubscription: async () => refunded },
          organisations: syncOrganisationSubscription,
        },
        notification,
      );
    expect(await apply()).toBe('applied');
    expect(await subscriptionOf(accountId)).toMatchObject({ state: 'EXPIRED', expiresAt: refundedAt });
    expect((await accountOf(accountId)).accessEndsAt).toEqual(refundedAt);
    // The refund delivered again: nothing is applied twice.
    expect(await apply()).toBe('duplicate');
    // The state from before the refund, read late under another notification, never comes back.
    await applyWebhook(
      { repo, provider: { getSubscription: async () => live }, organisations: syncOrganisationSubscription },
      { ...notification, id: `late-${accountId}`, event_type: 'updated' },
    );
    expect(await subscriptionOf(accountId)).toMatchObject({ state: 'EXPIRED' });
    expect((await accountOf(accountId)).accessEndsAt).toEqual(refundedAt);
  });
});

describe('what the memberships page shows an owner', () => {
  it('lists the plan, seats, renewal, status and the invoices of the account', async () => {
    const owner = await harness.signIn('page-org-1');
    const accountId = await buyAccount(owner);
    const m = await membershipIn(owner.userId, accountId);
    expect(m).toMatchObject({
      planCode: PLAN,
      status: 'ActiveRenewing',
      seats: { purchasedSeats: 5, allocatedSeats: 1 },
    });
    const invoices = await organisations().invoices({ userId: owner.userId }, accountId);
    expect(invoices?.map((i) => i.total)).toEqual([120_000]);
    const ACCOUNT = `query ($accountId: String!) { organisationAccount(accountId: $accountId) {
      __typename ... on OrganisationAccount { status paymentFailing accessEndsAt recurlyAccountManagementUrl invoices { total tax state currency } }
      ... on Error { message } } }`;
    // A provider with hosted account pages (Recurly) names one; the simulator has none.
    const hosted = vi
      .spyOn(harness.services.billing.provider, 'accountManagementUrl')
      .mockImplementation(async (code) => `https://bof-fashion.recurly.com/account/${code}`);
    const asOwner = await harness.post(ACCOUNT, { accountId }, owner);
    expect(asOwner.body.data?.organisationAccount).toMatchObject({
      status: 'ActiveRenewing',
      paymentFailing: false,
      accessEndsAt: m.accessEndsAt.toISOString(),
      invoices: [{ total: 120_000, tax: 20_000, state: 'paid', currency: 'GBP' }],
      recurlyAccountManagementUrl: `https://bof-fashion.recurly.com/account/${accountId}`,
    });
    const colleague = await harness.signIn('page-user-1');
    await organisations().addUsers(
      { userId: owner.userId },
      { accountId, emails: [colleague.email], role: 'USER' },
    );
    await organisations().repo.linkInvitations(colleague.userId, colleague.email);
    const asUser = await harness.post(ACCOUNT, { accountId }, colleague);
    expect(asUser.body.data?.organisationAccount).toMatchObject({
      status: 'ActiveRenewing',
      invoices: null,
      recurlyAccountManagementUrl: null,
    });
    hosted.mockRestore();
    const stranger = await harness.signIn('page-stranger-1');
    await expect(organisations().invoices({ userId: stranger.userId }, accountId)).rejects.toMatchObject({
      code: 'not_authorised',
    });
  });
});
