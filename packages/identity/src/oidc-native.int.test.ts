import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Configuration, FrontendApi } from '@ory/client-fetch';
import { OAuth2Server } from 'oauth2-mock-server';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import type { OidcProviderConfig } from './identity-config';
import { createCookieJarFetch } from './testing/cookie-jar-fetch';
import { kratosSchemaErrors } from './testing/kratos-schemas';
import { TEST_BASE, TEST_SITE, testIdentityServer } from './testing/test-identity-server';

// Social sign-in for native apps, against a real OpenID provider on loopback (oauth2-mock-server): an ID
// token from the provider's SDK (`provider` + `id_token`), and the browser round trip handed back to the
// app by the session token exchange. No browser is ever given a session for an API flow.

let op: OAuth2Server;
let handle: DatabaseHandle;
let env: ReturnType<typeof testIdentityServer>;
let google: OidcProviderConfig;
let nextClaims: Record<string, unknown> = {};
const APP_RETURN = 'https://app.partner.test/signed-in';

beforeAll(async () => {
  op = new OAuth2Server();
  await op.issuer.keys.generate('RS256');
  await op.start(0, '127.0.0.1');
  op.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (!('amr' in token.payload)) Object.assign(token.payload, nextClaims);
  });
  google = {
    id: 'google',
    label: 'Google',
    clientId: 'bof-app.apps.example',
    clientSecret: 'google-client-secret',
    issuerUrl: op.issuer.url!,
    scope: ['openid', 'email', 'profile'],
  };
  handle = await createTestDatabase();
  env = testIdentityServer(handle.db, { oidcProviders: [google] });
});
afterAll(async () => {
  await op.stop();
  await handle.close();
});
beforeEach(() => {
  env.clock.now = new Date();
  nextClaims = {};
});

/** An ID token as the provider's SDK hands it to an app. */
const idToken = (claims: Record<string, unknown>) =>
  op.issuer.buildToken({
    scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: google.clientId, ...claims }),
  });

const person = (sub: string, email: string, extra: Record<string, unknown> = {}) => ({
  sub,
  email,
  email_verified: true,
  given_name: 'Katherine',
  family_name: 'Johnson',
  ...extra,
});

/** An app: no cookies, JSON. */
const appCall = (path: string, init: RequestInit = {}) =>
  env.server.fetch(new Request(`${TEST_BASE}${path}`, init), { remoteAddress: '192.0.2.30' });

async function nativeFlow(type: 'login' | 'registration', query = '') {
  const res = await appCall(`/self-service/${type}/api${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; session_token_exchange_code?: string };
}

const submit = (type: 'login' | 'registration', flowId: string, body: Record<string, unknown>) =>
  appCall(`/self-service/${type}?flow=${flowId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });

describe('an ID token from the provider’s SDK (provider + id_token)', () => {
  it('signs a new person up and in with a session token, for login and registration flows', async () => {
    const flow = await nativeFlow('login');
    const res = await submit('login', flow.id, {
      method: 'oidc',
      provider: 'google',
      id_token: await idToken({ ...person('n-1', 'Katherine@Example.com'), nonce: 'app-nonce-1' }),
      id_token_nonce: 'app-nonce-1',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      session_token: string;
      session: { identity: { traits: unknown }; authentication_methods: unknown[] };
    };
    expect(kratosSchemaErrors('successfulNativeLogin', body)).toBe('');
    expect(body.session_token).toMatch(/^ory_st_/);
    expect(body.session.identity.traits).toEqual({
      email: 'katherine@example.com',
      name: { first: 'Katherine', last: 'Johnson' },
    });
    expect(body.session.authentication_methods).toEqual([
      expect.objectContaining({ method: 'oidc', provider: 'google' }),
    ]);
    expect(res.headers.getSetCookie()).toEqual([]);
    const whoami = await appCall('/sessions/whoami', { headers: { 'x-session-token': body.session_token } });
    expect(whoami.status).toBe(200);

    // The same person again, on a registration flow: the same identity.
    const reg = await nativeFlow('registration');
    const again = await submit('registration', reg.id, {
      method: 'oidc',
      provider: 'google',
      id_token: await idToken({ ...person('n-1', 'katherine@example.com'), nonce: 'app-nonce-2' }),
      id_token_nonce: 'app-nonce-2',
    });
    expect(again.status).toBe(200);
    const second = (await again.json()) as {
      session: { identity: { id: string } };
      identity: { id: string };
    };
    expect(kratosSchemaErrors('successfulNativeRegistration', second)).toBe('');
    const first = (await (
      await appCall('/sessions/whoami', { headers: { 'x-session-token': body.session_token } })
    ).json()) as { identity: { id: string } };
    expect(second.session.identity.id).toBe(first.identity.id);
  });

  it.each([
    ['a nonce that is not the token’s', { nonce: 'token-nonce' }, 'other-nonce', 502],
    ['no nonce given for a token with one', { nonce: 'token-nonce' }, undefined, 502],
    ['a token for another client', { aud: 'someone-else', nonce: 'n' }, 'n', 403],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600, nonce: 'n' }, 'n', 403],
    ['a token from another issuer', { iss: 'https://evil.example', nonce: 'n' }, 'n', 403],
  ])('refuses %s', async (_, claims, nonce, status) => {
    const flow = await nativeFlow('login');
    const res = await submit('login', flow.id, {
      method: 'oidc',
      provider: 'google',
      id_token: await idToken({ ...person('n-2', 'refused@example.com'), ...claims }),
      ...(nonce ? { id_token_nonce: nonce } : {}),
    });
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(kratosSchemaErrors('errorGeneric', body)).toBe('');
  });

  it('refuses a token that is not signed by the provider', async () => {
    const flow = await nativeFlow('login');
    const token = await idToken({ ...person('n-3', 'forged@example.com'), nonce: 'n' });
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-a-signature').toString('base64url')}`;
    const res = await submit('login', flow.id, {
      method: 'oidc',
      provider: 'google',
      id_token: forged,
      id_token_nonce: 'n',
    });
    expect(res.status).toBe(403);
  });

  it('answers an e-mail that has an account with a login flow asking to sign in and link (1010016)', async () => {
    const reg = await nativeFlow('registration');
    await submit('registration', reg.id, {
      method: 'password',
      password: 'tailored-coat-19',
      traits: { email: 'owner.native@example.com' },
    });
    const flow = await nativeFlow('login');
    const res = await submit('login', flow.id, {
      method: 'oidc',
      provider: 'google',
      id_token: await idToken({ ...person('n-4', 'owner.native@example.com'), nonce: 'n' }),
      id_token_nonce: 'n',
    });
    expect(res.status).toBe(400);
    const linking = (await res.json()) as { id: string; type: string; ui: { messages: { id: number }[] } };
    expect(kratosSchemaErrors('loginFlow', linking)).toBe('');
    expect(linking.id).not.toBe(flow.id);
    expect(linking.type).toBe('api');
    expect(linking.ui.messages[0]!.id).toBe(1010016);
    const done = await submit('login', linking.id, {
      method: 'password',
      identifier: 'owner.native@example.com',
      password: 'tailored-coat-19',
    });
    expect(done.status).toBe(200);
    // Linked: the ID token alone now signs in to the owner's account.
    const later = await nativeFlow('login');
    const direct = await submit('login', later.id, {
      method: 'oidc',
      provider: 'google',
      id_token: await idToken({ ...person('n-4', 'owner.native@example.com'), nonce: 'm' }),
      id_token_nonce: 'm',
    });
    expect(direct.status).toBe(200);
    expect(
      ((await direct.json()) as { session: { identity: { traits: { email: string } } } }).session.identity
        .traits.email,
    ).toBe('owner.native@example.com');
  });
});

describe('the browser round trip of a native flow (session token exchange)', () => {
  /** The app starts the flow and the provider redirect; a browser goes to the provider and back. */
  async function roundTrip(claims: Record<string, unknown>) {
    const flow = await nativeFlow(
      'login',
      `?return_session_token_exchange_code=true&return_to=${encodeURIComponent(APP_RETURN)}`,
    );
    expect(flow.session_token_exchange_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kratosSchemaErrors('loginFlow', flow)).toBe('');
    const started = await submit('login', flow.id, { method: 'oidc', provider: 'google' });
    expect(started.status).toBe(422);
    const to = ((await started.json()) as { redirect_browser_to: string }).redirect_browser_to;
    nextClaims = claims;
    const atProvider = await fetch(to, { redirect: 'manual' });
    const callbackUrl = atProvider.headers.get('location')!;
    // The browser that follows the link has no state cookie: the flow is bound by its codes instead.
    const b = createCookieJarFetch(env.server);
    const back = await b.fetch(callbackUrl, { headers: { accept: 'text/html' } });
    return { flow, back, browser: b, callbackUrl };
  }

  it('sends the browser to return_to with a code; the app trades both codes for the token, once', async () => {
    const { flow, back, browser } = await roundTrip(person('x-1', 'exchange@example.com'));
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(APP_RETURN);
    const returnToCode = location.searchParams.get('code')!;
    expect(returnToCode).toBeTruthy();
    // No cookie for the browser: the session belongs to the app.
    expect(browser.cookies.has('ory_kratos_session')).toBe(false);
    expect(back.headers.getSetCookie().some((c) => c.startsWith('ory_kratos_session='))).toBe(false);

    const api = new FrontendApi(
      new Configuration({
        basePath: TEST_BASE,
        fetchApi: (input, init) => appCall(String(input).slice(TEST_BASE.length), init),
      }),
    );
    const exchanged = await api.exchangeSessionToken({
      initCode: flow.session_token_exchange_code!,
      returnToCode,
    });
    expect(kratosSchemaErrors('successfulCodeExchangeResponse', JSON.parse(JSON.stringify(exchanged)))).toBe(
      '',
    );
    expect(exchanged.session_token).toMatch(/^ory_st_/);
    expect(exchanged.session.identity?.traits).toMatchObject({ email: 'exchange@example.com' });
    const again = await appCall(
      `/sessions/token-exchange?init_code=${flow.session_token_exchange_code}&return_to_code=${returnToCode}`,
    );
    expect(again.status).toBe(404);
    const wrong = await appCall(
      `/sessions/token-exchange?init_code=${flow.session_token_exchange_code}&return_to_code=x`,
    );
    expect(wrong.status).toBe(404);
    expect((await appCall('/sessions/token-exchange?init_code=x')).status).toBe(400);
  });

  it('a crafted callback link does not sign the victim’s browser in to the attacker’s account', async () => {
    // The attacker starts a native flow and signs in at the provider; the victim opens the callback link.
    const { back, browser } = await roundTrip(person('attacker', 'attacker@example.com'));
    expect(back.status).toBe(303);
    expect(browser.cookies.has('ory_kratos_session')).toBe(false);
    const whoami = await browser.fetch(`${TEST_BASE}/sessions/whoami`);
    expect(whoami.status).toBe(401);
  });

  it('without a token exchange, a native callback needs the state cookie and never sets a session cookie', async () => {
    const flow = await nativeFlow('login', `?return_to=${encodeURIComponent(APP_RETURN)}`);
    const started = await submit('login', flow.id, { method: 'oidc', provider: 'google' });
    const to = ((await started.json()) as { redirect_browser_to: string }).redirect_browser_to;
    nextClaims = person('x-3', 'cookieless@example.com');
    const callbackUrl = (await fetch(to, { redirect: 'manual' })).headers.get('location')!;
    const victim = createCookieJarFetch(env.server);
    const res = await victim.fetch(callbackUrl);
    expect(res.status).toBe(400);
    expect(victim.cookies.has('ory_kratos_session')).toBe(false);
    expect((await victim.fetch(`${TEST_BASE}/sessions/whoami`)).status).toBe(401);
  });

  it('hands a refused sign-in over as the flow (422 from the exchange)', async () => {
    const { flow, back } = await roundTrip(
      person('x-4', 'unverified@example.com', { email_verified: false }),
    );
    const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
    const res = await appCall(
      `/sessions/token-exchange?init_code=${flow.session_token_exchange_code}&return_to_code=${code}`,
    );
    expect(res.status).toBe(422);
    const shown = (await res.json()) as { ui: { messages: { id: number }[] } };
    expect(kratosSchemaErrors('loginFlow', shown)).toBe('');
    expect(shown.ui.messages[0]!.id).toBe(5000001);
  });

  it('keeps a browser flow’s round trip in the browser (cookie set there)', async () => {
    const b = createCookieJarFetch(env.server);
    const flow = (await (await b.fetch(`${TEST_BASE}/self-service/login/browser`)).json()) as {
      id: string;
      ui: { nodes: { attributes: { name?: string; value?: string } }[] };
    };
    const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')!.attributes.value!;
    const start = await b.fetch(`${TEST_BASE}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ method: 'oidc', provider: 'google', csrf_token: csrf }),
    });
    nextClaims = person('x-5', 'browser.flow@example.com');
    const callbackUrl = (await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get(
      'location',
    )!;
    const back = await b.fetch(callbackUrl, { headers: { accept: 'text/html' } });
    expect(back.headers.get('location')).toBe(`${TEST_SITE}/`);
    expect(b.cookies.has('ory_kratos_session')).toBe(true);
  });
});
