import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { listOutbox } from './courier/mailer';
import { codeOf } from './courier/dev-mailbox-page';
import { createCookieJarFetch } from './testing/cookie-jar-fetch';
import { kratosSchemaErrors } from './testing/kratos-schemas';
import { TEST_BASE, TEST_SITE, testIdentityServer } from './testing/test-identity-server';

// Kratos's answers to the edges of its API (its source: selfservice/flow/*, selfservice/strategy/*,
// session/handler.go), each checked here against the answer of this server.

let handle: DatabaseHandle;
let env: ReturnType<typeof testIdentityServer>;

beforeAll(async () => {
  handle = await createTestDatabase();
  env = testIdentityServer(handle.db);
});
afterAll(async () => handle.close());

type Flow = {
  id: string;
  state: string;
  ui: {
    messages?: { id: number; text: string }[];
    nodes: { attributes: { name?: string; value?: unknown }; messages: { id: number; text: string }[] }[];
  };
};

/** A browser (cookie jar, JSON answers) with helpers to create, fetch and submit flows. */
function browser() {
  const jar = createCookieJarFetch(env.server);
  const get = (path: string) => jar.fetch(`${TEST_BASE}${path}`);
  const csrf = (flow: Flow) =>
    String(flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value);
  const create = async (type: string, query = '') =>
    (await (await get(`/self-service/${type}/browser${query}`)).json()) as Flow;
  const post = (
    type: string,
    flow: Flow,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    jar.fetch(`${TEST_BASE}/self-service/${type}?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ csrf_token: csrf(flow), ...body }),
    });
  return { jar, get, create, post, csrf };
}

/** An app (no cookies), with the same helpers on API flows. */
function app() {
  const call = (path: string, init: RequestInit = {}) =>
    env.server.fetch(new Request(`${TEST_BASE}${path}`, init), { remoteAddress: '192.0.2.20' });
  const create = async (type: string, token?: string) =>
    (await (
      await call(`/self-service/${type}/api`, token ? { headers: { 'x-session-token': token } } : {})
    ).json()) as Flow;
  const post = (
    type: string,
    flow: Flow,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    call(`/self-service/${type}?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return { call, create, post };
}

async function registered(email: string) {
  const b = browser();
  const flow = await b.create('registration');
  const res = await b.post('registration', flow, {
    method: 'password',
    password: 'velvet-runway-42',
    traits: { email },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { session: { id: string } };
  return { b, sessionId: body.session.id };
}

async function registeredApp(email: string) {
  const a = app();
  const flow = await a.create('registration');
  const res = await a.post('registration', flow, {
    method: 'password',
    password: 'tailored-coat-19',
    traits: { email },
  });
  return { a, token: ((await res.json()) as { session_token: string }).session_token };
}

async function latestCodeFor(address: string) {
  const message = (await listOutbox(handle.db)).find((m) => m.recipient === address);
  return codeOf(message!.bodyText)!;
}

const ENDPOINT_DISABLED =
  'This endpoint was disabled by system administrator. Please check your url or contact the system administrator to enable it.';

describe('methods Kratos knows but this server does not enable', () => {
  // [flow, kind, method, status, message id on the flow (or error reason)]
  const table: [string, 'browser' | 'api', string, number, number | string][] = [
    ['login', 'browser', 'passkey', 404, ENDPOINT_DISABLED],
    ['login', 'api', 'passkey', 404, ENDPOINT_DISABLED],
    ['login', 'browser', 'webauthn', 404, ENDPOINT_DISABLED],
    ['login', 'api', 'webauthn', 400, 4010002],
    ['login', 'browser', 'totp', 400, 4010002],
    ['login', 'browser', 'lookup_secret', 400, 4010002],
    ['login', 'browser', 'link', 400, 4010002],
    ['registration', 'browser', 'passkey', 400, 4010003],
    ['registration', 'api', 'webauthn', 400, 4010003],
    ['registration', 'browser', 'totp', 400, 4010003],
    ['registration', 'browser', 'lookup_secret', 400, 4010003],
    ['registration', 'browser', 'link', 400, 4010003],
    ['settings', 'browser', 'totp', 404, ENDPOINT_DISABLED],
    ['settings', 'api', 'totp', 404, ENDPOINT_DISABLED],
    ['settings', 'browser', 'passkey', 400, 4010004],
    ['settings', 'browser', 'webauthn', 400, 4010004],
    ['settings', 'browser', 'lookup_secret', 400, 4010004],
    ['settings', 'browser', 'link', 400, 4010004],
    ['recovery', 'browser', 'link', 400, 4010005],
    ['recovery', 'api', 'passkey', 400, 4010005],
    ['recovery', 'browser', 'webauthn', 400, 4010005],
    ['recovery', 'browser', 'totp', 400, 4010005],
    ['recovery', 'browser', 'lookup_secret', 400, 4010005],
    ['verification', 'browser', 'link', 400, 4010006],
    ['verification', 'api', 'link', 400, 4010006],
    ['verification', 'browser', 'passkey', 400, 'value must be one of "code", "link"'],
    ['verification', 'browser', 'webauthn', 400, 'value must be one of "code", "link"'],
    ['verification', 'browser', 'totp', 400, 'value must be one of "code", "link"'],
    ['verification', 'browser', 'lookup_secret', 400, 'value must be one of "code", "link"'],
  ];

  it.each(table)('%s (%s) with method=%s answers %i %s', async (type, kind, method, status, expected) => {
    let res: Response;
    const body = {
      method,
      email: 'someone@example.com',
      identifier: 'someone@example.com',
      traits: { email: 'someone@example.com' },
    };
    if (kind === 'browser') {
      const b =
        type === 'settings' ? (await registered(`s-${method}-${Date.now()}@example.com`)).b : browser();
      res = await b.post(type, await b.create(type), body);
    } else {
      const token =
        type === 'settings'
          ? (await registeredApp(`a-${method}-${Date.now()}@example.com`)).token
          : undefined;
      const a = app();
      res = await a.post(type, await a.create(type, token), body, token ? { 'x-session-token': token } : {});
    }
    expect(res.status).toBe(status);
    const answer = (await res.json()) as Flow & { error?: { reason?: string } };
    if (typeof expected === 'string' && status === 404) {
      expect(answer.error).toMatchObject({ code: 404, reason: expected });
      expect(kratosSchemaErrors('errorGeneric', answer)).toBe('');
    } else if (typeof expected === 'string') {
      const node = answer.ui.nodes.find((n) => n.attributes.name === 'method')!;
      expect(node.messages[0]).toMatchObject({ id: 4000001, text: expected });
    } else {
      expect(answer.ui.messages?.[0]?.id).toBe(expected);
    }
  });

  it('sends a browser form with a disabled method to the error screen', async () => {
    const b = browser();
    const flow = await b.create('login');
    const res = await b.jar.fetch(`${TEST_BASE}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ method: 'passkey', csrf_token: b.csrf(flow) }),
    });
    expect(res.status).toBe(303);
    const errorId = new URL(res.headers.get('location')!).searchParams.get('error')!;
    const stored = (await (await b.get(`/self-service/errors?id=${errorId}`)).json()) as { error: unknown };
    expect(stored.error).toMatchObject({ code: 404, reason: ENDPOINT_DISABLED });
  });
});

describe('fetching an expired flow', () => {
  it('answers 410 without a new flow: login carries the id and the init URL with return_to', async () => {
    const b = browser();
    const flow = await b.create('login', `?return_to=${encodeURIComponent(`${TEST_SITE}/topics/`)}`);
    env.advance(3601);
    const res = await b.get(`/self-service/login/flows?id=${flow.id}`);
    expect(res.status).toBe(410);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      error: {
        id: 'self_service_flow_expired',
        code: 410,
        status: 'Gone',
        message:
          'The requested resource is no longer available because it has expired or is otherwise invalid.',
        reason:
          'The login flow has expired. Redirect the user to the login flow init endpoint to initialize a new login flow.',
        details: {
          redirect_to: `${TEST_BASE}/self-service/login/browser?return_to=${encodeURIComponent(`${TEST_SITE}/topics/`)}`,
          return_to: `${TEST_SITE}/topics/`,
        },
      },
    });
    expect(kratosSchemaErrors('errorGeneric', body)).toBe('');
  });

  it('points an app at the API init endpoint, and settings carries no id (as in Kratos)', async () => {
    const a = app();
    const login = await a.create('login');
    const { b } = await registered(`expired-settings-${Date.now()}@example.com`);
    const settings = await b.create('settings');
    env.advance(3601);
    const apiRes = await a.call(`/self-service/login/flows?id=${login.id}`);
    expect(apiRes.status).toBe(410);
    expect(((await apiRes.json()) as { error: unknown }).error).toMatchObject({
      id: 'self_service_flow_expired',
      details: { api: `${TEST_BASE}/self-service/login/api` },
    });
    const settingsRes = await b.get(`/self-service/settings/flows?id=${settings.id}`);
    expect(settingsRes.status).toBe(410);
    const error = ((await settingsRes.json()) as { error: Record<string, unknown> }).error;
    expect(error.id).toBeUndefined();
    expect(error.details).toMatchObject({ redirect_to: `${TEST_BASE}/self-service/settings/browser` });
  });
});

describe('login flows and the AAL', () => {
  it('refuses an unknown aal with 400, aal2 without a session with 401 session_aal1_required', async () => {
    const b = browser();
    for (const aal of ['aal3', 'AAL2', 'x']) {
      const res = await b.get(`/self-service/login/browser?aal=${aal}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 400 } });
    }
    const res = await b.get('/self-service/login/browser?aal=aal2');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { id: 'session_aal1_required' } });
  });

  it('gives a signed-in reader asking for aal2 a flow without methods (none is enabled), 1010004', async () => {
    const { b } = await registered(`aal2-${Date.now()}@example.com`);
    const res = await b.get('/self-service/login/browser?aal=aal2');
    expect(res.status).toBe(200);
    const flow = (await res.json()) as Flow & { requested_aal: string };
    expect(kratosSchemaErrors('loginFlow', flow)).toBe('');
    expect(flow.requested_aal).toBe('aal2');
    expect(flow.ui.messages?.map((m) => m.id)).toEqual([1010004]);
    expect(flow.ui.nodes.map((n) => n.attributes.name)).toEqual(['csrf_token']);
    const submitted = await b.post('login', flow, {
      method: 'password',
      identifier: 'x@example.com',
      password: 'x',
    });
    expect(submitted.status).toBe(400);
    expect(((await submitted.json()) as Flow).ui.messages?.[0]?.id).toBe(4010002);
  });
});

describe('the session list and revocation', () => {
  it('reads a page token it cannot decode as the first page (ory/x ignores it) and links pages', async () => {
    const email = `pages-${Date.now()}@example.com`;
    const { b } = await registered(email);
    for (let i = 0; i < 3; i++) {
      const other = browser();
      const flow = await other.create('login');
      expect(
        (
          await other.post('login', flow, {
            method: 'password',
            identifier: email,
            password: 'velvet-runway-42',
          })
        ).status,
      ).toBe(200);
    }
    const all = await b.get('/sessions?page_token=%%%not-base64');
    expect(all.status).toBe(200);
    expect((await all.json()) as unknown[]).toHaveLength(3);
    const first = await b.get('/sessions?page_size=2');
    expect(first.headers.get('x-total-count')).toBe('3');
    const firstPage = (await first.json()) as { id: string }[];
    expect(firstPage).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    expect(next.startsWith('/identity/sessions?')).toBe(true);
    const second = (await (await b.jar.fetch(`${TEST_SITE}${next}`)).json()) as { id: string }[];
    expect(second).toHaveLength(1);
    expect(firstPage.map((s) => s.id)).not.toContain(second[0]!.id);
  });

  it('answers 400 to a session id that is not a UUID, and to revoking the current session', async () => {
    const { b, sessionId } = await registered(`revoke-${Date.now()}@example.com`);
    const bad = await b.jar.fetch(`${TEST_BASE}/sessions/not-a-uuid`, { method: 'DELETE' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 400, message: expect.stringContaining('uuid') },
    });
    const own = await b.jar.fetch(`${TEST_BASE}/sessions/${sessionId}`, { method: 'DELETE' });
    expect(own.status).toBe(400);
    const unknown = await b.jar.fetch(`${TEST_BASE}/sessions/00000000-0000-4000-8000-000000000000`, {
      method: 'DELETE',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('request bodies', () => {
  it('refuses a body over 64 KiB, declared or streamed, before reading it', async () => {
    const b = browser();
    const flow = await b.create('login');
    const big = JSON.stringify({ method: 'password', identifier: 'x'.repeat(70_000) });
    const declared = await b.jar.fetch(`${TEST_BASE}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    });
    expect(declared.status).toBe(413);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16_384).fill(32));
        if (pulled > 100) controller.close();
      },
    });
    const streamed = await env.server.fetch(
      new Request(`${TEST_BASE}/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    const callback = await env.server.fetch(
      new Request(`${TEST_BASE}/self-service/methods/oidc/callback/apple`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `code=${'c'.repeat(70_000)}`,
      }),
    );
    expect(callback.status).toBe(413);
  });
});

describe('API flows refuse browsers (Kratos flow.EnsureCSRF)', () => {
  it.each([
    ['an Origin header', { origin: 'https://evil.test' }, 'Origin'],
    ['a cookie', { cookie: 'ory_kratos_session=abc' }, 'Cookie'],
  ])('answers the flow with 4000001 for %s', async (_, headers, word) => {
    const a = app();
    const flow = await a.create('login');
    const res = await a.post(
      'login',
      flow,
      { method: 'password', identifier: 'n@example.com', password: 'x' },
      headers,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as Flow;
    expect(kratosSchemaErrors('loginFlow', body)).toBe('');
    expect(body.ui.messages?.[0]).toMatchObject({ id: 4000001 });
    expect(body.ui.messages?.[0]?.text).toContain(`"${word}" key`);
  });

  it('lets a CDN cookie through, and never sets a cookie on an API flow', async () => {
    const a = app();
    const flow = await a.create('login');
    const res = await a.post(
      'login',
      flow,
      { method: 'password', identifier: 'n@example.com', password: 'x' },
      { cookie: '__cf_bm=abc' },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Flow).ui.messages?.[0]?.id).toBe(4000006);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe('logout', () => {
  it('gives the same token on every call, and logs out only the session the token was issued for', async () => {
    const first = await registered(`logout-a-${Date.now()}@example.com`);
    const second = await registered(`logout-b-${Date.now()}@example.com`);
    const tokenOf = async (b: ReturnType<typeof browser>) =>
      ((await (await b.get('/self-service/logout/browser')).json()) as { logout_token: string }).logout_token;
    const token = await tokenOf(first.b);
    expect(await tokenOf(first.b)).toBe(token);
    // The second reader's browser follows the first reader's link: refused, nobody is logged out.
    const crossed = await second.b.get(`/self-service/logout?token=${encodeURIComponent(token)}`);
    expect(crossed.status).toBe(403);
    expect(await crossed.json()).toMatchObject({
      error: {
        reason:
          'Unable to log out because the logout token in the URL query does not match the session cookie.',
      },
    });
    expect((await second.b.get('/sessions/whoami')).status).toBe(200);
    expect((await first.b.get('/sessions/whoami')).status).toBe(200);
    // Without any session the link is refused too.
    const stranger = await browser().get(`/self-service/logout?token=${encodeURIComponent(token)}`);
    expect(stranger.status).toBe(401);
    expect((await first.b.get(`/self-service/logout?token=${encodeURIComponent(token)}`)).status).toBe(204);
    expect((await first.b.get('/sessions/whoami')).status).toBe(401);
  });
});

describe('recovery and verification after too many codes, as Kratos retries them', () => {
  it('recovery: a wrong code answers 200; past the limit a new flow carries 4000001', async () => {
    const email = `recover-tries-${Date.now()}@example.com`;
    await registered(email);
    const b = browser();
    const flow = await b.create('recovery');
    expect((await b.post('recovery', flow, { method: 'code', email })).status).toBe(200);
    const code = await latestCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await b.post('recovery', flow, { method: 'code', code: wrong });
    expect(first.status).toBe(200);
    expect(((await first.json()) as Flow).ui.messages?.[0]?.id).toBe(4060006);
    for (let i = 0; i < 4; i++) await b.post('recovery', flow, { method: 'code', code: wrong });
    const spent = await b.post('recovery', flow, { method: 'code', code });
    expect(spent.status).toBe(303);
    const location = spent.headers.get('location')!;
    expect(location.startsWith(`${TEST_BASE}/self-service/recovery/flows?id=`)).toBe(true);
    const replacement = (await (await b.jar.fetch(location)).json()) as Flow;
    expect(replacement.id).not.toBe(flow.id);
    expect(replacement.ui.messages?.[0]).toMatchObject({ id: 4000001 });
    expect(b.jar.cookies.has('ory_kratos_session')).toBe(false);
  });

  it('verification: a wrong code answers 200; past the limit 410 self_service_flow_replaced', async () => {
    const email = `verify-tries-${Date.now()}@example.com`;
    await registered(email);
    const b = browser();
    const flow = await b.create('verification');
    expect((await b.post('verification', flow, { method: 'code', email })).status).toBe(200);
    const code = await latestCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await b.post('verification', flow, { method: 'code', code: wrong })).status).toBe(200);
    for (let i = 0; i < 4; i++) await b.post('verification', flow, { method: 'code', code: wrong });
    const spent = await b.post('verification', flow, { method: 'code', code });
    expect(spent.status).toBe(410);
    const body = (await spent.json()) as { error: { id: string }; use_flow_id: string };
    expect(body.error.id).toBe('self_service_flow_replaced');
    const replacement = (await (
      await b.get(`/self-service/verification/flows?id=${body.use_flow_id}`)
    ).json()) as Flow;
    expect(replacement.ui.messages?.[0]).toMatchObject({ id: 4000001 });
  });
});

describe('recovery while signed in', () => {
  it('answers a script 400 session_already_available and sends a form on to the site', async () => {
    const email = `recover-signed-in-${Date.now()}@example.com`;
    const { b } = await registered(email);
    const flow = await b.create('recovery');
    const res = await b.post('recovery', flow, { method: 'code', email });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { id: 'session_already_available' } });
    const form = await b.jar.fetch(`${TEST_BASE}/self-service/recovery?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ method: 'code', email, csrf_token: b.csrf(flow) }),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`${TEST_SITE}/`);
  });
});

describe('the WebAuthn script', () => {
  it('is served as Kratos serves it, a script defining the functions Ory UIs call', async () => {
    const res = await browser().get('/.well-known/ory/webauthn.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    const script = await res.text();
    expect(script).not.toContain("alert('Security keys");
    // It runs: define what it needs, then check the globals it installs.
    const window: Record<string, unknown> = {
      PublicKeyCredential: function PublicKeyCredential() {},
      dispatchEvent: () => true,
    };
    new Function('window', 'CustomEvent', script)(window, class {});
    for (const name of [
      'WebAuthnLogin',
      'WebAuthnRegistration',
      'PasskeyLogin',
      'PasskeyLoginAutocompleteInit',
      'PasskeyRegistration',
      'PasskeySettingsRegistration',
    ]) {
      expect(typeof window[`__ory${name}`]).toBe('function');
      expect(typeof window[`ory${name}`]).toBe('function');
    }
    expect(window.__oryWebAuthnInitialized).toBe(true);
  });
});
