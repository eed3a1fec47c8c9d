import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Configuration, FrontendApi, ResponseError } from '@ory/client-fetch';
import { OAuth2Server } from 'oauth2-mock-server';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import type { OidcProviderConfig } from './identity-config';
import { createCookieJarFetch } from './testing/cookie-jar-fetch';
import { kratosSchemaErrors } from './testing/kratos-schemas';
import { TEST_BASE, TEST_SITE, testIdentityServer } from './testing/test-identity-server';

// A real OpenID provider in-process (oauth2-mock-server): discovery, JWKS, authorize, token with PKCE.
let op: OAuth2Server;
let handle: DatabaseHandle;
let env: ReturnType<typeof testIdentityServer>;
let google: OidcProviderConfig;
/** Claims the next ID token gets (the access token is left alone). */
let nextClaims: Record<string, unknown> = {};
const tokenRequests: Record<string, string>[] = [];

beforeAll(async () => {
  op = new OAuth2Server();
  await op.issuer.keys.generate('RS256');
  await op.start(0, '127.0.0.1');
  op.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (!('amr' in token.payload)) Object.assign(token.payload, nextClaims);
  });
  op.service.on('beforeResponse', (_response: unknown, req: { body: Record<string, string> }) => {
    tokenRequests.push(req.body);
  });
  google = {
    id: 'google',
    label: 'Google',
    clientId: 'bof-web.apps.example',
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
  // ID tokens are signed at the provider's wall-clock time.
  env.clock.now = new Date();
  nextClaims = {};
});

type Flow = {
  id: string;
  ui: {
    nodes: {
      group: string;
      attributes: Record<string, unknown>;
      meta: { label?: { id: number; text: string; context?: Record<string, unknown> } };
    }[];
  };
};

function browser() {
  const jar = createCookieJarFetch(env.server);
  const api = new FrontendApi(new Configuration({ basePath: TEST_BASE, fetchApi: jar.fetch }));
  const conforms = (schema: string) => {
    expect(kratosSchemaErrors(schema, jar.state.last?.body)).toBe('');
    return jar.state.last!;
  };
  return { jar, api, conforms };
}
type Browser = ReturnType<typeof browser>;

const csrfOf = (flow: Flow) =>
  flow.ui.nodes.map((n) => n.attributes).find((a) => a.name === 'csrf_token')?.value as string;

async function failure<T>(promise: Promise<T>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ResponseError) return error.response;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Submits the login flow's Google button as an HTML form does; answers the provider URL (a 303). */
async function startAtGoogle(b: Browser, returnTo = `${TEST_SITE}/topics/luxury/`) {
  const flow = (await b.api.createBrowserLoginFlow({ returnTo })) as unknown as Flow;
  const res = await b.jar.fetch(`${TEST_BASE}/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ method: 'oidc', provider: 'google', csrf_token: csrfOf(flow) }),
  });
  expect(res.status).toBe(303);
  return { flow, authorize: new URL(res.headers.get('location')!) };
}

/** The provider signs the person in and sends the browser back: the callback URL it redirects to. */
async function atProvider(authorize: URL): Promise<string> {
  const res = await fetch(authorize, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

/** The browser follows the provider's redirect to our callback. */
const back = (b: Browser, callbackUrl: string) =>
  b.jar.fetch(callbackUrl, { headers: { accept: 'text/html' } });

async function signInWithGoogle(b: Browser, claims: Record<string, unknown>) {
  const { flow, authorize } = await startAtGoogle(b);
  nextClaims = claims;
  const res = await back(b, await atProvider(authorize));
  return { flow, res };
}

/** The flow screen the callback sent the browser to, and its first message. */
async function flowShown(b: Browser, res: Response) {
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`${TEST_SITE}/user/login/`);
  const shown = await b.api.getLoginFlow({ id: location.searchParams.get('flow')! });
  b.conforms('loginFlow');
  return { flow: shown, message: shown.ui.messages?.[0] };
}

const googleUser = (sub: string, email: string, extra: Record<string, unknown> = {}) => ({
  sub,
  email,
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Hopper',
  ...extra,
});

describe('social sign-in offered by the flows', () => {
  it('shows a Google button on login (1010002) and registration (1040002), and none without providers', async () => {
    const b = browser();
    const login = (await b.api.createBrowserLoginFlow()) as unknown as Flow;
    b.conforms('loginFlow');
    const button = login.ui.nodes.find((n) => n.group === 'oidc')!;
    expect(button.attributes).toMatchObject({ name: 'provider', value: 'google', type: 'submit' });
    expect(button.meta.label).toMatchObject({
      id: 1010002,
      text: 'Sign in with Google',
      context: { provider: 'Google', provider_id: 'google' },
    });
    const registration = (await b.api.createBrowserRegistrationFlow()) as unknown as Flow;
    b.conforms('registrationFlow');
    expect(registration.ui.nodes.find((n) => n.group === 'oidc')!.meta.label?.id).toBe(1040002);

    const plain = testIdentityServer(handle.db);
    const jar = createCookieJarFetch(plain.server);
    const bare = (await (await jar.fetch(`${TEST_BASE}/self-service/login/browser`)).json()) as Flow;
    expect(bare.ui.nodes.some((n) => n.group === 'oidc')).toBe(false);
  });

  it('sends a form to the provider with state, nonce, PKCE S256, the scopes and the callback URL', async () => {
    const b = browser();
    const { flow, authorize } = await startAtGoogle(b);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${op.issuer.url}/authorize`);
    const q = authorize.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(google.clientId);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('redirect_uri')).toBe(`${TEST_BASE}/self-service/methods/oidc/callback/google`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.startsWith(`${flow.id}.`)).toBe(true);
    expect(b.jar.cookies.get('ory_kratos_oidc_state')).toBe(encodeURIComponent(q.get('state')!));
  });

  it('answers a script (browser flow with JSON) and a native API flow with 422 and redirect_browser_to', async () => {
    const b = browser();
    const flow = await b.api.createBrowserLoginFlow();
    const spa = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'oidc', provider: 'google', csrf_token: csrfOf(flow as never) },
      }),
    );
    expect(spa.status).toBe(422);
    const body = b.conforms('errorBrowserLocationChangeRequired').body as {
      error: { id: string };
      redirect_browser_to: string;
    };
    expect(body.error.id).toBe('browser_location_change_required');
    expect(body.redirect_browser_to.startsWith(`${op.issuer.url}/authorize?`)).toBe(true);
    expect(b.jar.cookies.has('ory_kratos_oidc_state')).toBe(true);

    const n = browser();
    const native = await n.api.createNativeLoginFlow();
    const res = await failure(
      n.api.updateLoginFlow({ flow: native.id, updateLoginFlowBody: { method: 'oidc', provider: 'google' } }),
    );
    expect(res.status).toBe(422);
    expect(
      (n.conforms('errorBrowserLocationChangeRequired').body as { redirect_browser_to: string })
        .redirect_browser_to,
    ).toContain('/authorize?');
  });

  it('shows an unknown provider on the flow', async () => {
    const b = browser();
    const flow = await b.api.createBrowserLoginFlow();
    const res = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'oidc', provider: 'myspace', csrf_token: csrfOf(flow as never) },
      }),
    );
    expect(res.status).toBe(400);
    const shown = b.conforms('loginFlow').body as { ui: { messages: { id: number }[] } };
    expect(shown.ui.messages[0]!.id).toBe(5000001);
  });
});

describe('signing in with Google', () => {
  it('creates an identity for a new person, verified, and signs them in with method oidc', async () => {
    const b = browser();
    const { res } = await signInWithGoogle(b, googleUser('g-100', 'Grace@Example.com'));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${TEST_SITE}/topics/luxury/`);
    expect(b.jar.cookies.has('ory_kratos_oidc_state')).toBe(false);
    const me = await b.api.toSession();
    b.conforms('session');
    expect(me.identity?.traits).toEqual({
      email: 'grace@example.com',
      name: { first: 'Grace', last: 'Hopper' },
    });
    expect(me.identity?.verifiable_addresses?.[0]).toMatchObject({
      value: 'grace@example.com',
      verified: true,
      status: 'completed',
    });
    expect(me.authenticator_assurance_level).toBe('aal1');
    expect(me.authentication_methods).toEqual([
      expect.objectContaining({ method: 'oidc', aal: 'aal1', provider: 'google' }),
    ]);
    // the code was exchanged with the client secret in the body and the PKCE verifier
    expect(tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: google.clientId,
      client_secret: google.clientSecret,
      redirect_uri: `${TEST_BASE}/self-service/methods/oidc/callback/google`,
    });
    expect(tokenRequests.at(-1)!.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs a returning person in to the same identity, and refuses to replay the callback', async () => {
    const first = browser();
    await signInWithGoogle(first, googleUser('g-200', 'linus@example.com'));
    const firstId = (await first.api.toSession()).identity!.id;

    const again = browser();
    const { authorize } = await startAtGoogle(again);
    nextClaims = googleUser('g-200', 'linus.new@example.com');
    const callbackUrl = await atProvider(authorize);
    expect((await back(again, callbackUrl)).status).toBe(303);
    const me = await again.api.toSession();
    expect(me.identity!.id).toBe(firstId);
    expect(me.identity!.traits).toMatchObject({ email: 'linus@example.com' });

    again.jar.cookies.delete('ory_kratos_session');
    const replay = await back(again, callbackUrl);
    const { message } = await flowShown(again, replay);
    expect(message).toMatchObject({ id: 5000001, type: 'error' });
    expect((await failure(again.api.toSession())).status).toBe(401);
  });

  it('signs up through a registration flow too', async () => {
    const b = browser();
    const flow = (await b.api.createBrowserRegistrationFlow()) as unknown as Flow;
    const start = await failure(
      b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'oidc', provider: 'google', csrf_token: csrfOf(flow) },
      }),
    );
    expect(start.status).toBe(422);
    const to = (b.conforms('errorBrowserLocationChangeRequired').body as { redirect_browser_to: string })
      .redirect_browser_to;
    nextClaims = googleUser('g-300', 'reg@example.com', { given_name: undefined, family_name: undefined });
    const res = await back(b, await atProvider(new URL(to)));
    expect(res.headers.get('location')).toBe(`${TEST_SITE}/`);
    expect((await b.api.toSession()).identity!.traits).toEqual({ email: 'reg@example.com' });
  });

  it('asks the owner of the e-mail to sign in (1010016), then links Google to that account', async () => {
    const owner = browser();
    const reg = (await owner.api.createBrowserRegistrationFlow()) as unknown as Flow;
    await owner.api.updateRegistrationFlow({
      flow: reg.id,
      updateRegistrationFlowBody: {
        method: 'password',
        password: 'velvet-runway-42',
        traits: { email: 'taken@example.com' },
        csrf_token: csrfOf(reg),
      },
    });
    const ownerId = (await owner.api.toSession()).identity!.id;

    const b = browser();
    const { res } = await signInWithGoogle(b, googleUser('g-400', 'taken@example.com'));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('no_org_ui')).toBe('true');
    const shown = await flowShown(b, res);
    const flow = shown.flow as unknown as Flow;
    const message = shown.message;
    expect(message).toMatchObject({
      id: 1010016,
      type: 'info',
      context: {
        duplicate_identifier: 'taken@example.com',
        duplicateIdentifier: 'taken@example.com',
        provider: 'Google',
        available_credential_types: expect.arrayContaining(['password', 'code']),
        available_providers: [],
      },
    });
    expect(b.jar.cookies.has('ory_kratos_session')).toBe(false);
    const identifier = flow.ui.nodes.find((n) => n.attributes.name === 'identifier')!;
    expect(identifier.attributes).toMatchObject({ type: 'hidden', value: 'taken@example.com' });
    expect(flow.ui.nodes.some((n) => n.group === 'oidc' && n.attributes.value === 'google')).toBe(false);

    // A wrong password links nothing; the right one signs in to the owner's account and links Google.
    const wrong = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'taken@example.com',
          password: 'not-the-password',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(wrong.status).toBe(400);
    const signedIn = await b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: 'taken@example.com',
        password: 'velvet-runway-42',
        csrf_token: csrfOf(flow),
      },
    });
    b.conforms('successfulNativeLogin');
    expect(signedIn.session.identity!.id).toBe(ownerId);
    expect(signedIn.session.authentication_methods?.map((m) => [m.method, m.provider])).toEqual([
      ['password', undefined],
      ['oidc', 'google'],
    ]);

    // From now on Google signs in to the same account directly.
    const later = browser();
    const again = await signInWithGoogle(later, googleUser('g-400', 'taken@example.com'));
    expect(again.res.status).toBe(303);
    expect(again.res.headers.get('location')).toBe(`${TEST_SITE}/topics/luxury/`);
    expect((await later.api.toSession()).identity!.id).toBe(ownerId);
  });

  it('links only to the account of the e-mail: signing in to another account there is refused (4010009)', async () => {
    for (const email of ['first-owner@example.com', 'second-owner@example.com']) {
      const o = browser();
      const reg = (await o.api.createBrowserRegistrationFlow()) as unknown as Flow;
      await o.api.updateRegistrationFlow({
        flow: reg.id,
        updateRegistrationFlowBody: {
          method: 'password',
          password: 'velvet-runway-42',
          traits: { email },
          csrf_token: csrfOf(reg),
        },
      });
    }
    const b = browser();
    const { res } = await signInWithGoogle(b, googleUser('g-410', 'first-owner@example.com'));
    const flow = (await flowShown(b, res)).flow as unknown as Flow;
    const refused = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'second-owner@example.com',
          password: 'velvet-runway-42',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(refused.status).toBe(400);
    expect((b.conforms('loginFlow').body as { ui: { messages: { id: number }[] } }).ui.messages[0]!.id).toBe(
      4010009,
    );
    expect(b.jar.cookies.has('ory_kratos_session')).toBe(false);
  });

  it('refuses an unverified or missing e-mail', async () => {
    for (const claims of [
      googleUser('g-500', 'unverified@example.com', { email_verified: false }),
      googleUser('g-501', '', { email: undefined }),
    ]) {
      const b = browser();
      const { res } = await signInWithGoogle(b, claims);
      expect((await flowShown(b, res)).message!.id).toBe(5000001);
      expect(b.jar.cookies.has('ory_kratos_session')).toBe(false);
    }
  });
});

describe('refused answers from the provider', () => {
  async function refused(run: (b: Browser) => Promise<Response>) {
    const b = browser();
    const res = await run(b);
    const shown = await flowShown(b, res);
    expect(b.jar.cookies.has('ory_kratos_session')).toBe(false);
    expect((await failure(b.api.toSession())).status).toBe(401);
    return shown.message!;
  }

  it('refuses a callback in a browser that did not start the sign-in (state cookie missing)', async () => {
    const attacker = browser();
    const { flow, authorize } = await startAtGoogle(attacker);
    nextClaims = googleUser('g-600', 'attacker@example.com');
    const victim = browser();
    const res = await back(victim, await atProvider(authorize));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${TEST_SITE}/user/login/?flow=${flow.id}`);
    expect(victim.jar.cookies.has('ory_kratos_session')).toBe(false);
    const shown = await attacker.api.getLoginFlow({ id: flow.id });
    expect(shown.ui.messages?.[0]).toMatchObject({ id: 5000001, type: 'error' });
    expect(shown.ui.messages?.[0]?.text).toContain('another browser');
  });

  it('refuses a state that is not the flow’s', async () => {
    const message = await refused(async (b) => {
      const { authorize } = await startAtGoogle(b);
      const url = new URL(await atProvider(authorize));
      url.searchParams.set('state', `${url.searchParams.get('state')!.split('.')[0]}.forged`);
      return back(b, url.toString());
    });
    expect(message.text).toContain('does not belong to this sign-in');
  });

  it('sends a state that matches no flow to the error screen', async () => {
    const b = browser();
    const res = await back(b, `${TEST_BASE}/self-service/methods/oidc/callback/google?code=x&state=nothing`);
    expect(res.status).toBe(303);
    const errorId = new URL(res.headers.get('location')!).searchParams.get('error')!;
    const stored = await (await b.jar.fetch(`${TEST_BASE}/self-service/errors?id=${errorId}`)).json();
    expect(stored).toMatchObject({ error: { code: 400 } });
    expect(kratosSchemaErrors('flowError', stored)).toBe('');
  });

  it.each([
    ['a nonce of another sign-in', { nonce: 'another-flows-nonce' }, 'does not belong'],
    ['an expired ID token', { exp: Math.floor(Date.now() / 1000) - 600 }, 'expired'],
    ['an ID token for another client', { aud: 'someone-elses-client' }, 'could not be verified'],
    ['an ID token from another issuer', { iss: 'https://evil.example' }, 'could not be verified'],
  ])('refuses %s', async (_, claims, text) => {
    const message = await refused(async (b) => {
      const { res } = await signInWithGoogle(b, googleUser('g-700', 'bad-token@example.com', claims));
      return res;
    });
    expect(message).toMatchObject({ id: 5000001, type: 'error' });
    expect(message.text).toContain(text);
  });

  it('shows a cancelled or denied sign-in on the flow', async () => {
    const message = await refused(async (b) => {
      const { authorize } = await startAtGoogle(b);
      op.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
        redirect.url.searchParams.delete('code');
        redirect.url.searchParams.set('error', 'access_denied');
      });
      return back(b, await atProvider(authorize));
    });
    expect(message.text).toContain('cancelled or refused');
  });

  it('turns a form post back from the provider (Apple) into a GET of the same callback', async () => {
    const res = await env.server.fetch(
      new Request(`${TEST_BASE}/self-service/methods/oidc/callback/google`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'code=abc&state=s.t&user=%7B%22name%22%3A%7B%7D%7D',
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `${TEST_BASE}/self-service/methods/oidc/callback/google?code=abc&state=s.t&user=%7B%22name%22%3A%7B%7D%7D`,
    );
  });

  it("carries only an answer's fields into that GET, and refuses a form post too long for an address", async () => {
    const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
      env.server.fetch(
        new Request(`${TEST_BASE}/self-service/methods/oidc/callback/google`, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body,
        }),
      );
    const extra = await post(`code=abc&state=s.t&next=https%3A%2F%2Fevil.example&${'x'.repeat(5000)}=1`);
    expect(extra.status).toBe(303);
    expect(extra.headers.get('location')).toBe(
      `${TEST_BASE}/self-service/methods/oidc/callback/google?code=abc&state=s.t`,
    );
    // A body that is no answer at all (JSON nested deep) carries nothing: the GET then finds no state.
    const nested = await post('['.repeat(20_000) + ']'.repeat(20_000), 'application/json');
    expect(nested.status).toBe(303);
    expect(nested.headers.get('location')).toBe(`${TEST_BASE}/self-service/methods/oidc/callback/google`);
    const long = await post(`code=${'a'.repeat(9000)}&state=s.t`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain('too long');
  });
});
