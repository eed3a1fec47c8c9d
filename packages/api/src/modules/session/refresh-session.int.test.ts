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
import type { SessionRefresh } from './refresh-session';
import type { RiskCheckInput, RiskOutcome } from './risk-verdict';
import { createBillingModule } from '../billing/billing.module';
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
  const platform = { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database };
  module = await createSessionModule(
    platform,
    { billing: createBillingModule(platform) },
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

  describe('fraud detection at sign-in', () => {
    const asked: RiskCheckInput[] = [];
    let answers: Record<string, RiskOutcome> = {};
    let guarded: SessionModule;
    beforeAll(async () => {
      const platform = { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database };
      guarded = await createSessionModule(
        platform,
        { billing: createBillingModule(platform) },
        {
          identity,
          riskCheck: async (input) => {
            asked.push(input);
            return answers[input.requestToken] ?? { verdict: 'allow', decided: true };
          },
        },
      );
    });
    const run = (cookieHeader: string, castleRequestToken: string | null) =>
      guarded.refresh({
        cookieHeader,
        paywallCookie: undefined,
        meterCookie: undefined,
        now,
        castleRequestToken,
        ip: '203.0.113.7',
        userAgent: 'Test/1.0',
      });
    const challenged = (r: SessionRefresh) =>
      r.kind === 'signed-in' ? r.claims.is_challenged : 'signed-out';

    it('denies a sign-in that comes without a request token, without asking Castle', async () => {
      sessions = { bot: { sessionId: 's-bot', identityId: 'bot-user', email: 'bot@example.org', others: 0 } };
      asked.length = 0;
      expect(await run('bot', null)).toEqual({ kind: 'signed-out' });
      expect(await run('bot', '')).toEqual({ kind: 'signed-out' });
      expect(asked).toEqual([]);
      // Not kept: the same sign-in with a token is judged by Castle.
      expect(challenged(await run('bot', 'tok-fine'))).toBe(false);
      expect(asked).toHaveLength(1);
    });

    it('asks Castle once per identity session, then reuses its verdict on every refresh', async () => {
      sessions = {
        c1: { sessionId: 's-ch-1', identityId: 'challenged-user', email: 'ch@example.org', others: 0 },
        c2: { sessionId: 's-ch-2', identityId: 'challenged-user', email: 'ch@example.org', others: 1 },
      };
      answers = { 'tok-challenge': { verdict: 'challenge', decided: true } };
      asked.length = 0;
      expect(challenged(await run('c1', 'tok-challenge'))).toBe(true);
      expect(asked).toEqual([
        {
          requestToken: 'tok-challenge',
          event: '$registration',
          userId: 'challenged-user',
          email: 'ch@example.org',
          ip: '203.0.113.7',
          userAgent: 'Test/1.0',
        },
      ]);
      // Later refreshes of that sign-in: no token needed, Castle not asked, still challenged.
      expect(challenged(await run('c1', null))).toBe(true);
      expect(challenged(await run('c1', 'tok-other'))).toBe(true);
      expect(asked).toHaveLength(1);
      // A new sign-in (another identity session) is checked afresh, as a login this time.
      expect(challenged(await run('c2', 'tok-allow'))).toBe(false);
      expect(asked.map((a) => a.event)).toEqual(['$registration', '$login']);
    });

    it('keeps a deny: no refresh of that identity session gets a session', async () => {
      sessions = {
        d: { sessionId: 's-deny', identityId: 'denied-user', email: 'dn@example.org', others: 0 },
      };
      answers = { 'tok-deny': { verdict: 'deny', decided: true } };
      asked.length = 0;
      expect(await run('d', 'tok-deny')).toEqual({ kind: 'signed-out' });
      expect(await run('d', 'tok-fresh')).toEqual({ kind: 'signed-out' });
      expect(asked).toHaveLength(1);
    });

    it('lets a sign-in through when Castle cannot answer, and asks again at the next refresh', async () => {
      sessions = {
        o: { sessionId: 's-outage', identityId: 'outage-user', email: 'o@example.org', others: 0 },
      };
      answers = { 'tok-outage': { verdict: 'allow', decided: false } };
      asked.length = 0;
      expect(challenged(await run('o', 'tok-outage'))).toBe(false);
      answers = {};
      expect(challenged(await run('o', 'tok-later'))).toBe(false);
      expect(asked.map((a) => a.requestToken)).toEqual(['tok-outage', 'tok-later']);
      expect(challenged(await run('o', 'tok-after'))).toBe(false);
      expect(asked).toHaveLength(2);
    });
  });

  it('carries the paywall session on and merges the anonymous meter into it', async () => {
    sessions = { e: { sessionId: 's5', identityId: 'user-5', email: 'e@example.org', others: 0 } };
    const meterCookie = await signPaywallSession(
      { sid: 'anon', uid: null, reads: [{ articleId: 'a1', at: 1_700_000_000 }], groups: ['WALL#x'] },
      module.paywallSecret,
      'meter',
    );
    // Another reader's paywall session (a shared browser) is not carried on.
    const foreign = await signPaywallSession(
      { sid: 'theirs', uid: 'someone-else', reads: [{ articleId: 'a2', at: 1_700_000_000 }], groups: [] },
      module.paywallSecret,
      'paywall-session',
    );
    const result = await refresh('e', { meterCookie, paywallCookie: foreign });
    if (result.kind !== 'signed-in') throw new Error('expected signed-in');
    expect(
      await verifyPaywallSession(result.paywallToken, module.paywallSecret, {
        purpose: 'paywall-session',
        userId: 'user-5',
      }),
    ).toEqual({
      sid: 'anon',
      uid: 'user-5',
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
