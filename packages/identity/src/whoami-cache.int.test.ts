import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { createIdentityAdminServer } from './admin/admin-server';
import type { ChangeFeed } from './cache/change-feed';
import { createIdentityStore } from './store/identity-store';
import { TEST_BASE, testChangeFeed, testIdentityServer } from './testing/test-identity-server';

// whoami answers come from a cache that must never serve a revoked session or a changed identity: this
// process's writes drop them at once, other processes' through the database's change feed
// (LISTEN identity_changes; on PostgreSQL when TEST_DATABASE_URL is set, on PGlite otherwise).

let handle: DatabaseHandle;
let feed: ChangeFeed;
let env: ReturnType<typeof testIdentityServer>;

beforeAll(async () => {
  handle = await createTestDatabase();
  feed = await testChangeFeed(handle);
  // A long TTL, so that only invalidation can explain an answer changing.
  env = testIdentityServer(handle.db, {}, { changeFeed: feed, whoamiCache: { ttlMs: 3_600_000 } });
});
afterAll(async () => {
  await env.server.close();
  await handle.close();
});

const call = (path: string, init: RequestInit = {}) =>
  env.server.fetch(new Request(`${TEST_BASE}${path}`, init), { remoteAddress: '192.0.2.40' });

async function signedUp(email: string) {
  const flow = (await (await call('/self-service/registration/api')).json()) as { id: string };
  const res = await call(`/self-service/registration?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', password: 'tailored-coat-19', traits: { email } }),
  });
  const body = (await res.json()) as {
    session_token: string;
    session: { id: string; identity: { id: string } };
  };
  return { token: body.session_token, sessionId: body.session.id, identityId: body.session.identity.id };
}

const whoami = (token: string) => call('/sessions/whoami', { headers: { 'x-session-token': token } });

/** Answers whoami twice (the second from the cache) and returns the status and body of the last. */
async function warm(token: string) {
  await vi.waitFor(async () => expect((await whoami(token)).status).toBe(200));
  const res = await whoami(token);
  return { status: res.status, body: (await res.json()) as { identity?: { traits: { email: string } } } };
}

describe('whoami in process', () => {
  it('answers the very body the route answers for the same cookies, and nothing the route refuses', async () => {
    const { token, identityId } = await signedUp('in-process@example.com');
    const cookie = `ory_kratos_session=${token}`;
    await warm(token);
    const route = await call('/sessions/whoami', { headers: { cookie } });
    expect(route.status).toBe(200);
    const direct = await env.server.whoami(`theme=dark; ${cookie}`);
    expect(direct).toEqual({ body: await route.text(), identityId });
    expect(await env.server.whoami('')).toBeNull();
    expect(await env.server.whoami('ory_kratos_session=not-a-session')).toBeNull();
    // Revoked by logout: the route and the in-process answer both refuse it at once.
    await call('/self-service/logout/api', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_token: token }),
    });
    expect((await call('/sessions/whoami', { headers: { cookie } })).status).toBe(401);
    expect(await env.server.whoami(cookie)).toBeNull();
  });
});

describe('the whoami cache and this process’s writes', () => {
  it('never serves a session revoked by logout', async () => {
    const { token } = await signedUp('cache-logout@example.com');
    expect((await warm(token)).status).toBe(200);
    const out = await call('/self-service/logout/api', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_token: token }),
    });
    expect(out.status).toBe(204);
    expect((await whoami(token)).status).toBe(401);
  });

  it('never serves sessions revoked from another device, one or all', async () => {
    const first = await signedUp('cache-devices@example.com');
    const login = async () => {
      const flow = (await (await call('/self-service/login/api')).json()) as { id: string };
      const res = await call(`/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          method: 'password',
          identifier: 'cache-devices@example.com',
          password: 'tailored-coat-19',
        }),
      });
      return (await res.json()) as { session_token: string; session: { id: string } };
    };
    const second = await login();
    const third = await login();
    await warm(second.session_token);
    await warm(third.session_token);
    const one = await call(`/sessions/${second.session.id}`, {
      method: 'DELETE',
      headers: { 'x-session-token': first.token },
    });
    expect(one.status).toBe(204);
    expect((await whoami(second.session_token)).status).toBe(401);
    expect((await whoami(third.session_token)).status).toBe(200);
    await call('/sessions', { method: 'DELETE', headers: { 'x-session-token': first.token } });
    expect((await whoami(third.session_token)).status).toBe(401);
    expect((await whoami(first.token)).status).toBe(200);
  });

  it('serves a changed identity as changed: traits and state through the admin API', async () => {
    const { token, identityId } = await signedUp('cache-traits@example.com');
    expect((await warm(token)).body.identity?.traits.email).toBe('cache-traits@example.com');
    const admin = createIdentityAdminServer({ db: handle.db, publicBaseUrl: TEST_BASE });
    const patch = (ops: unknown[]) =>
      admin.fetch(
        new Request(`http://admin/admin/identities/${identityId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ops),
        }),
      );
    expect(
      (await patch([{ op: 'replace', path: '/traits/email', value: 'cache-traits.new@example.com' }])).status,
    ).toBe(200);
    const changed = (await (await whoami(token)).json()) as { identity: { traits: { email: string } } };
    expect(changed.identity.traits.email).toBe('cache-traits.new@example.com');
    expect((await patch([{ op: 'replace', path: '/state', value: 'inactive' }])).status).toBe(200);
    expect((await whoami(token)).status).toBe(401);
  });

  it('serves a verification as it happens', async () => {
    const { token } = await signedUp('cache-verify@example.com');
    const before = await warm(token);
    expect(before.status).toBe(200);
    await createIdentityStore(handle.db).markVerified('cache-verify@example.com', new Date());
    const after = (await (await whoami(token)).json()) as {
      identity: { verifiable_addresses: { verified: boolean }[] };
    };
    expect(after.identity.verifiable_addresses[0]!.verified).toBe(true);
  });
});

describe('the whoami cache and other processes’ writes (the database’s change feed)', () => {
  it('drops a session revoked by a write that went around this process', async () => {
    const { token, sessionId } = await signedUp('cache-feed-session@example.com');
    expect((await warm(token)).status).toBe(200);
    // Another process: plain SQL, so this process's stores know nothing of it; only the trigger's notify tells.
    await handle.db.execute(sql`update identity_sessions set active = false where id = ${sessionId}`);
    await vi.waitFor(async () => expect((await whoami(token)).status).toBe(401), { timeout: 10_000 });
  });

  it('drops an identity disabled, or its address changed, by another process', async () => {
    const { token, identityId } = await signedUp('cache-feed-identity@example.com');
    expect((await warm(token)).status).toBe(200);
    await handle.db.execute(
      sql`update identity_addresses set verified = true, status = 'completed' where identity_id = ${identityId}`,
    );
    await vi.waitFor(
      async () => {
        const body = (await (await whoami(token)).json()) as {
          identity: { verifiable_addresses: { verified: boolean }[] };
        };
        expect(body.identity.verifiable_addresses[0]!.verified).toBe(true);
      },
      { timeout: 10_000 },
    );
    await handle.db.execute(sql`update identity_identities set state = 'inactive' where id = ${identityId}`);
    await vi.waitFor(async () => expect((await whoami(token)).status).toBe(401), { timeout: 10_000 });
  });

  it('drops, within one second, a session ended, an identity blocked and one deleted by another process', async () => {
    const revoked = await signedUp('cache-feed-second-revoked@example.com');
    const blocked = await signedUp('cache-feed-second-blocked@example.com');
    const deleted = await signedUp('cache-feed-second-deleted@example.com');
    for (const { token } of [revoked, blocked, deleted]) expect((await warm(token)).status).toBe(200);
    await handle.db.execute(sql`update identity_sessions set active = false where id = ${revoked.sessionId}`);
    await handle.db.execute(
      sql`update identity_identities set state = 'inactive' where id = ${blocked.identityId}`,
    );
    await handle.db.execute(sql`delete from identity_identities where id = ${deleted.identityId}`);
    for (const { token } of [revoked, blocked, deleted]) {
      await vi.waitFor(async () => expect((await whoami(token)).status).toBe(401), {
        timeout: 1000,
        interval: 10,
      });
    }
  });

  it('is bypassed while the feed is down, so a missed change cannot be served', async () => {
    let setUp: (up: boolean) => void = () => undefined;
    const manual: ChangeFeed = {
      async start(_onChange, onState) {
        setUp = onState;
        onState(true);
      },
      async stop() {},
    };
    const other = testIdentityServer(
      handle.db,
      {},
      { changeFeed: manual, whoamiCache: { ttlMs: 3_600_000 } },
    );
    const { token, sessionId } = await signedUp('cache-feed-down@example.com');
    const ask = () =>
      other.server.fetch(
        new Request(`${TEST_BASE}/sessions/whoami`, { headers: { 'x-session-token': token } }),
      );
    expect((await ask()).status).toBe(200);
    setUp(false);
    // The feed is down: this write's notification is lost, and the answer must still be right.
    await handle.db.execute(sql`update identity_sessions set active = false where id = ${sessionId}`);
    expect((await ask()).status).toBe(401);
    await other.server.close();
  });
});
