import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveServices } from '@bof/api/running-services';
import { POST as graphql } from '../app/api/graphql/route';
import { identitySession } from './testing/identity-browser';
import { signInToProduct } from './testing/product-sign-in';
import { startProduct, type StartedProduct } from './testing/start-product';

// Ended sessions must end everywhere: a `bof_session` (script-readable, spec §3) captured before logout, or
// held by an identity since blocked or deleted, opens no personal data, passes no mutation and opens no
// premium story. The product as the server entry composes it: the GraphQL route, the access gate, the
// built-in identity server answering whoami from its cache (in-process, on PGlite). That the cache hears
// other processes' writes within a second is proven in packages/identity (whoami-cache.int.test.ts).

const PREMIUM = 'heritage-is-not-a-strategy-and-luxury-houses-should-stop-pretending';
let product: StartedProduct;
let base: string;

beforeAll(async () => {
  product = await startProduct({ identity: { rateLimits: { perIp: 10_000, perIdentifier: 1000 } } });
  serveServices(Promise.resolve(product.services));
  base = product.services.env.identityBaseUrl;
});
afterAll(async () => product?.close());

const identity = (request: Request) => product.identity.mounted.server.fetch(request);
const admin = (request: Request) => product.identity.mounted.admin(request);

interface Member {
  identityId: string;
  /** The identity session cookie (HttpOnly: no script can read it). */
  identityCookie: string;
  /** `bof_session=…`, as a script on the page can read it. */
  productCookie: string;
}

/** A Premium member signed in to the product, as their browser is after sign-in. */
async function premiumMember(email: string): Promise<Member> {
  const { cookie, identityId } = await identitySession(identity, base, email);
  const { billing } = product.services;
  const card = await billing.simulator!.tokenize({
    number: '4111111111111111', // the simulator's card that always succeeds
    expMonth: 1,
    expYear: 2032,
    cvc: '123',
    firstName: 'Ada',
    lastName: 'Reader',
    postalCode: 'N1',
    countryCode: 'GB',
  });
  await billing.purchase({
    userId: identityId,
    email,
    planCode: 'individuals_premium_yearly_v1',
    currency: 'GBP',
    country: 'GB',
    billingToken: card.id,
    idempotencyKey: `revocation-${identityId}`,
    withTrial: false,
  });
  const cookies = await signInToProduct(product.services.env.siteUrl, cookie);
  return { identityId, identityCookie: cookie, productCookie: cookies.slice(cookie.length + 2) };
}

const browserOf = (member: Member) => `${member.identityCookie}; ${member.productCookie}`;

async function gql(query: string, cookie: string, variables: Record<string, unknown> = {}) {
  const response = await graphql(
    new Request(`${product.services.env.siteUrl}/api/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await response.json()) as {
    data?: Record<string, Record<string, unknown>>;
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0]!;
}

const viewer = (cookie: string) =>
  gql(
    `{ viewer { __typename ... on Error { message } ... on Viewer { userData { userId lastName } } } }`,
    cookie,
  );
const changeDetails = (cookie: string) =>
  gql(
    `mutation ($input: UpdatePersonalDetailsInput!) { updatePersonalDetails(input: $input) {
      __typename ... on Error { message } ... on UserData { firstName } } }`,
    cookie,
    { input: { firstName: 'Mallory' } },
  );
const readPremium = async (cookie: string) => {
  const result = await product.services.access.gate.decide({
    cookieHeader: cookie,
    slug: PREMIUM,
    count: true,
  });
  if (!result) throw new Error(`the access index does not know ${PREMIUM}`);
  return { signedIn: result.signedIn, decision: result.decision };
};

const refusedViewer = { __typename: 'AuthError', message: 'You need to sign in to do this.' };
const refusedChange = refusedViewer;

/** What a reader with no session is shown: the same decision a browser with no cookie at all gets. */
const anonymous = async () => readPremium('');

/** Everything the member's session opens, asked with `cookie`; asked twice, so the whoami cache holds it. */
async function expectOpen(member: Member, cookie = browserOf(member)) {
  for (let i = 0; i < 2; i++) {
    expect(await viewer(cookie)).toEqual({
      __typename: 'Viewer',
      userData: { userId: member.identityId, lastName: 'Reader' },
    });
    expect(await readPremium(cookie)).toEqual({
      signedIn: true,
      decision: { kind: 'allow', reason: 'entitled' },
    });
  }
  expect(await changeDetails(cookie)).toEqual({ __typename: 'UserData', firstName: 'Mallory' });
}

/** What the attacker replaying `cookie` gets: no personal data, no change, the anonymous decision. */
async function expectEnded(cookie: string) {
  expect(await viewer(cookie)).toEqual(refusedViewer);
  expect(await changeDetails(cookie)).toEqual(refusedChange);
  expect(await readPremium(cookie)).toEqual(await anonymous());
}

async function logout(member: Member) {
  const start = await identity(
    new Request(`${base}/self-service/logout/browser`, {
      headers: { accept: 'application/json', cookie: member.identityCookie },
    }),
  );
  const { logout_url } = (await start.json()) as { logout_url: string };
  const done = await identity(
    new Request(logout_url, { headers: { accept: 'application/json', cookie: member.identityCookie } }),
  );
  expect(done.status).toBe(204);
}

describe('a session token whose identity session ended', () => {
  it('is no session once replayed without the identity session cookie (a script stole it)', async () => {
    const member = await premiumMember('stolen.token@example.com');
    await expectOpen(member);
    await expectEnded(member.productCookie);
    expect((await anonymous()).decision).toMatchObject({ kind: 'wall' });
  });

  it('dies with its session at logout, whatever cookies come with it', async () => {
    const member = await premiumMember('captured.before.logout@example.com');
    await expectOpen(member);
    await logout(member);
    // The browser after logout (its identity cookie revoked) and an attacker (the token alone).
    await expectEnded(browserOf(member));
    await expectEnded(member.productCookie);
  });

  it('is no session once its identity is blocked (state inactive), and lives again when unblocked', async () => {
    const member = await premiumMember('blocked.reader@example.com');
    await expectOpen(member);
    const setState = (state: string) =>
      admin(
        new Request(`http://admin/admin/identities/${member.identityId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([{ op: 'replace', path: '/state', value: state }]),
        }),
      );
    expect((await setState('inactive')).status).toBe(200);
    await expectEnded(browserOf(member));
    expect((await setState('active')).status).toBe(200);
    await expectOpen(member);
  });

  it('is no session once its identity is deleted', async () => {
    const member = await premiumMember('deleted.reader@example.com');
    await expectOpen(member);
    const deleted = await admin(
      new Request(`http://admin/admin/identities/${member.identityId}`, { method: 'DELETE' }),
    );
    expect(deleted.status).toBe(204);
    await expectEnded(browserOf(member));
  });
});
