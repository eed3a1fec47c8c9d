import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { meterReads } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import type { IdentitySessions } from '../session/identity-sessions';
import { createSessionModule, type SessionModule } from '../session/session.module';
import { createAccessGate, opensStory, type AccessGate, type GateResult } from './access-gate';
import { createAccessIndex, type AccessIndex } from './access-index';
import { createMeterRepo } from './meter.repo';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-access-'));
const now = new Date('2026-11-23T10:00:00Z');
const slugs = ['gate-a', 'gate-b', 'gate-c', 'gate-d', 'gate-e', 'gate-f', 'gate-g'];
let database: DatabaseHandle;
let sessions: SessionModule;
let index: AccessIndex;
let gate: AccessGate;

// The identity provider's answers: one signed-in reader per cookie.
const identity: IdentitySessions = {
  whoami: async (cookie) =>
    cookie.includes('ory=reader')
      ? { sessionId: 's1', identityId: 'reader-1', email: 'r@example.org' }
      : null,
  countOtherSessions: async () => 0,
};

beforeAll(async () => {
  database = await createTestDatabase();
  const records = [
    ...fixtureTaxonomy,
    ...slugs.map((slug) => fixtureArticle(slug, { access: 'members' })),
    fixtureArticle('gate-free', { access: 'free' }),
    fixtureArticle('gate-premium', { access: 'premium' }),
  ];
  await importContentInto(
    database.db,
    memorySource(records.map((value, i) => ({ source: 't', record: i + 1, value }))),
  );
  const platform = { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database };
  sessions = await createSessionModule(platform, { identity, isUserDataComplete: async () => true });
  index = await createAccessIndex(database.db);
  const meter = createMeterRepo(database.db);
  gate = createAccessGate({
    story: (slug) => index.get(slug),
    verifySession: (token, at) => sessions.verify(token, at),
    paywallSecret: sessions.paywallSecret,
    policy: platform.env.meter,
    secureCookies: false,
    paywallCookieMaxAgeSeconds: 900,
    recordServerRead: (userId, articleId, at) => meter.record(userId, articleId, at),
  });
});
afterAll(async () => {
  index?.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser: its cookie jar follows the Set-Cookie answers. */
function browser(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    header,
    async read(slug: string, count = true, at = now): Promise<GateResult> {
      const result = await gate.decide({ cookieHeader: header(), slug, count, now: at });
      if (!result) throw new Error(`no story ${slug}`);
      for (const cookie of result.setCookies) {
        const [pair] = cookie.split(';');
        const [name, value] = pair!.split('=');
        jar.set(name!, decodeURIComponent(value!));
      }
      return result;
    },
    async signIn() {
      const refreshed = await sessions.refresh({
        cookieHeader: `ory=reader; ${header()}`,
        paywallCookie: jar.get('bof_paywall_session'),
        meterCookie: jar.get('bof_meter'),
        now,
      });
      if (refreshed.kind !== 'signed-in') throw new Error('expected a session');
      jar.set('bof_session', refreshed.sessionToken);
      jar.set('bof_paywall_session', refreshed.paywallToken);
    },
  };
}

describe('the access gate', () => {
  it('opens two gated stories to an anonymous reader, counting each once, then shows the registration wall', async () => {
    const reader = browser();
    expect(opensStory(await reader.read('gate-a'))).toBe(true);
    expect(reader.jar.has('bof_meter')).toBe(true);
    expect(opensStory(await reader.read('gate-a'))).toBe(true);
    expect(opensStory(await reader.read('gate-b'))).toBe(true);
    const third = await reader.read('gate-c');
    expect(opensStory(third)).toBe(false);
    expect(third.decision).toMatchObject({ kind: 'wall', wall: 'registration' });
    expect(third.setCookies).toEqual([]);
  });

  it('never opens a story that would count on a prefetch, and counts nothing', async () => {
    const reader = browser();
    const prefetch = await reader.read('gate-a', false);
    expect(prefetch.decision.kind).toBe('allow-and-count');
    expect(opensStory(prefetch)).toBe(false);
    expect(prefetch.setCookies).toEqual([]);
    expect(opensStory(await reader.read('gate-free', false))).toBe(true);
  });

  it('reads an edited meter cookie or a forged session as none', async () => {
    const reader = browser();
    await reader.read('gate-a');
    await reader.read('gate-b');
    const meter = reader.jar.get('bof_meter')!;
    const [payload, signature] = meter.split('.');
    const emptied = Buffer.from(JSON.stringify({ v: 1, sid: 'x', r: [], g: [] })).toString('base64url');
    reader.jar.set('bof_meter', `${emptied}.${signature}`);
    reader.jar.set('bof_session', `${payload}.forged.token`);
    const result = await reader.read('gate-c');
    expect(result.signedIn).toBe(false);
    // A fresh meter at most: never more than a new browser gets.
    expect(result.decision.kind).toBe('allow-and-count');
  });

  it('gives a signed-in reader three more, keeps the reads on the server, and follows them to a new browser', async () => {
    const reader = browser();
    await reader.read('gate-a');
    await reader.read('gate-b');
    expect((await reader.read('gate-c')).decision).toMatchObject({ wall: 'registration' });
    await reader.signIn();
    for (const slug of ['gate-c', 'gate-d', 'gate-e']) expect(opensStory(await reader.read(slug))).toBe(true);
    const sixth = await reader.read('gate-f');
    expect(sixth.decision).toMatchObject({
      kind: 'wall',
      wall: 'paywall',
      reason: 'registered-meter-exhausted',
    });

    await expect
      .poll(
        async () =>
          (await database.db.select().from(meterReads).where(eq(meterReads.userId, 'reader-1'))).length,
      )
      .toBe(5);
    const elsewhere = browser();
    await elsewhere.signIn();
    expect((await elsewhere.read('gate-g')).decision).toMatchObject({ wall: 'paywall' });
    expect(opensStory(await elsewhere.read('gate-a'))).toBe(true);
  });

  it('shows the pay wall for premium stories and knows nothing of unknown slugs', async () => {
    const reader = browser();
    expect((await reader.read('gate-premium')).decision).toMatchObject({
      wall: 'paywall',
      reason: 'not-entitled',
    });
    expect(await gate.decide({ cookieHeader: '', slug: 'no-such-story', count: true })).toBeNull();
  });

  it('places every browser in the running wall experiments for good', async () => {
    const experimental = createAccessGate({
      story: (slug) => index.get(slug),
      verifySession: (token, at) => sessions.verify(token, at),
      paywallSecret: sessions.paywallSecret,
      policy: { anonymousReads: 0, registeredExtraReads: 0, windowDays: 30 },
      experiments: [{ id: 'WALL_CTA', variants: ['default', 'trial'] }],
      secureCookies: false,
      paywallCookieMaxAgeSeconds: 900,
    });
    const first = await experimental.decide({ cookieHeader: '', slug: 'gate-a', count: true, now });
    expect(first!.decision).toMatchObject({
      kind: 'wall',
      variants: { ctaVariant: expect.stringMatching(/^(default|trial)$/) },
    });
    expect(first!.setCookies).toHaveLength(1);
    const cookie = first!.setCookies[0]!.split(';')[0]!;
    const again = await experimental.decide({ cookieHeader: cookie, slug: 'gate-b', count: true, now });
    expect(again!.decision).toEqual(first!.decision);
    expect(again!.setCookies).toEqual([]);
  });

  it('lets the meter window roll: reads older than 30 days no longer count', async () => {
    const reader = browser();
    await reader.read('gate-a');
    await reader.read('gate-b');
    const later = new Date(now.getTime() + 31 * 86_400_000);
    expect(opensStory(await reader.read('gate-c', true, later))).toBe(true);
  });
});
