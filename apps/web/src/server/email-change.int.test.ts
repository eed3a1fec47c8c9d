import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKratosIdentityAdmin } from '@bof/api/email-change';
import { serveServices } from '@bof/api/running-services';
import { POST as graphql } from '../app/api/graphql/route';
import { identitySession } from './testing/identity-browser';
import { signInToProduct } from './testing/product-sign-in';
import { startProduct, type StartedProduct } from './testing/start-product';

// The e-mail change as the server entry composes it: the GraphQL endpoint, the built-in identity server
// (public API for sign-in and whoami, admin API in-process for the change) and its courier's outbox, over
// the product's own database. What the change stores (the code's hash, the tries) is tested in
// packages/api (email-change.int.test.ts).

let product: StartedProduct;
let base: string;
const clock = { now: new Date('2026-03-01T10:00:00Z') };
const advance = (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000));

beforeAll(async () => {
  product = await startProduct({
    identity: { clock: () => clock.now, rateLimits: { perIp: 10_000, perIdentifier: 1000 } },
    ports: { now: () => clock.now },
  });
  serveServices(Promise.resolve(product.services));
  base = product.services.env.identityBaseUrl;
});
afterAll(async () => product?.close());

const siteUrl = () => product.services.env.siteUrl;
const identity = (request: Request) => product.identity.mounted.server.fetch(request);
const admin = (request: Request) => product.identity.mounted.admin(request);

interface Reader {
  identityId: string;
  email: string;
  /** The identity session's cookie. */
  identityCookie: string;
  /** The product's session cookie (`bof_session`), from the auth endpoint. */
  productCookie: string;
}

/** Registers through the identity server's browser flow, then signs in to the product, as a browser does. */
async function register(email: string): Promise<Reader> {
  const { cookie, identityId } = await identitySession(identity, base, email);
  return { identityId, email, ...(await signIn(cookie)) };
}

/** Signs in to the product with an identity session. */
async function signIn(identityCookie: string) {
  const cookies = await signInToProduct(siteUrl(), identityCookie);
  return { identityCookie, productCookie: cookies.slice(identityCookie.length + 2) };
}

/** The e-mail address the product's session token names, after the browser refreshes it. */
async function sessionEmail(reader: Reader): Promise<unknown> {
  const cookies = await signInToProduct(siteUrl(), reader.identityCookie);
  return decodeJwt(cookies.slice(cookies.indexOf('bof_session=') + 'bof_session='.length)).email;
}

type Result = {
  __typename: string;
  message?: string;
  fieldErrors?: { path: string[]; code: string; message: string }[];
  redirectBrowserTo?: string;
  retryAfterSeconds?: number;
  newEmail?: string;
  email?: string;
};

/** Posts to the GraphQL endpoint as the reader's browser (their product session, and their identity
 * session unless `identityCookie` names another). */
async function gql(
  query: string,
  variables: Record<string, unknown>,
  reader?: Reader,
  identityCookie?: string,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const cookies = [identityCookie ?? reader?.identityCookie, reader?.productCookie].filter(Boolean);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const response = await graphql(
    new Request(`${siteUrl()}/api/graphql/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await response.json()) as { data?: Record<string, Result>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0]!;
}

const RESULT = `__typename ... on Error { message } ... on ZodError { fieldErrors { path code message } }`;
const REQUEST_ERRORS = `... on SessionRefreshRequiredError { redirectBrowserTo }
  ... on EmailChangeRateLimitedError { retryAfterSeconds }`;
const request = (newEmail: string, reader?: Reader, cookie?: string) =>
  gql(
    `mutation ($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { ${RESULT} ${REQUEST_ERRORS} ... on EmailChangeRequested { newEmail expiresAt } } }`,
    { input: { newEmail } },
    reader,
    cookie,
  );
const confirm = (code: string, reader?: Reader) =>
  gql(
    `mutation ($input: ConfirmEmailChangeInput!) { confirmEmailChange(input: $input) { ${RESULT} ... on SessionRefreshRequiredError { redirectBrowserTo } ... on EmailChanged { email } } }`,
    { input: { code } },
    reader,
  );

async function codeSentTo(address: string): Promise<string> {
  const message = (await product.identity.outbox()).find((m) => m.recipient === address);
  const code = message && /Your code: (\d{6})/.exec(message.bodyText)?.[1];
  if (!code) throw new Error(`no code was sent to ${address}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function adminIdentity(id: string) {
  const response = await admin(new Request(`http://admin/admin/identities/${id}`));
  return (await response.json()) as Record<string, unknown>;
}

const fieldCodes = (result: Result) => result.fieldErrors?.map((e) => `${e.path.join('.')}:${e.code}`);

describe('requestEmailChange', () => {
  it('answers AuthError when logged out, or when the identity session is not the viewer’s', async () => {
    expect(await request('new@example.com')).toMatchObject({ __typename: 'AuthError' });
    const ada = await register('ada.auth@example.com');
    const bob = await register('bob.auth@example.com');
    expect(await request('new@example.com', ada, bob.identityCookie)).toMatchObject({
      __typename: 'AuthError',
    });
    expect(await request('new@example.com', ada, 'ory_kratos_session=forged')).toMatchObject({
      __typename: 'AuthError',
    });
    expect(await confirm('123456')).toMatchObject({ __typename: 'AuthError' });
  });

  it('answers ZodError for a malformed, too long, current or taken address, sending nothing', async () => {
    const ada = await register('ada.input@example.com');
    await register('taken@example.com');
    const before = (await product.identity.outbox()).length;
    expect(fieldCodes(await request('not an address', ada))).toEqual(['input.newEmail:invalid_format']);
    // Too long as a whole (over 254) and before the @ (over 64): both are said.
    expect(fieldCodes(await request(`${'x'.repeat(250)}@example.com`, ada))).toEqual([
      'input.newEmail:too_big',
      'input.newEmail:custom',
    ]);
    expect(fieldCodes(await request(`${'x'.repeat(65)}@example.com`, ada))).toEqual([
      'input.newEmail:custom',
    ]);
    expect(fieldCodes(await request('  ADA.input@example.com ', ada))).toEqual([
      'input.newEmail:same_as_current',
    ]);
    const taken = await request('Taken@example.com', ada);
    expect(taken.fieldErrors).toEqual([
      {
        path: ['input', 'newEmail'],
        code: 'already_used',
        message: 'This e-mail address is already used by another account.',
      },
    ]);
    expect(fieldCodes(await confirm('12ab', ada))).toEqual(['input.code:invalid_format']);
    expect((await product.identity.outbox()).length).toBe(before);
  });

  it('asks for a fresh sign-in when the identity session is older than the privileged window', async () => {
    const ada = await register('ada.stale@example.com');
    advance(901);
    const result = await request('ada.fresh@example.com', ada);
    expect(result.__typename).toBe('SessionRefreshRequiredError');
    const url = new URL(result.redirectBrowserTo!);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/self-service/login/browser`);
    expect(url.searchParams.get('refresh')).toBe('true');
    expect(url.searchParams.get('return_to')).toBe(`${new URL(base).origin}/user/account/`);
    await expect(codeSentTo('ada.fresh@example.com')).rejects.toThrow();
  });

  it('limits the codes a reader can ask for in an hour', async () => {
    const ada = await register('ada.limit@example.com');
    for (let i = 0; i < 5; i += 1)
      expect(await request(`ada.limit${i}@example.com`, ada)).toMatchObject({
        __typename: 'EmailChangeRequested',
      });
    const limited = await request('ada.limit5@example.com', ada);
    expect(limited).toMatchObject({ __typename: 'EmailChangeRateLimitedError' });
    expect(limited.retryAfterSeconds).toBeGreaterThan(3000);
    advance(3601);
    const again = await register('ada.limit.again@example.com');
    expect(await request('ada.later@example.com', again)).toMatchObject({
      __typename: 'EmailChangeRequested',
    });
  });
});

describe('confirmEmailChange', () => {
  it('counts wrong codes, then refuses even the right one after the fifth', async () => {
    const ada = await register('ada.tries@example.com');
    await request('ada.tries.new@example.com', ada);
    const code = await codeSentTo('ada.tries.new@example.com');
    const first = await confirm(otherCode(code), ada);
    expect(first.fieldErrors).toEqual([
      { path: ['input', 'code'], code: 'invalid_code', message: 'That code is not right. 4 tries left.' },
    ]);
    for (let i = 0; i < 4; i += 1) await confirm(otherCode(code), ada);
    expect(fieldCodes(await confirm(code, ada))).toEqual(['input.code:too_many_attempts']);
    expect((await adminIdentity(ada.identityId)).traits).toMatchObject({ email: 'ada.tries@example.com' });
    // A new request starts over.
    await request('ada.tries.new@example.com', ada);
    expect(await confirm(await codeSentTo('ada.tries.new@example.com'), ada)).toMatchObject({
      __typename: 'EmailChanged',
    });
  });

  it('asks for a fresh sign-in when the sign-in grew old after the code was sent, changing nothing', async () => {
    const ada = await register('ada.ageing@example.com');
    advance(800);
    await request('ada.ageing.new@example.com', ada);
    const code = await codeSentTo('ada.ageing.new@example.com');
    advance(200); // the code is still valid (10 minutes); the sign-in is not (15 minutes)
    const result = await confirm(code, ada);
    expect(result).toMatchObject({
      __typename: 'SessionRefreshRequiredError',
      message:
        'You signed in too long ago to change your e-mail address. Sign in again to change your e-mail address.',
    });
    expect(new URL(result.redirectBrowserTo!).searchParams.get('refresh')).toBe('true');
    expect((await adminIdentity(ada.identityId)).traits).toMatchObject({ email: 'ada.ageing@example.com' });
    expect(await sessionEmail(ada)).toBe('ada.ageing@example.com');
    // The refused try did not count against the code: after a fresh sign-in, a wrong code leaves all
    // five tries but one, and the code still changes the address.
    const fresh = {
      ...ada,
      ...(await signIn((await identitySession(identity, base, ada.email, 'login')).cookie)),
    };
    expect(await confirm(otherCode(code), fresh)).toMatchObject({
      fieldErrors: [{ code: 'invalid_code', message: 'That code is not right. 4 tries left.' }],
    });
    expect(await confirm(code, fresh)).toMatchObject({ __typename: 'EmailChanged' });
  });

  it('refuses an expired code, a used one, and confirming without a pending change', async () => {
    const ada = await register('ada.expiry@example.com');
    expect(fieldCodes(await confirm('123456', ada))).toEqual(['input.code:no_pending_change']);
    await request('ada.expiry.new@example.com', ada);
    const code = await codeSentTo('ada.expiry.new@example.com');
    advance(601);
    expect(await confirm(code, ada)).toMatchObject({
      fieldErrors: [{ code: 'expired', message: 'This code has expired. Ask for a new code.' }],
    });
    const bob = await register('bob.used@example.com');
    await request('bob.used.new@example.com', bob);
    const bobCode = await codeSentTo('bob.used.new@example.com');
    expect(await confirm(bobCode, bob)).toMatchObject({ __typename: 'EmailChanged' });
    expect(fieldCodes(await confirm(bobCode, bob))).toEqual(['input.code:no_pending_change']);
  });

  it("cannot confirm someone else's pending change", async () => {
    const ada = await register('ada.mine@example.com');
    const eve = await register('eve.thief@example.com');
    await request('ada.mine.new@example.com', ada);
    const code = await codeSentTo('ada.mine.new@example.com');
    expect(fieldCodes(await confirm(code, eve))).toEqual(['input.code:no_pending_change']);
    await request('eve.thief.new@example.com', eve);
    expect(fieldCodes(await confirm(code, eve))).toEqual(['input.code:invalid_code']);
    expect((await adminIdentity(eve.identityId)).traits).toMatchObject({ email: 'eve.thief@example.com' });
    expect(await confirm(code, ada)).toMatchObject({
      __typename: 'EmailChanged',
      email: 'ada.mine.new@example.com',
    });
  });

  it('changes the identity’s trait and addresses (new one verified) and the account’s e-mail', async () => {
    const ada = await register('ada.change@example.com');
    const requested = await request(' Ada.Changed@Example.com ', ada);
    expect(requested).toMatchObject({
      __typename: 'EmailChangeRequested',
      newEmail: 'ada.changed@example.com',
    });
    const message = (await product.identity.outbox()).find((m) => m.recipient === 'ada.changed@example.com')!;
    expect(message).toMatchObject({ templateType: 'email_change_code' });
    // Nothing changes before the code is confirmed.
    expect((await adminIdentity(ada.identityId)).traits).toMatchObject({ email: 'ada.change@example.com' });
    expect(await sessionEmail(ada)).toBe('ada.change@example.com');

    const changed = await confirm(` ${await codeSentTo('ada.changed@example.com')} `, ada);
    expect(changed).toEqual({ __typename: 'EmailChanged', email: 'ada.changed@example.com' });
    expect(await adminIdentity(ada.identityId)).toMatchObject({
      traits: { email: 'ada.changed@example.com', name: { first: 'Ada' } },
      verifiable_addresses: [{ value: 'ada.changed@example.com', verified: true, status: 'completed' }],
      recovery_addresses: [{ value: 'ada.changed@example.com' }],
      credentials: { password: { identifiers: ['ada.changed@example.com'] } },
    });
    // A refreshed product session names the new address.
    expect(await sessionEmail(ada)).toBe('ada.changed@example.com');
    const byOld = await admin(
      new Request('http://admin/admin/identities?credentials_identifier=ada.change@example.com'),
    );
    expect(await byOld.json()).toEqual([]);
    // The identity session carries on, and whoami now names the new address.
    const whoami = await identity(
      new Request(`${base}/sessions/whoami`, {
        headers: { cookie: ada.identityCookie, accept: 'application/json' },
      }),
    );
    expect(await whoami.json()).toMatchObject({ identity: { traits: { email: 'ada.changed@example.com' } } });
  });
});

describe('the identity port against the built-in admin API', () => {
  it('finds an identity by id and by e-mail, and null for unknown ones', async () => {
    const grace = await register('grace.port@example.com');
    const port = createKratosIdentityAdmin({
      baseUrl: 'http://admin',
      fetch: (url, init) => admin(new Request(url, init)),
    });
    const expected = {
      id: grace.identityId,
      email: 'grace.port@example.com',
      state: 'active',
      emailVerified: false,
    };
    expect(await port.findIdentityById(grace.identityId)).toEqual(expected);
    expect(await port.findIdentityByEmail('grace.port@example.com')).toEqual(expected);
    expect(await port.findIdentityById('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await port.findIdentityById('not-a-uuid')).toBeNull();
    expect(await port.findIdentityByEmail('nobody.port@example.com')).toBeNull();
  });
});
