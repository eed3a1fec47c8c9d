import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveServices } from '@bof/api/running-services';
import { CLIENT_ADDRESS_HEADER } from '@bof/http/client-ip';
import { POST as challenge } from '../app/api/billing-simulator/challenge/route';
import { POST as clock } from '../app/api/billing-simulator/clock/route';
import { POST as tokens } from '../app/api/billing-simulator/tokens/route';
import { LOOPBACK_ONLY_MESSAGE } from './embedded-only';
import { identitySession } from './testing/identity-browser';
import { signInToProduct } from './testing/product-sign-in';
import { startProduct, type StartedProduct } from './testing/start-product';

// The billing simulator's endpoints on `npm start`'s defaults (0.0.0.0): its clock moves every reader's
// billing and its tokens pay for memberships, so a client on another machine is refused, and a card token
// pays only for the reader who made it, once.

let product: StartedProduct;

beforeAll(async () => {
  product = await startProduct({ identity: { rateLimits: { perIp: 10_000, perIdentifier: 1000 } } });
  serveServices(Promise.resolve(product.services));
});
afterAll(async () => product?.close());

const site = () => product.services.env.siteUrl;
const CARD = {
  number: '4111111111111111', // the simulator's card that always succeeds
  expMonth: 12,
  expYear: 2035,
  cvc: '123',
  firstName: 'Ada',
  lastName: 'Reader',
  postalCode: 'N1 9GU',
  countryCode: 'GB',
};

/** A request as the server entry hands it on: the socket's peer in the header no client can set. */
function post(path: string, from: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${site()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: from, ...headers },
    body: JSON.stringify(body),
  });
}

/** A reader signed in to the product: their cookie header, and their id (the billing account code). */
async function reader(email: string) {
  const mounted = product.identity.mounted;
  const { cookie, identityId } = await identitySession(
    (request) => mounted.server.fetch(request),
    product.services.env.identityBaseUrl,
    email,
  );
  return { cookie: await signInToProduct(site(), cookie), userId: identityId };
}

describe('the billing simulator from another machine', () => {
  it('refuses the clock, the tokens and the challenge answer to a non-loopback client, and says why', async () => {
    const before = await product.services.billing.simulator!.now();
    const advance = await clock(
      post('/api/billing-simulator/clock/', '203.0.113.9', { command: 'advance', days: 400 }),
    );
    expect(advance.status).toBe(403);
    expect(await advance.json()).toEqual({
      error: { code: 'dev_tools_loopback_only', field: null, message: LOOPBACK_ONLY_MESSAGE },
    });
    // The clock did not move.
    expect((await product.services.billing.simulator!.now()).getTime() - before.getTime()).toBeLessThan(
      60_000,
    );
    expect((await tokens(post('/api/billing-simulator/tokens/', '::ffff:198.51.100.7', CARD))).status).toBe(
      403,
    );
    const form = new Request(`${site()}/api/billing-simulator/challenge/`, {
      method: 'POST',
      headers: { [CLIENT_ADDRESS_HEADER]: '2001:db8::5' },
      body: new URLSearchParams({ challenge: '3ds_x', outcome: 'pass' }),
    });
    expect((await challenge(form)).status).toBe(403);
  });

  it('does not believe a forwarded header claiming loopback without trusted proxies', async () => {
    const spoofed = await clock(
      post(
        '/api/billing-simulator/clock/',
        '203.0.113.9',
        { command: 'now' },
        { 'x-forwarded-for': '127.0.0.1' },
      ),
    );
    expect(spoofed.status).toBe(403);
  });

  it('answers this machine', async () => {
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const now = await clock(post('/api/billing-simulator/clock/', local, { command: 'now' }));
      expect(now.status).toBe(200);
    }
  });
});

describe('simulator card tokens', () => {
  it('are made only for a signed-in reader', async () => {
    const anonymous = await tokens(post('/api/billing-simulator/tokens/', '127.0.0.1', CARD));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { field: null, message: 'Sign in to pay: your session has ended.' },
    });
  });

  it("pay only for the reader who made them, once: a second account's purchase with one is declined", async () => {
    const ada = await reader('ada.tokens@example.com');
    const eve = await reader('eve.tokens@example.com');
    const made = await tokens(
      post('/api/billing-simulator/tokens/', '127.0.0.1', CARD, { cookie: ada.cookie }),
    );
    expect(made.status).toBe(200);
    const { id } = (await made.json()) as { id: string };
    const simulator = product.services.billing.simulator!;
    const purchase = (accountCode: string, email: string) =>
      simulator.purchase({
        accountCode,
        email,
        planCode: 'individuals_premium_yearly_v1',
        currency: 'GBP',
        billingToken: id,
        idempotencyKey: `${accountCode}-${Math.random()}`,
        unitAmount: 45_000,
        country: 'GB',
        trialDays: 0,
      });
    expect(await purchase(eve.userId, 'eve.tokens@example.com')).toEqual({
      kind: 'declined',
      message: 'The card details have expired. Please enter them again.',
    });
    expect((await purchase(ada.userId, 'ada.tokens@example.com')).kind).toBe('purchased');
    expect((await purchase(ada.userId, 'ada.tokens@example.com')).kind).toBe('declined');
  });
});
