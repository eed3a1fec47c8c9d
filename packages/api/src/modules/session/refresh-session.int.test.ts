import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { userData } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { signPaywallSession, verifyPaywallSession } from '@bof/paywall/paywall-token';
import type { IdentitySessions } from './identity-sessions';
import { createSessionModule, type SessionModule } from './session.module';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-session-'));
let database: DatabaseHandle;
let sessions: Record<
  string,
  {
    sessionId: string;
    identityId: string;
    email: string;
    others: number;
    name?: { first?: string; last?: string };
  }
>;
let module: SessionModule;
const now = new Date('2026-11-22T10:00:00Z');

// A stand-in for the identity provider's answers: which cookie carries which session.
const identity: IdentitySessions = {
  whoami: async (cookie) => sessions[cookie] ?? null,
  countOtherSessions: async (cookie) => sessions[cookie]?.others ?? 0,
};

beforeAll(async () => {
  database = await createTestDatabase();
  module = await createSessionModule(
    { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database },
    { identity, isUserDataComplete: async (userId) => userId === 'complete-user' },
  );
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const refresh = (cookieHeader: string, extra: { paywallCookie?: string; meterCookie?: string } = {}) =>
  module.refresh({ cookieHeader, paywallCookie: extra.paywallCookie, meterCookie: extra.meterCookie, now });

describe('session refresh', () => {
  it('is signed out without an identity session', async () => {
    sessions = {};
    expect(await refresh('ory_kratos_session=nothing')).toEqual({ kind: 'signed-out' });
  });

  it('issues a token with exactly the spec claims, verifiable by the server', async () => {
    sessions = { a: { sessionId: 's1', identityId: 'user-1', email: 'one@example.org', others: 0 } };
    const result = await refresh('a');
    if (result.kind !== 'signed-in') throw new Error('expected signed-in');
    expect(decodeJwt(result.sessionToken)).toEqual({
      user_id: 'user-1',
      email: 'one@example.org',
      membership_level: 'None',
      membership_type: 'None',
      is_bof_admin: false,
      is_first_login: true,
      unclaimed_membership_account_id: null,
      is_challenged: false,
      is_user_data_complete: false,
      exp: now.getTime() / 1000 + 900,
    });
    expect(await module.verify(result.sessionToken, now)).toMatchObject({ user_id: 'user-1' });
    expect(await module.verify(result.sessionToken, new Date(now.getTime() + 901_000))).toBe(null);
  });

  it('is a first login only within the identity session the account started in', async () => {
    sessions = {
      a: { sessionId: 's1', identityId: 'user-2', email: 'two@example.org', others: 0 },
      b: { sessionId: 's2', identityId: 'user-2', email: 'two@example.org', others: 1 },
    };
    const first = await refresh('a');
    const again = await refresh('a');
    const later = await refresh('b');
    const flag = (r: typeof first) => (r.kind === 'signed-in' ? r.claims.is_first_login : undefined);
    expect([flag(first), flag(again), flag(later)]).toEqual([true, true, false]);
  });

  it('reads personal-details completeness from its port', async () => {
    sessions = { c: { sessionId: 's3', identityId: 'complete-user', email: 'c@example.org', others: 0 } };
    const result = await refresh('c');
    expect(result.kind === 'signed-in' && result.claims.is_user_data_complete).toBe(true);
  });

  it('flags more sessions than the login policy allows (default 3)', async () => {
    const at = async (others: number) => {
      sessions = { d: { sessionId: `s-${others}`, identityId: 'user-4', email: 'd@example.org', others } };
      const r = await refresh('d');
      return r.kind === 'signed-in' && r.loginPolicyExceeded;
    };
    expect(await at(2)).toBe(false);
    expect(await at(3)).toBe(true);
  });

  it('asks the risk check: deny gives no session, challenge marks the token', async () => {
    sessions = { r: { sessionId: 's-risk', identityId: 'risky-user', email: 'r@example.org', others: 0 } };
    const verdicts: Record<string, 'allow' | 'challenge' | 'deny'> = {
      'tok-deny': 'deny',
      'tok-challenge': 'challenge',
    };
    const guarded = await createSessionModule(
      { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database },
      { identity, riskCheck: async ({ requestToken }) => verdicts[requestToken] ?? 'allow' },
    );
    const run = (castleRequestToken: string | null) =>
      guarded.refresh({
        cookieHeader: 'r',
        paywallCookie: undefined,
        meterCookie: undefined,
        now,
        castleRequestToken,
      });
    expect(await run('tok-deny')).toEqual({ kind: 'signed-out' });
    const challenged = await run('tok-challenge');
    expect(challenged.kind === 'signed-in' && challenged.claims.is_challenged).toBe(true);
    const plain = await run(null);
    expect(plain.kind === 'signed-in' && plain.claims.is_challenged).toBe(false);
  });

  it('carries the paywall session on and merges the anonymous meter into it', async () => {
    sessions = { e: { sessionId: 's5', identityId: 'user-5', email: 'e@example.org', others: 0 } };
    const meterCookie = await signPaywallSession(
      { sid: 'anon', reads: [{ articleId: 'a1', at: 1_700_000_000 }], groups: ['WALL#x'] },
      module.paywallSecret,
    );
    const result = await refresh('e', { meterCookie, paywallCookie: 'tampered.token' });
    if (result.kind !== 'signed-in') throw new Error('expected signed-in');
    expect(await verifyPaywallSession(result.paywallToken, module.paywallSecret)).toEqual({
      sid: 'anon',
      reads: [{ articleId: 'a1', at: 1_700_000_000 }],
      groups: ['WALL#x'],
    });
  });

  it('starts the personal details with the registration name, and never overwrites them', async () => {
    const details = async () =>
      database.db
        .select({ first: userData.firstName, last: userData.lastName })
        .from(userData)
        .where(eq(userData.userId, 'named-user'));
    sessions = {
      n: {
        sessionId: 'sn',
        identityId: 'named-user',
        email: 'n@example.org',
        others: 0,
        name: { first: 'Ada' },
      },
    };
    await refresh('n');
    expect(await details()).toEqual([{ first: 'Ada', last: null }]);
    sessions = {
      n: {
        sessionId: 'sn2',
        identityId: 'named-user',
        email: 'n@example.org',
        others: 0,
        name: { first: 'Changed', last: 'Elsewhere' },
      },
    };
    await refresh('n');
    expect(await details()).toEqual([{ first: 'Ada', last: null }]);
  });
});
