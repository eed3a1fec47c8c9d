import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { TEST_BASE, testIdentityServer } from './testing/test-identity-server';

// Housekeeping: what expired more than a day ago (flows with their codes and token exchanges, sessions,
// errors) or an hour ago (rate-limit counters) is deleted; what is still of use stays.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => handle.close());

const count = async (table: string) => {
  const result = (await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
};

describe('prune', () => {
  it('deletes expired flows, codes, exchanges, sessions, counters and errors, and keeps the rest', async () => {
    const env = testIdentityServer(handle.db, { rateLimitPerIp: 10_000 });
    const call = (path: string, init: RequestInit = {}) =>
      env.server.fetch(new Request(`${TEST_BASE}${path}`, init), { remoteAddress: '192.0.2.50' });
    const register = async (email: string) => {
      const flow = (await (await call('/self-service/registration/api')).json()) as { id: string };
      const res = await call(`/self-service/registration?flow=${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'password', password: 'tailored-coat-19', traits: { email } }),
      });
      return ((await res.json()) as { session_token: string }).session_token;
    };
    // Day one: a registration (session, verification flow with a code), a code login flow, an exchange,
    // an error, counters.
    const oldToken = await register('old-prune@example.com');
    const login = (await (
      await call('/self-service/login/api?return_session_token_exchange_code=true')
    ).json()) as {
      id: string;
    };
    await call(`/self-service/login?flow=${login.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'code', identifier: 'old-prune@example.com' }),
    });
    await call('/self-service/errors?id=x');
    await env.server.fetch(
      new Request(`${TEST_BASE}/self-service/login/browser?return_to=https://evil.test/`, {
        headers: { accept: 'text/html' },
      }),
    );
    const before = {
      flows: await count('identity_flows'),
      codes: await count('identity_codes'),
      exchanges: await count('identity_token_exchanges'),
      sessions: await count('identity_sessions'),
      limits: await count('identity_rate_limits'),
      errors: await count('identity_errors'),
    };
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    // Three days later, someone new is active.
    env.advance(3 * 86_400);
    const newToken = await register('new-prune@example.com');
    const pruned = await env.server.prune();
    expect(pruned).toEqual({
      flows: before.flows,
      errors: before.errors,
      sessions: before.sessions,
      rateLimits: expect.any(Number),
    });
    expect(pruned.rateLimits).toBeGreaterThan(0);
    expect(await count('identity_codes')).toBe(1); // the new registration's verification code
    expect(await count('identity_token_exchanges')).toBe(0);
    expect(await count('identity_errors')).toBe(0);
    expect(await count('identity_sessions')).toBe(1);
    expect((await call('/sessions/whoami', { headers: { 'x-session-token': newToken } })).status).toBe(200);
    expect((await call('/sessions/whoami', { headers: { 'x-session-token': oldToken } })).status).toBe(401);
    // Nothing more to do right away.
    expect(await env.server.prune()).toEqual({ flows: 0, errors: 0, sessions: 0, rateLimits: 0 });
  });
});
