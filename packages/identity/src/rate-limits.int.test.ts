import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { TEST_BASE, testIdentityServer } from './testing/test-identity-server';

// Per-IP and per-identifier limits on flow submissions: the client's address comes from the socket, and
// from X-Forwarded-For only through the configured number of trusted proxies.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => handle.close());

/** A native login submission (no CSRF to carry) from a socket address, with optional headers. */
async function submit(
  env: ReturnType<typeof testIdentityServer>,
  from: string,
  identifier: string,
  headers: Record<string, string> = {},
) {
  const flow = (await (
    await env.server.fetch(new Request(`${TEST_BASE}/self-service/login/api`), { remoteAddress: from })
  ).json()) as { id: string };
  return env.server.fetch(
    new Request(`${TEST_BASE}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ method: 'password', identifier, password: 'not-the-password' }),
    }),
    { remoteAddress: from },
  );
}

describe('the per-IP limit', () => {
  it('answers 429 with Retry-After past the limit, for that address only, until the minute ends', async () => {
    const env = testIdentityServer(handle.db, { rateLimitPerIp: 3, rateLimitPerIdentifier: 100 });
    env.clock.now = new Date('2026-03-01T10:00:15Z');
    for (let i = 0; i < 3; i++)
      expect((await submit(env, '203.0.113.1', `a${i}@example.com`)).status).toBe(400);
    const limited = await submit(env, '203.0.113.1', 'a9@example.com');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(await limited.json()).toMatchObject({ error: { code: 429, status: 'Too Many Requests' } });
    // Another client is not held back by the first one.
    expect((await submit(env, '203.0.113.2', 'b@example.com')).status).toBe(400);
    env.advance(46);
    expect((await submit(env, '203.0.113.1', 'a10@example.com')).status).toBe(400);
  });

  it('ignores X-Forwarded-For without trusted proxies: a client cannot pick a fresh bucket', async () => {
    const env = testIdentityServer(handle.db, { rateLimitPerIp: 2, rateLimitPerIdentifier: 100 });
    env.clock.now = new Date('2026-03-01T11:00:00Z');
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        (await submit(env, '198.51.100.9', `x${i}@example.com`, { 'x-forwarded-for': `10.9.9.${i}` })).status,
      );
    expect(answers).toEqual([400, 400, 429]);
  });

  it('behind one trusted proxy, limits each forwarded client and not the proxy', async () => {
    const env = testIdentityServer(handle.db, {
      rateLimitPerIp: 2,
      rateLimitPerIdentifier: 100,
      trustedProxies: 1,
    });
    env.clock.now = new Date('2026-03-01T12:00:00Z');
    const proxy = '10.0.0.2';
    const viaProxy = (client: string, n: number, spoof = '') =>
      submit(env, proxy, `p${client}${n}@example.com`, { 'x-forwarded-for': `${spoof}${client}` });
    expect((await viaProxy('192.0.2.50', 1)).status).toBe(400);
    expect((await viaProxy('192.0.2.50', 2)).status).toBe(400);
    // A client-written entry in front of the proxy's does not change who it is.
    expect((await viaProxy('192.0.2.50', 3, '1.2.3.4, ')).status).toBe(429);
    expect((await viaProxy('192.0.2.51', 1)).status).toBe(400);
  });
});

describe('the per-identifier limit', () => {
  it('answers 429 with Retry-After for one address from any number of clients', async () => {
    const env = testIdentityServer(handle.db, { rateLimitPerIp: 100, rateLimitPerIdentifier: 2 });
    env.clock.now = new Date('2026-03-01T13:00:50Z');
    expect((await submit(env, '203.0.113.10', 'target@example.com')).status).toBe(400);
    expect((await submit(env, '203.0.113.11', 'Target@Example.com')).status).toBe(400);
    const limited = await submit(env, '203.0.113.12', 'target@example.com');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('10');
    expect((await submit(env, '203.0.113.12', 'other@example.com')).status).toBe(400);
  });
});

describe('the session device', () => {
  it('records the socket address, or the trusted proxy’s forwarded one', async () => {
    for (const [proxies, expected] of [
      [0, '203.0.113.77'],
      [1, '192.0.2.99'],
    ] as const) {
      const env = testIdentityServer(handle.db, { trustedProxies: proxies });
      const email = `device${proxies}@example.com`;
      const flow = (await (
        await env.server.fetch(new Request(`${TEST_BASE}/self-service/registration/api`))
      ).json()) as { id: string };
      const done = await env.server.fetch(
        new Request(`${TEST_BASE}/self-service/registration?flow=${flow.id}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': '192.0.2.99',
            'user-agent': 'BoF app/1.0',
          },
          body: JSON.stringify({ method: 'password', password: 'tailored-coat-19', traits: { email } }),
        }),
        { remoteAddress: '::ffff:203.0.113.77' },
      );
      const body = (await done.json()) as {
        session: { devices: { ip_address?: string; user_agent?: string }[] };
      };
      expect(body.session.devices[0]).toMatchObject({ ip_address: expected, user_agent: 'BoF app/1.0' });
    }
  });
});
