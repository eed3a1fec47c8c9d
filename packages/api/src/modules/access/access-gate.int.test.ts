import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { readSetCookie } from '@bof/http/cookies';
import type { DatabaseHandle } from '@bof/db/client';
import { anonymousMeterReads, meterReads } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { createBillingModule } from '../billing/billing.module';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import type { IdentitySessions } from '../session/identity-sessions';
import { createSessionModule, type SessionModule } from '../session/session.module';
import { createAccessGate, opensStory, type GateResult } from './access-gate';
import { createAccessModule, PRUNE_MARGIN_MS, type AccessModule } from './access.module';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-access-'));
const now = new Date('2026-11-23T10:00:00Z');
const slugs = Array.from({ length: 12 }, (_, i) => `gate-${String.fromCharCode(97 + i)}`);
const [a, b, c, d, e, f, g, h] = slugs as [string, string, string, string, string, string, string, string];
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
let database: DatabaseHandle;
let sessions: SessionModule;
let access: AccessModule;

// The identity provider's answers: `ory=<user>` is that user's identity session.
const identity: IdentitySessions = {
  whoami: async (cookie) => {
    const user = /ory=([\w-]+)/.exec(cookie)?.[1];
    return user ? { sessionId: `s-${user}`, identityId: user, email: `${user}@example.org` } : null;
  },
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
  const billing = createBillingModule(platform);
  sessions = await createSessionModule(
    platform,
    { billing },
    { identity, isUserDataComplete: async () => true },
  );
  access = await createAccessModule(platform, { sessions }, { indexPollMs: 3_600_000 });
});
afterAll(async () => {
  access?.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const serverReads = async (userId: string) =>
  (await database.db.select().from(meterReads).where(eq(meterReads.userId, userId))).length;

/** A browser: its cookie jar follows the Set-Cookie answers. */
function browser(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    header,
    /** Reads a story as a browser does, following the meter cookie check's redirects. */
    async read(slug: string, options: { count?: boolean; at?: Date } = {}): Promise<GateResult> {
      let meterCheck: string | undefined;
      for (let hop = 0; hop < 3; hop += 1) {
        const result = await access.gate.decide({
          cookieHeader: header(),
          slug,
          count: options.count ?? true,
          meterCheck,
          userAgent: BROWSER,
          now: options.at ?? now,
        });
        if (!result) throw new Error(`no story ${slug}`);
        for (const cookie of result.setCookies) {
          const { name, value } = readSetCookie(cookie);
          jar.set(name, decodeURIComponent(value));
        }
        const check = result.meterCookieCheck;
        if (!check) return result;
        meterCheck = check.redirect === 'check' ? check.token : undefined;
      }
      throw new Error('redirected too often');
    },
    async signIn(user: string) {
      const refreshed = await sessions.refresh({
        cookieHeader: `ory=${user}; ${header()}`,
        paywallCookie: jar.get('bof_paywall_session'),
        meterCookie: jar.get('bof_meter'),
        now,
      });
      if (refreshed.kind !== 'signed-in') throw new Error('expected a session');
      jar.set('ory', user);
      jar.set('bof_session', refreshed.sessionToken);
      jar.set('bof_paywall_session', refreshed.paywallToken);
    },
  };
}

/** A signed-in reader who has read five gated stories: their free reads are spent. */
async function spentReader(user: string) {
  const reader = browser();
  await reader.signIn(user);
  for (const slug of [a, b, c, d, e]) expect(opensStory(await reader.read(slug))).toBe(true);
  expect((await reader.read(f)).decision).toMatchObject({
    wall: 'paywall',
    reason: 'registered-meter-exhausted',
  });
  expect(await serverReads(user)).toBe(5);
  return reader;
}

describe('the access gate, anonymous', () => {
  it('opens two gated stories, counting each once, then shows the registration wall', async () => {
    const reader = browser();
    expect(opensStory(await reader.read(a))).toBe(true);
    expect(reader.jar.has('bof_meter')).toBe(true);
    expect(opensStory(await reader.read(a))).toBe(true);
    expect(opensStory(await reader.read(b))).toBe(true);
    const third = await reader.read(c);
    expect(opensStory(third)).toBe(false);
    expect(third.decision).toMatchObject({ kind: 'wall', wall: 'registration', audience: 'anonymous' });
    expect(third.setCookies).toEqual([]);
  });

  it('never opens a story that would count on a prefetch, and counts nothing', async () => {
    const reader = browser();
    const prefetch = await reader.read(a, { count: false });
    expect(prefetch.decision.kind).toBe('allow-and-count');
    expect(opensStory(prefetch)).toBe(false);
    expect(prefetch.setCookies).toEqual([]);
    expect(opensStory(await reader.read('gate-free', { count: false }))).toBe(true);
  });

  it('gains nothing from an edited meter cookie: it reads as spent, and is not replaced', async () => {
    const reader = browser();
    await reader.read(a);
    const [payload, signature] = reader.jar.get('bof_meter')!.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { r: unknown[] };
    body.r = [];
    reader.jar.set('bof_meter', `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`);
    const result = await reader.read(b);
    expect(result).toMatchObject({ meterSource: 'tampered', counted: false, setCookies: [] });
    expect(result.decision).toMatchObject({ kind: 'wall', wall: 'registration' });
  });

  it('reads a forged or expired session as anonymous, with the anonymous meter', async () => {
    const reader = browser();
    await reader.read(a);
    await reader.read(b);
    await reader.signIn('reader-expired');
    const [, payload] = reader.jar.get('bof_session')!.split('.');
    const forged = browser({ ...Object.fromEntries(reader.jar), bof_session: `e30.${payload}.forged` });
    const asForged = await forged.read(c);
    expect(asForged).toMatchObject({ signedIn: false, decision: { wall: 'registration' } });
    // The session lasts 15 minutes: an hour later the same cookies are an anonymous reader's, whose two
    // free reads are spent (the anonymous meter stays in the browser after signing in).
    const later = await reader.read(c, { at: new Date(now.getTime() + 3_600_000) });
    expect(later).toMatchObject({ signedIn: false, decision: { wall: 'registration' } });
  });

  it('keeps an anonymous browser id’s counted reads on the server, and prunes them after the window', async () => {
    const old = browser();
    const monthAgo = new Date(now.getTime() - 31 * 86_400_000);
    expect(opensStory(await old.read(a, { at: monthAgo }))).toBe(true);
    const recent = browser();
    expect(opensStory(await recent.read(a))).toBe(true);
    const sidOf = (reader: ReturnType<typeof browser>) =>
      (
        JSON.parse(Buffer.from(reader.jar.get('bof_meter')!.split('.')[0]!, 'base64url').toString()) as {
          sid: string;
        }
      ).sid;
    const rowsOf = async (sid: string) =>
      (await database.db.select().from(anonymousMeterReads).where(eq(anonymousMeterReads.browserId, sid)))
        .length;
    expect(await rowsOf(sidOf(old))).toBe(1);
    expect(await rowsOf(sidOf(recent))).toBe(1);
    expect(await access.pruneAnonymousMeter(now)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(sidOf(old))).toBe(0);
    expect(await rowsOf(sidOf(recent))).toBe(1);
  });

  it('prunes an anonymous read only an hour after it leaves the window (a lagging clock never reopens it)', async () => {
    const reader = browser();
    expect(opensStory(await reader.read(a))).toBe(true);
    const sid = (
      JSON.parse(Buffer.from(reader.jar.get('bof_meter')!.split('.')[0]!, 'base64url').toString()) as {
        sid: string;
      }
    ).sid;
    const rows = async () =>
      (await database.db.select().from(anonymousMeterReads).where(eq(anonymousMeterReads.browserId, sid)))
        .length;
    const windowMs = parseServerEnv({ DATA_DIR: dataDir }).meter.windowDays * 86_400_000;
    await access.pruneAnonymousMeter(new Date(now.getTime() + windowMs + PRUNE_MARGIN_MS - 60_000));
    expect(await rows()).toBe(1);
    await access.pruneAnonymousMeter(new Date(now.getTime() + windowMs + PRUNE_MARGIN_MS + 60_000));
    expect(await rows()).toBe(0);
  });

  it('lets the meter window roll: reads older than 30 days no longer count', async () => {
    const reader = browser();
    await reader.read(a);
    await reader.read(b);
    const later = new Date(now.getTime() + 31 * 86_400_000);
    expect(opensStory(await reader.read(c, { at: later }))).toBe(true);
  });

  it('counts a browser’s reads sent all at once with one cookie as it counts them one by one', async () => {
    // In groups: a group that failed (and was tried read by read) would say so.
    const warn = vi.spyOn(console, 'warn');
    const reader = browser();
    expect(opensStory(await reader.read(a))).toBe(true);
    // Seven stories at once, each with the cookie as it was after the first read (one group commit).
    const cookieHeader = reader.header();
    const results = await Promise.all(
      [b, c, d, e, f, g, h].map((slug) =>
        access.gate.decide({ cookieHeader, slug, count: true, userAgent: BROWSER, now }),
      ),
    );
    expect(results.filter((result) => opensStory(result!))).toHaveLength(1);
    expect(results.filter((result) => result!.counted)).toHaveLength(1);
    expect(results.filter((result) => result!.decision.kind === 'wall')).toHaveLength(6);
    expect(warn).not.toHaveBeenCalledWith(expect.stringMatching(/meter reads failed/), expect.anything());
    warn.mockRestore();
  });

  it('decides many browsers’ reads at once, each against its own allowance', async () => {
    const readers = Array.from({ length: 24 }, () => browser());
    for (const reader of readers) await reader.read(a);
    const results = await Promise.all(
      readers.flatMap((reader) =>
        [b, c, d].map((slug) =>
          access.gate.decide({ cookieHeader: reader.header(), slug, count: true, userAgent: BROWSER, now }),
        ),
      ),
    );
    for (let i = 0; i < readers.length; i += 1)
      expect(results.slice(i * 3, i * 3 + 3).filter((result) => opensStory(result!))).toHaveLength(1);
  });
});

describe('the access gate, signed in', () => {
  it('gives three more after registering, keeps the reads on the server, and follows the reader to a new browser', async () => {
    const reader = browser();
    await reader.read(a);
    await reader.read(b);
    expect((await reader.read(c)).decision).toMatchObject({ wall: 'registration' });
    await reader.signIn('reader-1');
    for (const slug of [c, d, e]) expect(opensStory(await reader.read(slug))).toBe(true);
    const sixth = await reader.read(f);
    expect(sixth.decision).toMatchObject({
      kind: 'wall',
      wall: 'paywall',
      reason: 'registered-meter-exhausted',
      audience: 'registered',
    });
    expect(sixth.meterSource).toBe('cookie');
    expect(await serverReads('reader-1')).toBe(5);

    const elsewhere = browser();
    await elsewhere.signIn('reader-1');
    expect((await elsewhere.read(g)).decision).toMatchObject({ wall: 'paywall' });
    expect(opensStory(await elsewhere.read(a))).toBe(true);
  });

  it('gains nothing by deleting the paywall session cookie: the server has the reads, and the cookie comes back', async () => {
    const reader = await spentReader('reader-delete');
    reader.jar.delete('bof_paywall_session');
    const result = await reader.read(g);
    expect(result).toMatchObject({ meterSource: 'server', counted: false });
    expect(result.decision).toMatchObject({ wall: 'paywall', reason: 'registered-meter-exhausted' });
    expect(reader.jar.has('bof_paywall_session')).toBe(true);
    // Stories already read open again, now from the re-issued cookie.
    const again = await reader.read(a);
    expect(again).toMatchObject({
      meterSource: 'cookie',
      decision: { kind: 'allow', reason: 'already-counted' },
    });
    expect(await serverReads('reader-delete')).toBe(5);
  });

  it('gains nothing from an anonymous meter pasted into the paywall session cookie', async () => {
    const reader = await spentReader('reader-swap');
    const stranger = browser();
    await stranger.read(h);
    reader.jar.set('bof_paywall_session', stranger.jar.get('bof_meter')!);
    const result = await reader.read(g);
    expect(result).toMatchObject({ meterSource: 'server', counted: false });
    expect(result.decision).toMatchObject({ wall: 'paywall' });
  });

  it("gains nothing from another reader's paywall session cookie", async () => {
    const reader = await spentReader('reader-foreign');
    const other = browser();
    await other.signIn('reader-fresh');
    reader.jar.set('bof_paywall_session', other.jar.get('bof_paywall_session')!);
    const result = await reader.read(g);
    expect(result).toMatchObject({ meterSource: 'server', counted: false });
    expect(result.decision).toMatchObject({ wall: 'paywall' });
    expect(await serverReads('reader-foreign')).toBe(5);
  });

  it('gains nothing from an older copy of its own cookie: a read that counts is checked on the server', async () => {
    const reader = browser();
    await reader.signIn('reader-replay');
    const early = reader.jar.get('bof_paywall_session')!;
    for (const slug of [a, b, c, d, e]) await reader.read(slug);
    reader.jar.set('bof_paywall_session', early);
    const result = await reader.read(g);
    expect(result).toMatchObject({ counted: false, decision: { wall: 'paywall' } });
    expect(await serverReads('reader-replay')).toBe(5);
  });

  it('follows the reader across devices signed in at once: the server record decides a read that counts', async () => {
    const phone = browser();
    const laptop = browser();
    await phone.signIn('reader-devices');
    await laptop.signIn('reader-devices');
    for (const slug of [a, b, c, d, e]) expect(opensStory(await phone.read(slug))).toBe(true);
    const result = await laptop.read(f);
    expect(result).toMatchObject({
      counted: false,
      decision: { wall: 'paywall', reason: 'registered-meter-exhausted' },
    });
    // The laptop's cookie caught up: what the phone read opens there, without the server.
    expect(await laptop.read(a)).toMatchObject({
      meterSource: 'cookie',
      decision: { reason: 'already-counted' },
    });
  });
});

describe('the access gate, signed in, at once', () => {
  it('counts a reader’s reads sent all at once from two devices as it counts them one by one', async () => {
    const phone = browser();
    const laptop = browser();
    await phone.signIn('reader-at-once');
    await laptop.signIn('reader-at-once');
    const results = await Promise.all(
      [a, b, c, d, e, f, g, h].map((slug, i) =>
        access.gate.decide({
          cookieHeader: (i % 2 === 0 ? phone : laptop).header(),
          slug,
          count: true,
          userAgent: BROWSER,
          now,
        }),
      ),
    );
    expect(results.filter((result) => result!.counted)).toHaveLength(5);
    expect(results.filter((result) => result!.decision.kind === 'wall')).toHaveLength(3);
    expect(await serverReads('reader-at-once')).toBe(5);
  });
});

describe('the access gate, stories', () => {
  it('shows the pay wall for premium stories and knows nothing of unknown slugs', async () => {
    const reader = browser();
    expect((await reader.read('gate-premium')).decision).toMatchObject({
      wall: 'paywall',
      reason: 'not-entitled',
    });
    expect(await access.gate.decide({ cookieHeader: '', slug: 'no-such-story', count: true })).toBeNull();
  });

  it('decides a story the page read itself, at the access level it read', async () => {
    const id = access.index.get(a)!.id;
    const decided = await access.gate.decideStory(
      { id, access: 'premium' },
      { cookieHeader: '', count: false },
    );
    expect(decided.decision).toMatchObject({ wall: 'paywall', reason: 'not-entitled' });
  });

  it('places every browser in the running wall experiments for good', async () => {
    const experimental = createAccessGate({
      story: (slug) => access.index.get(slug),
      sessionOf: (cookieHeader, at) => sessions.signedIn(cookieHeader, at, 'refuse'),
      paywallSecret: sessions.paywallSecret,
      policy: { anonymousReads: 0, registeredExtraReads: 0, windowDays: 30 },
      experiments: [{ id: 'WALL_CTA', variants: ['default', 'trial'] }],
      secureCookies: false,
    });
    const first = await experimental.decide({ cookieHeader: '', slug: a, count: true, now });
    expect(first!.decision).toMatchObject({
      kind: 'wall',
      variants: { ctaVariant: expect.stringMatching(/^(default|trial)$/) },
      groups: [expect.stringMatching(/^WALL_CTA#(default|trial)$/)],
    });
    expect(first!.setCookies).toHaveLength(1);
    const { name, value } = readSetCookie(first!.setCookies[0]!);
    const cookie = `${name}=${value}`;
    const again = await experimental.decide({ cookieHeader: cookie, slug: b, count: true, now });
    expect(again!.decision).toEqual(first!.decision);
    expect(again!.setCookies).toEqual([]);
  });
});
