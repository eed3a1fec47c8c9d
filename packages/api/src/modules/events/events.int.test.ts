import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@bof/billing/test-cards';
import { eventOrders, eventTickets, eventTicketTypes } from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { signTicketCode } from './ticket-code';

// Ticket sales on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the race for the
// last tickets, every refused input (nothing charged, no stock taken), 3-D Secure, check-in with forged
// and reused codes, and refunds giving stock back.

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
}, 400_000);
afterAll(async () => {
  await harness?.close();
});

const YEAR = new Date().getUTCFullYear();
const HOUR = 3_600_000;

const BUY = `mutation ($input: BuyEventTicketsInput!) {
  buyEventTickets(input: $input) {
    __typename
    ... on EventOrder { orderId status ticketQty amount currency tickets { code } }
    ... on EventTicketError { code message }
    ... on TicketPurchase3DSecureError { threeDSecureActionToken }
    ... on ZodError { fieldErrors { path code message } }
    ... on Error { message }
  }
}`;
const ADMIT = `mutation ($input: AdmitEventTicketInput!) {
  admitEventTicket(input: $input) {
    __typename
    ... on EventAdmission { admittedAtLocal }
    ... on TicketAlreadyAdmittedError { admittedAtLocal message }
    ... on EventTicketError { code message }
    ... on Error { message }
  }
}`;
const REFUND = `mutation ($input: RefundEventOrderInput!) {
  refundEventOrder(input: $input) {
    __typename
    ... on EventOrder { orderId status }
    ... on EventTicketError { code }
    ... on Error { message }
  }
}`;

type Result = Record<string, unknown> & { __typename: string; code?: string; message?: string };
const run = async (query: string, input: Record<string, unknown>, viewer: Viewer | null) => {
  const { body } = await harness.post(query, { input }, viewer);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data ?? {})[0] as Result;
};

/** A published event starting in a day, with one ticket type of `quantity` on sale now. */
async function eventWith(options: {
  quantity: number;
  prices?: Record<string, number>;
  salesStartAt?: Date;
  salesEndAt?: Date;
  discount?: number;
}) {
  const now = Date.now();
  const id = randomUUID();
  const typeId = randomUUID();
  const slug = `test-event-${id.slice(0, 8)}`;
  await harness.services.events.repo.insertEvent(
    {
      id,
      slug,
      title: 'Test Event',
      summary: 'A test event.',
      descriptionHtml: '<p>Test.</p>',
      startsAt: new Date(now + 24 * HOUR),
      endsAt: new Date(now + 26 * HOUR),
      timeZone: 'Europe/London',
      venueName: 'Test Hall',
      venueAddress: null,
      eventPlatform: null,
      speakerProfileIds: [],
      published: true,
    },
    [
      {
        id: typeId,
        eventId: id,
        name: 'Standard',
        prices: options.prices ?? { GBP: 10_000, EUR: 12_000 },
        quantity: options.quantity,
        salesStartAt: options.salesStartAt ?? new Date(now - HOUR),
        salesEndAt: options.salesEndAt ?? new Date(now + 20 * HOUR),
        memberDiscountPercent: options.discount ?? 0,
        position: 0,
      },
    ],
  );
  return { eventId: id, typeId, slug };
}

const tokenFor = async (viewer: Viewer, number: string = TEST_CARDS.success) =>
  (
    await harness.services.billing.simulator!.tokenize(
      {
        number,
        expMonth: 3,
        expYear: YEAR + 4,
        cvc: '123',
        firstName: 'Ada',
        lastName: 'Buyer',
        postalCode: 'N1',
        countryCode: 'GB',
      },
      { owner: viewer.userId },
    )
  ).id;

const key = () => `key-${randomUUID()}`;
const soldOf = async (typeId: string) =>
  (await harness.db.select().from(eventTicketTypes).where(eq(eventTicketTypes.id, typeId)))[0]!.sold;
const paidOrdersOf = async (typeId: string) =>
  (await harness.db.select().from(eventOrders).where(eq(eventOrders.ticketTypeId, typeId))).filter(
    (o) => o.status === 'paid',
  );

describe('the race for the last tickets', () => {
  it('sells exactly 10 to 200 concurrent buyers of the last 10, and leaves the stock at 0', async () => {
    const { typeId } = await eventWith({ quantity: 10 });
    const buyers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const viewer = await harness.signIn(`race-buyer-${i}`);
        return { viewer, token: await tokenFor(viewer) };
      }),
    );
    const outcomes = await Promise.allSettled(
      buyers.map(({ viewer, token }) =>
        harness.services.events.buy(viewer, {
          ticketTypeId: typeId,
          ticketQty: 1,
          currency: 'GBP',
          billingToken: token,
          idempotencyKey: key(),
        }),
      ),
    );
    const sold = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    const otherFailures = refused
      .map((r) => (r as PromiseRejectedResult).reason as { code?: string; message?: string })
      .filter((reason) => reason.code !== 'sold_out')
      .map((reason) => `${reason.code ?? 'no code'}: ${reason.message ?? String(reason)}`);
    expect(otherFailures).toEqual([]);
    expect(sold).toHaveLength(10);
    expect(refused).toHaveLength(190);
    expect(await soldOf(typeId)).toBe(10);
    expect(await paidOrdersOf(typeId)).toHaveLength(10);
    const type = (await harness.services.events.repo.ticketType(typeId))!;
    expect(type.type.quantity - type.type.sold).toBe(0);
  }, 300_000);
});

describe('buying', () => {
  it('charges once per purchase key, writes signed tickets and e-mails two QR images and an .ics', async () => {
    const { typeId } = await eventWith({ quantity: 50 });
    const viewer = await harness.signIn('two-tickets');
    const input = {
      ticketTypeId: typeId,
      ticketQty: 2,
      currency: 'GBP',
      billingToken: await tokenFor(viewer),
      idempotencyKey: key(),
    };
    const first = await run(BUY, input, viewer);
    expect(first).toMatchObject({ __typename: 'EventOrder', status: 'paid', ticketQty: 2, amount: 20_000 });
    const again = await run(BUY, input, viewer);
    expect(again.orderId).toBe(first.orderId);
    expect(await soldOf(typeId)).toBe(2);
    const codes = (first.tickets as { code: string }[]).map((t) => t.code);
    expect(new Set(codes).size).toBe(2);
    const mail = harness.sent.filter((m) => m.to === viewer.email && m.templateType === 'event_order');
    expect(mail).toHaveLength(1);
    const files = mail[0]!.attachments ?? [];
    expect(files.filter((f) => f.contentType === 'image/png')).toHaveLength(2);
    const ics = files.find((f) => f.filename.endsWith('.ics'));
    expect(Buffer.from(ics!.contentBase64, 'base64').toString()).toContain('BEGIN:VEVENT');
    for (const code of codes) expect(mail[0]!.text).toContain(code);
  });

  it('gives members their discount', async () => {
    const { typeId } = await eventWith({ quantity: 5, discount: 25 });
    const member = await harness.signIn('member-buyer', { membershipLevel: 'Standard' });
    const order = await run(
      BUY,
      {
        ticketTypeId: typeId,
        ticketQty: 1,
        currency: 'EUR',
        billingToken: await tokenFor(member),
        idempotencyKey: key(),
      },
      member,
    );
    expect(order).toMatchObject({ __typename: 'EventOrder', amount: 9_000, currency: 'EUR' });
  });

  it.each([
    ['zero', 0, 'ticketQty'],
    ['1,001', 1001, 'ticketQty'],
    ['fractional', 1.5, 'ticketQty'],
  ])('refuses a quantity of %s with a field error, charging nothing', async (_name, qty, field) => {
    const { typeId } = await eventWith({ quantity: 2000 });
    const viewer = await harness.signIn(`bad-qty-${String(qty)}`);
    const result = await run(
      BUY,
      {
        ticketTypeId: typeId,
        ticketQty: qty,
        currency: 'GBP',
        billingToken: await tokenFor(viewer),
        idempotencyKey: key(),
      },
      viewer,
    );
    expect(result.__typename).toBe('ZodError');
    expect(JSON.stringify(result.fieldErrors)).toContain(field);
    expect(await soldOf(typeId)).toBe(0);
  });

  it('refuses a closed or unopened sales window, an unoffered currency and an unknown type', async () => {
    const now = Date.now();
    const viewer = await harness.signIn('refused-buyer');
    const closed = await eventWith({
      quantity: 5,
      salesStartAt: new Date(now - 3 * HOUR),
      salesEndAt: new Date(now - HOUR),
    });
    const early = await eventWith({ quantity: 5, salesStartAt: new Date(now + HOUR) });
    const gbpOnly = await eventWith({ quantity: 5, prices: { GBP: 1_000 } });
    const cases: [string, string, string][] = [
      [closed.typeId, 'GBP', 'sales_closed'],
      [early.typeId, 'GBP', 'sales_not_open'],
      [gbpOnly.typeId, 'USD', 'currency_not_offered'],
      [randomUUID(), 'GBP', 'ticket_type_not_found'],
    ];
    for (const [typeId, currency, code] of cases) {
      const result = await run(
        BUY,
        {
          ticketTypeId: typeId,
          ticketQty: 1,
          currency,
          billingToken: await tokenFor(viewer),
          idempotencyKey: key(),
        },
        viewer,
      );
      expect(result).toMatchObject({ __typename: 'EventTicketError', code });
    }
    for (const { typeId } of [closed, early, gbpOnly]) expect(await soldOf(typeId)).toBe(0);
    expect(await harness.services.billing.provider.listInvoices(viewer.userId)).toEqual([]);
  });

  it('gives the stock back when the card is declined, and asks for 3-D Secure holding nothing', async () => {
    const { typeId } = await eventWith({ quantity: 3 });
    const viewer = await harness.signIn('declined-buyer');
    const declined = await run(
      BUY,
      {
        ticketTypeId: typeId,
        ticketQty: 3,
        currency: 'GBP',
        billingToken: await tokenFor(viewer, TEST_CARDS.declined),
        idempotencyKey: key(),
      },
      viewer,
    );
    expect(declined).toMatchObject({ __typename: 'EventTicketError', code: 'payment_declined' });
    expect(await soldOf(typeId)).toBe(0);

    const token = await tokenFor(viewer, TEST_CARDS.threeDSecure);
    const input = {
      ticketTypeId: typeId,
      ticketQty: 3,
      currency: 'GBP',
      billingToken: token,
      idempotencyKey: key(),
    };
    const challenge = await run(BUY, input, viewer);
    expect(challenge.__typename).toBe('TicketPurchase3DSecureError');
    expect(await soldOf(typeId)).toBe(0);
    const { resultToken } = await harness.services.billing.simulator!.completeChallenge(
      String(challenge.threeDSecureActionToken),
      'pass',
    );
    const paid = await run(BUY, { ...input, threeDSecureActionResultToken: resultToken }, viewer);
    expect(paid).toMatchObject({ __typename: 'EventOrder', status: 'paid' });
    expect(await soldOf(typeId)).toBe(3);
  });

  it('refuses a purchase key reused for another request', async () => {
    const { typeId } = await eventWith({ quantity: 10 });
    const viewer = await harness.signIn('key-reuser');
    const input = {
      ticketTypeId: typeId,
      ticketQty: 1,
      currency: 'GBP',
      billingToken: await tokenFor(viewer),
      idempotencyKey: key(),
    };
    expect((await run(BUY, input, viewer)).__typename).toBe('EventOrder');
    const other = await run(BUY, { ...input, ticketQty: 2 }, viewer);
    expect(other).toMatchObject({ __typename: 'EventTicketError', code: 'purchase_key_reused' });
    expect(await soldOf(typeId)).toBe(1);
  });

  it('asks a signed-out reader to sign in', async () => {
    const { typeId } = await eventWith({ quantity: 1 });
    const result = await run(
      BUY,
      { ticketTypeId: typeId, ticketQty: 1, currency: 'GBP', billingToken: 'tok', idempotencyKey: key() },
      null,
    );
    expect(result.__typename).toBe('AuthError');
  });
});

describe('check-in and refunds', () => {
  it('admits a ticket once, refuses forged codes and other events, and refunds restore stock', async () => {
    const { typeId, slug } = await eventWith({ quantity: 4 });
    const other = await eventWith({ quantity: 1 });
    const buyer = await harness.signIn('checkin-buyer');
    const staff = await harness.signIn('door-staff', { isBofAdmin: true });
    const order = await run(
      BUY,
      {
        ticketTypeId: typeId,
        ticketQty: 2,
        currency: 'GBP',
        billingToken: await tokenFor(buyer),
        idempotencyKey: key(),
      },
      buyer,
    );
    const [first, second] = (order.tickets as { code: string }[]).map((t) => t.code) as [string, string];

    expect((await run(ADMIT, { eventSlug: slug, code: first }, buyer)).__typename).toBe('UnauthorizedError');
    const admitted = await run(ADMIT, { eventSlug: slug, code: ` ${first.toLowerCase()} ` }, staff);
    expect(admitted.__typename).toBe('EventAdmission');
    expect(admitted.admittedAtLocal).toMatch(/^\d{2}:\d{2}$/);
    const twice = await run(ADMIT, { eventSlug: slug, code: first }, staff);
    expect(twice).toMatchObject({
      __typename: 'TicketAlreadyAdmittedError',
      admittedAtLocal: admitted.admittedAtLocal,
      message: `Already admitted at ${String(admitted.admittedAtLocal)}.`,
    });
    // Both doors at once: one admission.
    const doors = await Promise.all([
      run(ADMIT, { eventSlug: slug, code: second }, staff),
      run(ADMIT, { eventSlug: slug, code: second }, staff),
    ]);
    expect(doors.map((d) => d.__typename).sort()).toEqual(['EventAdmission', 'TicketAlreadyAdmittedError']);

    const forged = [
      `${first.slice(0, -1)}${first.endsWith('0') ? '1' : '0'}`,
      'BOFT-00000000000000000000000000000000-AAAAAAAAAAAAAAAAAAAA',
      signTicketCode('another-secret', randomUUID()),
      'hello',
    ];
    for (const code of forged)
      expect(await run(ADMIT, { eventSlug: slug, code }, staff)).toMatchObject({
        __typename: 'EventTicketError',
        code: 'ticket_code_forged',
      });
    expect(await run(ADMIT, { eventSlug: other.slug, code: first }, staff)).toMatchObject({
      code: 'ticket_other_event',
    });

    expect(await soldOf(typeId)).toBe(2);
    expect((await run(REFUND, { orderId: order.orderId }, buyer)).__typename).toBe('UnauthorizedError');
    const refunded = await run(REFUND, { orderId: order.orderId }, staff);
    expect(refunded).toMatchObject({ __typename: 'EventOrder', status: 'refunded' });
    expect(await soldOf(typeId)).toBe(0);
    expect(await run(REFUND, { orderId: order.orderId }, staff)).toMatchObject({
      code: 'order_not_refundable',
    });
    expect(await soldOf(typeId)).toBe(0);
    // A refunded order's tickets no longer admit anyone.
    const [ticket] = await harness.db.select().from(eventTickets).where(eq(eventTickets.code, second));
    expect(ticket).toBeDefined();
    const third = await run(
      BUY,
      {
        ticketTypeId: typeId,
        ticketQty: 1,
        currency: 'GBP',
        billingToken: await tokenFor(buyer),
        idempotencyKey: key(),
      },
      buyer,
    );
    const unused = (third.tickets as { code: string }[])[0]!.code;
    await run(REFUND, { orderId: third.orderId }, staff);
    expect(await run(ADMIT, { eventSlug: slug, code: unused }, staff)).toMatchObject({
      code: 'ticket_refunded',
    });
  });
});

describe('the demo events', () => {
  it('seeds at least 6 published events, past and upcoming, with ticket types and speakers', async () => {
    const listed = await harness.services.events.list();
    const demo = (events: typeof listed.past) => events.filter((e) => !e.slug.startsWith('test-event-'));
    const [upcoming, past] = [demo(listed.upcoming), demo(listed.past)];
    expect(upcoming.length + past.length).toBeGreaterThanOrEqual(6);
    expect(past.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    for (const event of [...upcoming, ...past]) {
      expect(event.ticketTypes.length).toBeGreaterThan(0);
      expect(event.speakers.length).toBeGreaterThan(0);
    }
  });
});
