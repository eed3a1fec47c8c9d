import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { DEV_TOOLS_LOOPBACK_ONLY } from './identity-server';
import { createIdentityStore } from './store/identity-store';
import { TEST_BASE, testIdentityServer } from './testing/test-identity-server';

// The attacks of the security review on the identity server: weak and breached passwords, passwords made
// of the e-mail, malformed and over-long addresses, and the development outbox read from another machine.
let handle: DatabaseHandle;
let env: ReturnType<typeof testIdentityServer>;
const breachedAsked: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  env = testIdentityServer(
    handle.db,
    {},
    {
      // The k-anonymity check as configured in production, answered here: one password is breached.
      breachedPasswords: async (password) => {
        breachedAsked.push(password);
        return password === 'mulberry-Shawl-4417' ? 5120 : 0;
      },
    },
  );
});
afterAll(async () => handle.close());

type Node = { attributes: { name: string; value?: unknown }; messages: { id: number; text: string }[] };
type FlowBody = { id: string; ui: { nodes: Node[]; messages?: { id: number }[] } };

async function call(path: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers['x-session-token'] = init.token;
  const response = await env.server.fetch(
    new Request(`${TEST_BASE}${path}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const messagesOf = (body: unknown, field: string) =>
  ((body as FlowBody).ui.nodes.find((n) => n.attributes.name === field)?.messages ?? []).map((m) => m.id);

async function registerWith(email: string, password: string) {
  const flow = (await call('/self-service/registration/api')).body as unknown as FlowBody;
  return call(`/self-service/registration?flow=${flow.id}`, {
    json: { method: 'password', password, traits: { email } },
  });
}

describe('passwords at registration', () => {
  it.each([
    ['Password1!', 4000034],
    ['Summer2024!', 4000005],
    ['aaaaaaaaaaaa', 4000005],
    ['password123', 4000034],
  ])('refuses %s, which the old list of 80 let through or listed (%i)', async (password, id) => {
    const answer = await registerWith('weak@example.com', password);
    expect(answer.status).toBe(400);
    expect(messagesOf(answer.body, 'password')).toEqual([id]);
  });

  it('refuses a password made of the e-mail', async () => {
    for (const password of ['marguerite.dupont!', 'Dupont-Marguerite-1990']) {
      const answer = await registerWith('marguerite.dupont@example.fr', password);
      expect(messagesOf(answer.body, 'password')).toEqual([4000031]);
      const node = (answer.body as unknown as FlowBody).ui.nodes.find(
        (n) => n.attributes.name === 'password',
      )!;
      expect(node.messages[0]!.text).toBe(
        'The password can not be used because it is too similar to the identifier.',
      );
    }
  });

  it('refuses a password found by the breached-password check, with the number of breaches', async () => {
    const answer = await registerWith('breached@example.com', 'mulberry-Shawl-4417');
    expect(answer.status).toBe(400);
    const node = (answer.body as unknown as FlowBody).ui.nodes.find((n) => n.attributes.name === 'password')!;
    expect(node.messages).toEqual([
      {
        id: 4000034,
        type: 'error',
        text: 'The password has been found in data breaches and must no longer be used.',
        context: { breaches: 5120 },
      },
    ]);
    const ok = await registerWith('breached@example.com', 'juniper-Cloche-5823');
    expect(ok.status).toBe(200);
    // Weak passwords are refused before any hash prefix leaves the server.
    expect(breachedAsked).not.toContain('Password1!');
  });

  it('applies the same rules to a password change in settings', async () => {
    const registered = await registerWith('settings@example.com', 'juniper-Cloche-5823');
    const token = registered.body.session_token as string;
    for (const [password, id] of [
      ['Summer2024!', 4000005],
      ['settings-example-com', 4000031],
    ] as const) {
      const flow = (await call('/self-service/settings/api', { token })).body as unknown as FlowBody;
      const answer = await call(`/self-service/settings?flow=${flow.id}`, {
        token,
        json: { method: 'password', password },
      });
      expect(answer.status).toBe(400);
      expect(messagesOf(answer.body, 'password')).toEqual([id]);
    }
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['a<b>@example.com', 4000004],
    ['"quoted"@example.com', 4000004],
    ['ada@example', 4000004],
    ['ada@example.c0m', 4000004],
    [`${'a'.repeat(300)}@example.com`, 4000017],
    [`${'a'.repeat(65)}@example.com`, 4000001],
    [`ada@${'d'.repeat(250)}.com`, 4000017],
  ])('refuses %s at registration (%i), and keeps nothing', async (email, id) => {
    const answer = await registerWith(email, 'juniper-Cloche-5823');
    expect(answer.status).toBe(400);
    expect(messagesOf(answer.body, 'traits.email')).toEqual([id]);
    expect(answer.body.session_token).toBeUndefined();
  });

  it('says how long an address may be, in Kratos words', async () => {
    const long = await registerWith(`${'a'.repeat(300)}@example.com`, 'juniper-Cloche-5823');
    const node = (long.body as unknown as FlowBody).ui.nodes.find(
      (n) => n.attributes.name === 'traits.email',
    )!;
    expect(node.messages[0]!.text).toBe('length must be <= 254, but got 312');
    const local = await registerWith(`${'a'.repeat(65)}@example.com`, 'juniper-Cloche-5823');
    const localNode = (local.body as unknown as FlowBody).ui.nodes.find(
      (n) => n.attributes.name === 'traits.email',
    )!;
    expect(localNode.messages[0]!.text).toBe(
      'The part of the e-mail address before the @ must be at most 64 characters long, but got 65.',
    );
  });

  it('accepts an address at the limits: a 64-character local part, 254 in all', async () => {
    const local = 'a'.repeat(64);
    const email = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`;
    expect(email.length).toBe(254);
    const answer = await registerWith(email, 'juniper-Cloche-5823');
    expect(answer.status).toBe(200);
  });

  it('refuses a malformed address as a new e-mail in settings', async () => {
    const registered = await registerWith('profile@example.com', 'juniper-Cloche-5823');
    const token = registered.body.session_token as string;
    const flow = (await call('/self-service/settings/api', { token })).body as unknown as FlowBody;
    const answer = await call(`/self-service/settings?flow=${flow.id}`, {
      token,
      json: { method: 'profile', traits: { email: 'a<b>@example.com' } },
    });
    expect(answer.status).toBe(400);
    expect(messagesOf(answer.body, 'traits.email')).toEqual([4000004]);
    const me = await call('/sessions/whoami', { token });
    expect((me.body.identity as { traits: { email: string } }).traits.email).toBe('profile@example.com');
  });
});

describe('an address that predates the rules', () => {
  it('stays usable: its owner can still change their name in settings', async () => {
    const registered = await registerWith('legacy@example.com', 'juniper-Cloche-5823');
    const token = registered.body.session_token as string;
    const id = (registered.body.identity as { id: string }).id;
    // As a social provider or an earlier release may have stored it.
    const store = createIdentityStore(handle.db);
    const identity = (await store.findById(id))!;
    expect(await store.updateTraits(identity, { email: "o'brien@example.com" }, new Date())).toBe(true);
    const flow = (await call('/self-service/settings/api', { token })).body as unknown as FlowBody;
    const answer = await call(`/self-service/settings?flow=${flow.id}`, {
      token,
      json: {
        method: 'profile',
        traits: { email: "o'brien@example.com", name: { first: 'Aoife', last: "O'Brien" } },
      },
    });
    expect(answer.status).toBe(200);
    const me = await call('/sessions/whoami', { token });
    expect((me.body.identity as { traits: unknown }).traits).toEqual({
      email: "o'brien@example.com",
      name: { first: 'Aoife', last: "O'Brien" },
    });
  });
});

describe('the development outbox', () => {
  const read = (server: typeof env.server, remoteAddress: string, headers: Record<string, string> = {}) =>
    server.devMailbox(new Request('http://site.test/_dev/mail/', { headers }), { remoteAddress });

  it('answers this machine only: a client on another machine is refused, forwarded headers or not', async () => {
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await read(env.server, local)).status).toBe(200);
    const remote = await read(env.server, '203.0.113.9');
    expect(remote.status).toBe(403);
    expect(await remote.text()).toBe(DEV_TOOLS_LOOPBACK_ONLY);
    // Without trusted proxies, a client cannot claim to be local.
    expect((await read(env.server, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
  });

  it('answers everyone when DEV_TOOLS_ALLOW_REMOTE opens it, and no one outside the embedded mode', async () => {
    const open = testIdentityServer(handle.db, { devToolsAllowRemote: true });
    expect((await read(open.server, '203.0.113.9')).status).toBe(200);
    const closed = testIdentityServer(handle.db, { devMailbox: false });
    expect((await read(closed.server, '127.0.0.1')).status).toBe(404);
  });

  it('behind a trusted proxy, judges the client the proxy saw', async () => {
    const proxied = testIdentityServer(handle.db, { trustedProxies: 1 });
    expect((await read(proxied.server, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    expect((await read(proxied.server, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });
});
