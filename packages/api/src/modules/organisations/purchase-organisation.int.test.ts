import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@bof/billing/test-cards';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { organisationAccountIdFor } from './purchase-organisation-subscription';
import { SIMULATED_VIES_NUMBERS } from './vat';

let harness: GraphQLHarness;

beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

const PURCHASE = `mutation ($input: PurchaseOrganisationSubscriptionInput!) {
  purchaseOrganisationSubscription(input: $input) {
    __typename
    ... on OrganisationAccount { accountId title primaryContactEmail owner { email role }
      user { role email } seats { allocatedSeats purchasedSeats totalSeatsRemaining }
      subscriptions { planCode currency seats itemPrice taxAmount state } }
    ... on SeatAllocationError { errorType message }
    ... on SubscriptionPurchaseError { code message }
    ... on ZodError { fieldErrors { path code message } }
    ... on Error { message }
  }
}`;

type Result = Record<string, unknown> & { __typename: string };

const sim = () => harness.services.billing.simulator!;
const card = async (number: string, countryCode = 'GB', owner?: string) =>
  (
    await sim().tokenize(
      {
        number,
        expMonth: 4,
        expYear: 2031,
        cvc: '321',
        firstName: 'Ada',
        lastName: 'Buyer',
        postalCode: 'N1 9GU',
        countryCode,
      },
      owner === undefined ? {} : { owner },
    )
  ).id;

let keys = 0;
const input = (billingToken: string, over: Record<string, unknown> = {}) => ({
  planCode: 'organisations_bundle_volume_yearly_v1',
  currency: 'GBP',
  seats: 5,
  companyName: 'Atelier Nord Ltd',
  billingAddress: { line1: '1 Old Street', city: 'London', postalCode: 'EC1V 9HL', country: 'GB' },
  billingToken,
  idempotencyKey: `org-key-${keys++}-${Math.random().toString(36).slice(2)}`,
  ...over,
});

async function purchase(viewer: Viewer | undefined, value: Record<string, unknown>) {
  const { body } = await harness.post(PURCHASE, { input: value }, viewer);
  return body.data?.purchaseOrganisationSubscription as Result;
}

describe('purchaseOrganisationSubscription', () => {
  it('refuses a signed-out caller', async () => {
    expect(await purchase(undefined, input('tok'))).toMatchObject({ __typename: 'AuthError' });
  });

  it('buys five seats: the buyer is OWNER on the first seat, charged for five with VAT', async () => {
    const buyer = await harness.signIn('org-buyer-1');
    const result = await purchase(buyer, input(await card(TEST_CARDS.success)));
    expect(result).toMatchObject({
      __typename: 'OrganisationAccount',
      title: 'Atelier Nord Ltd',
      primaryContactEmail: buyer.email.toLowerCase(),
      owner: { email: buyer.email.toLowerCase(), role: 'OWNER' },
      user: { role: 'OWNER' },
      seats: { allocatedSeats: 1, purchasedSeats: 5, totalSeatsRemaining: 4 },
      subscriptions: [
        {
          planCode: 'organisations_bundle_volume_yearly_v1',
          currency: 'GBP',
          seats: 5,
          itemPrice: 100_000,
          taxAmount: 20_000,
          state: 'ACTIVE',
        },
      ],
    });
    const invoices = await sim().listInvoices(result.accountId as string);
    expect(invoices.map((i) => [i.subtotal, i.tax, i.paid])).toEqual([[100_000, 20_000, 120_000]]);
    // The account is the buyer's now, on the viewer and in their token's membership.
    const claims = await harness.services.organisations.membershipClaims(
      harness.services.billing,
      buyer.userId,
    );
    expect(claims).toMatchObject({ level: 'Standard', type: 'Group' });
    // Their own individual membership is untouched.
    expect(await harness.services.billing.subscriptionsOf(buyer.userId)).toEqual([]);
  });

  it('charges once when the same attempt is retried, and answers the same account', async () => {
    const buyer = await harness.signIn('org-buyer-retry');
    const value = input(await card(TEST_CARDS.success));
    const [first, second] = await Promise.all([purchase(buyer, value), purchase(buyer, value)]);
    const third = await purchase(buyer, value);
    expect(first.__typename).toBe('OrganisationAccount');
    expect(second.accountId).toBe(first.accountId);
    expect(third.accountId).toBe(first.accountId);
    expect(await sim().listInvoices(first.accountId as string)).toHaveLength(1);
    expect(await sim().listSubscriptions(first.accountId as string)).toHaveLength(1);
    expect(await harness.services.organisations.repo.accountsOf(buyer.userId)).toHaveLength(1);
  });

  it('reverse-charges a VAT number the EU register confirms: no VAT on the invoice', async () => {
    const buyer = await harness.signIn('org-buyer-de');
    const result = await purchase(
      buyer,
      input(await card(TEST_CARDS.success, 'DE'), {
        currency: 'EUR',
        vatNumber: 'DE136695976',
        billingAddress: { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
      }),
    );
    expect(result).toMatchObject({
      __typename: 'OrganisationAccount',
      subscriptions: [{ currency: 'EUR', seats: 5, itemPrice: 115_000, taxAmount: 0 }],
    });
    const invoices = await sim().listInvoices(result.accountId as string);
    expect(invoices.map((i) => [i.subtotal, i.tax])).toEqual([[115_000, 0]]);
  });

  it('refuses seat counts outside the tiers with INVALID_SEAT_REQUEST, charging nothing', async () => {
    const buyer = await harness.signIn('org-buyer-seats');
    for (const seats of [0, -3, 1, 101, 100_000]) {
      const result = await purchase(buyer, input(await card(TEST_CARDS.success), { seats }));
      expect(result).toMatchObject({ __typename: 'SeatAllocationError', errorType: 'INVALID_SEAT_REQUEST' });
      expect(result.message).toMatch(/between 2 and 100 seats/);
    }
    // A fraction of a seat is not an Int: GraphQL refuses the request itself.
    const { body } = await harness.post(PURCHASE, { input: input('tok', { seats: 2.5 }) }, buyer);
    expect(body.data?.purchaseOrganisationSubscription).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/Int/);
    expect(await harness.services.organisations.repo.accountsOf(buyer.userId)).toEqual([]);
  });

  it('refuses a VAT number that is not valid, or written with spaces, before charging', async () => {
    const buyer = await harness.signIn('org-buyer-bad-vat');
    const token = await card(TEST_CARDS.success, 'DE');
    const de = { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' };
    const badDigits = await purchase(
      buyer,
      input(token, { currency: 'EUR', vatNumber: 'DE136695977', billingAddress: de }),
    );
    expect(badDigits).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['input', 'vatNumber'], code: 'invalid_vat_number' }],
    });
    const unregistered = await purchase(
      buyer,
      input(token, { currency: 'EUR', vatNumber: SIMULATED_VIES_NUMBERS.unregistered, billingAddress: de }),
    );
    expect(unregistered).toMatchObject({ fieldErrors: [{ path: ['input', 'vatNumber'] }] });
    const spaced = await purchase(
      buyer,
      input(token, { currency: 'EUR', vatNumber: 'de 136695976', billingAddress: de }),
    );
    expect(spaced.__typename).toBe('ZodError');
    const elsewhere = await purchase(buyer, input(token, { currency: 'EUR', vatNumber: 'DE136695976' }));
    expect(elsewhere).toMatchObject({ fieldErrors: [{ code: 'vat_country_mismatch' }] });
    // Nothing charged: the token is still unused, and no account exists.
    expect(await harness.services.organisations.repo.accountsOf(buyer.userId)).toEqual([]);
    const ok = await purchase(
      buyer,
      input(token, { currency: 'EUR', vatNumber: 'DE136695976', billingAddress: de }),
    );
    expect(ok.__typename).toBe('OrganisationAccount');
  });

  it('reports every bad field at once', async () => {
    const buyer = await harness.signIn('org-buyer-fields');
    const result = await purchase(
      buyer,
      input('tok', {
        companyName: '',
        idempotencyKey: 'short',
        billingAddress: { line1: '', city: 'x'.repeat(101), postalCode: '1', country: 'Britain' },
      }),
    );
    expect(result.__typename).toBe('ZodError');
    const paths = (result.fieldErrors as { path: string[] }[]).map((e) => e.path.join('.')).sort();
    expect(paths).toEqual(
      [
        'input.billingAddress.city',
        'input.billingAddress.country',
        'input.billingAddress.line1',
        'input.companyName',
        'input.idempotencyKey',
      ].sort(),
    );
  });

  it('creates nothing when the card is declined, and says so', async () => {
    const buyer = await harness.signIn('org-buyer-declined');
    const value = input(await card(TEST_CARDS.declined));
    const result = await purchase(buyer, value);
    expect(result).toMatchObject({ __typename: 'SubscriptionPurchaseError', code: 'PURCHASE_ERROR' });
    expect(result.message).toMatch(/declined/i);
    expect(await purchase(buyer, value)).toMatchObject({ code: 'PURCHASE_ERROR' });
    expect(await harness.services.organisations.repo.accountsOf(buyer.userId)).toEqual([]);
    expect(
      await sim().listSubscriptions(organisationAccountIdFor(buyer.userId, value.idempotencyKey)),
    ).toEqual([]);
  });

  it("takes a card made in the buyer's own browser, and no one else's", async () => {
    const buyer = await harness.signIn('org-buyer-own-card');
    const other = await purchase(buyer, input(await card(TEST_CARDS.success, 'GB', 'someone-else')));
    expect(other).toMatchObject({ __typename: 'SubscriptionPurchaseError', code: 'PURCHASE_ERROR' });
    const own = await purchase(buyer, input(await card(TEST_CARDS.success, 'GB', buyer.userId)));
    expect(own.__typename).toBe('OrganisationAccount');
  });

  it('refuses a plan that is not sold to organisations', async () => {
    const buyer = await harness.signIn('org-buyer-plan');
    const result = await purchase(
      buyer,
      input(await card(TEST_CARDS.success), { planCode: 'individuals_premium_yearly_v1' }),
    );
    expect(result).toMatchObject({ __typename: 'SubscriptionPurchaseError', code: 'PURCHASE_ERROR' });
  });
});
