import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { GateResult } from '@bof/api/access';
import { renderToBuffer } from './buffered-render';
import {
  buildEntry,
  cacheableStoryAddress,
  createStoryPageCache,
  recompressed,
  DECISION_ATTRIBUTE,
  decisionShape,
  personalMarkers,
  shapeDigest,
  whyNotStorable,
  type RenderedPage,
} from './story-page-cache';

const story = { id: 's1', access: 'registered' as const };
const result = (over: Partial<GateResult>): GateResult => ({
  story,
  decision: { kind: 'allow', reason: 'free' },
  signedIn: false,
  counted: false,
  meterSource: 'cookie',
  groups: [],
  setCookies: [],
  ...over,
});
const variants = { wallVariant: 'a', designVariant: 'b', offerVariant: 'c', ctaVariant: 'd' } as never;
const wall = (over: object = {}) =>
  ({
    kind: 'wall',
    wall: 'registration',
    reason: 'anonymous-meter-exhausted',
    topic: null,
    variants,
    groups: [],
    audience: 'anonymous',
    ...over,
  }) as never;

const page = (over: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    vary: 'rsc, Accept-Encoding',
    'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
  },
  body: Buffer.from('<html><body>' + 'story '.repeat(200) + '</body></html>'),
  ...over,
});

describe('which requests the story page cache takes', () => {
  const article = '/articles/news/a-story/';
  it('takes full-page GETs of articles and case studies, with their query as part of the key', () => {
    expect(cacheableStoryAddress('GET', article, {})).toBe(article);
    expect(cacheableStoryAddress('GET', '/case-studies/a-case/', {})).toBe('/case-studies/a-case/');
    expect(cacheableStoryAddress('GET', `${article}?utm_source=mail`, {})).toBe(`${article}?utm_source=mail`);
  });
  it('leaves RSC requests, gift links, HEAD, the PDF and other pages alone', () => {
    expect(cacheableStoryAddress('GET', article, { rsc: '1' })).toBeNull();
    expect(cacheableStoryAddress('GET', article, { 'next-router-prefetch': '1' })).toBeNull();
    expect(cacheableStoryAddress('GET', `${article}?_rsc=abc`, {})).toBeNull();
    expect(cacheableStoryAddress('GET', `${article}?gift=g.sig`, {})).toBeNull();
    expect(cacheableStoryAddress('HEAD', article, {})).toBeNull();
    expect(cacheableStoryAddress('POST', article, {})).toBeNull();
    expect(cacheableStoryAddress('GET', '/case-studies/a-case/report.pdf', {})).toBeNull();
    expect(cacheableStoryAddress('GET', '/articles/news/', {})).toBeNull();
    expect(cacheableStoryAddress('GET', '/articles/news/a-story', {})).toBeNull();
  });
});

describe('the decision part of the key', () => {
  it('is the same for readers whose decisions the page shows alike', () => {
    const meter = result({
      decision: { kind: 'allow-and-count', reason: 'meter', remainingAfter: 1 },
      counted: true,
    });
    const lastFree = result({
      decision: { kind: 'allow-and-count', reason: 'meter', remainingAfter: 0 },
      counted: true,
    });
    expect(decisionShape(meter)).toBe(decisionShape(lastFree));
    expect(decisionShape(meter)).toBe(
      decisionShape(result({ decision: { kind: 'allow', reason: 'already-counted' } })),
    );
  });
  it('differs for opening or not, each wall, variant, group and audience, signed in or not, and each story', () => {
    const shapes = [
      result({}),
      result({ decision: { kind: 'allow-and-count', reason: 'meter', remainingAfter: 1 }, counted: false }),
      result({ decision: wall() }),
      result({ decision: wall({ wall: 'paywall', reason: 'registered-meter-exhausted' }) }),
      result({
        decision: wall({ wall: 'paywall', reason: 'registered-meter-exhausted', audience: 'member' }),
      }),
      result({ decision: wall({ variants: { ...(variants as object), ctaVariant: 'trial' } }) }),
      result({ decision: wall({ groups: ['WALL_CTA#trial'] }) }),
      result({ signedIn: true }),
      result({ story: { id: 's2', access: 'registered' } }),
      result({ story: { id: 's1', access: 'premium' } }),
    ].map((r) => decisionShape(r));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it("holds a wall's currency, and in detail (DEBUG_MODE) the whole decision", () => {
    const walled = result({ decision: wall({ wall: 'paywall', reason: 'not-entitled' }) });
    expect(decisionShape(walled, { currency: 'GBP' })).not.toBe(decisionShape(walled, { currency: 'USD' }));
    const admin = result({ decision: { kind: 'allow', reason: 'admin' } });
    const entitled = result({ decision: { kind: 'allow', reason: 'entitled' } });
    expect(decisionShape(admin)).toBe(decisionShape(entitled));
    expect(decisionShape(admin, { detailed: true })).not.toBe(decisionShape(entitled, { detailed: true }));
  });
});

describe('what may be stored', () => {
  it('only a page that names the decision of the key it would be stored under', () => {
    const shape = decisionShape(result({}));
    const other = decisionShape(result({ decision: wall() }));
    const named = (s: string) =>
      page({
        body: Buffer.from(`<html><span hidden="" ${DECISION_ATTRIBUTE}="${shapeDigest(s)}"></span></html>`),
      });
    expect(whyNotStorable(named(shape), [], shape)).toBeNull();
    expect(whyNotStorable(named(other), [], shape)).toBe('rendered for another decision');
    expect(whyNotStorable(page(), [], shape)).toBe('rendered for another decision');
  });

  it('only a 200 HTML page without a cookie of its own or the reader in it', () => {
    expect(whyNotStorable(page())).toBeNull();
    expect(whyNotStorable(page({ status: 404 }))).toMatch(/404/);
    expect(whyNotStorable(page({ status: 308 }))).toMatch(/308/);
    expect(whyNotStorable(page({ headers: { ...page().headers, 'set-cookie': ['a=b'] } }))).toMatch(/cookie/);
    expect(whyNotStorable(page({ headers: { 'content-type': 'application/pdf' } }))).toMatch(/HTML/);
    expect(
      whyNotStorable(page({ body: Buffer.from('<p>Hello ada@example.org</p>') }), ['ada@example.org']),
    ).toMatch(/personal/);
  });
  it('reads the reader id and e-mail from a session token', () => {
    const payload = Buffer.from(JSON.stringify({ user_id: 'u-1', email: 'ada@example.org' })).toString(
      'base64url',
    );
    expect(personalMarkers(`h.${payload}.s`)).toEqual(['u-1', 'ada@example.org']);
    expect(personalMarkers(undefined)).toEqual([]);
    expect(personalMarkers('garbage')).toEqual([]);
  });
});

describe('entries', () => {
  it('hold the page compressed once, with Next.js headers but not per-response ones', async () => {
    const rendered = page({
      headers: { ...page().headers, date: 'x', 'content-length': 5, connection: 'close' },
    });
    const entry = await buildEntry('k', rendered, { expiresAt: 1, contentVersion: 'v' });
    expect(brotliDecompressSync(entry.bodies.br).equals(rendered.body)).toBe(true);
    expect(gunzipSync(entry.bodies.gzip).equals(rendered.body)).toBe(true);
    expect(entry.bodies.identity.equals(rendered.body)).toBe(true);
    expect(entry.bodies.br.length).toBeLessThan(rendered.body.length);
    expect(entry.headers).toEqual({
      'content-type': 'text/html; charset=utf-8',
      vary: 'rsc, Accept-Encoding',
      'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    });
    const noVary = await buildEntry('k', page({ headers: { 'content-type': 'text/html', vary: 'rsc' } }), {
      expiresAt: 1,
      contentVersion: 'v',
    });
    expect(noVary.headers.vary).toBe('rsc, Accept-Encoding');
  });
});

describe('the cache', () => {
  const entryOf = async (key: string, size: number, expiresAt = 1000, contentVersion = 'v1') => ({
    ...(await buildEntry(key, page(), { expiresAt, contentVersion })),
    bytes: size,
  });

  it('serves an entry until it expires', async () => {
    let now = 0;
    const cache = createStoryPageCache({ maxBytes: 1000, ttlMs: 60_000, now: () => now });
    cache.setContentVersion('v1');
    expect(cache.expiresAt()).toBe(60_000);
    expect(cache.set(await entryOf('a', 100, 60_000))).toBe(true);
    now = 59_999;
    expect(cache.get('a')?.key).toBe('a');
    now = 60_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('serves an entry stale after its freshness, within the stale window only', async () => {
    let now = 0;
    const cache = createStoryPageCache({ maxBytes: 1000, ttlMs: 60_000, staleMs: 30_000, now: () => now });
    cache.setContentVersion('v1');
    expect(cache.set(await entryOf('a', 100, 60_000))).toBe(true);
    now = 59_999;
    expect(cache.isFresh(cache.get('a')!)).toBe(true);
    now = 60_000;
    expect(cache.isFresh(cache.get('a')!)).toBe(false);
    now = 89_999;
    expect(cache.get('a')?.key).toBe('a');
    now = 90_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('takes a recompressed entry only in the place of the very entry it was made from', async () => {
    const cache = createStoryPageCache({ maxBytes: 100_000, ttlMs: 60_000, now: () => 0 });
    cache.setContentVersion('v1');
    const quick = await buildEntry('a', page(), {
      expiresAt: 1000,
      contentVersion: 'v1',
      compression: 'quick',
    });
    expect(quick.compression).toBe('quick');
    cache.set(quick);
    const best = await recompressed(quick);
    expect(best.compression).toBe('best');
    expect(brotliDecompressSync(best.bodies.br).equals(quick.bodies.identity)).toBe(true);
    expect(gunzipSync(best.bodies.gzip).equals(quick.bodies.identity)).toBe(true);
    expect(cache.replace(quick, best)).toBe(true);
    expect(cache.get('a')).toBe(best);
    expect(cache.stats().bytes).toBe(best.bytes);
    // A newer render took the place meanwhile, or the entry was dropped: the old one's copy is refused.
    const newer = await buildEntry('a', page(), { expiresAt: 1000, contentVersion: 'v1' });
    cache.set(newer);
    expect(cache.replace(quick, best)).toBe(false);
    expect(cache.get('a')).toBe(newer);
    cache.invalidate({ storyIds: [], slugs: [], lists: false, all: true });
    expect(cache.replace(newer, await recompressed(newer))).toBe(false);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops the least recently used entries once over its size in bytes', async () => {
    const cache = createStoryPageCache({ maxBytes: 300, ttlMs: 60_000, now: () => 0 });
    cache.setContentVersion('v1');
    cache.set(await entryOf('a', 100));
    cache.set(await entryOf('b', 100));
    cache.set(await entryOf('c', 100));
    cache.get('a'); // a is now the most recently used
    cache.set(await entryOf('d', 150));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    expect(cache.stats()).toEqual({ entries: 2, bytes: 250 });
    expect(cache.set(await entryOf('huge', 301))).toBe(false);
    cache.set(await entryOf('a', 120)); // replacing an entry counts its bytes once
    expect(cache.stats()).toEqual({ entries: 2, bytes: 270 });
  });

  it('empties when the content changes, and refuses a page rendered before the change', async () => {
    const cache = createStoryPageCache({ maxBytes: 1000, ttlMs: 60_000, now: () => 0 });
    cache.setContentVersion('v1');
    cache.set(await entryOf('a', 100));
    cache.setContentVersion('v1');
    expect(cache.get('a')).toBeDefined();
    cache.setContentVersion('v2');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set(await entryOf('b', 100, 1000, 'v1'))).toBe(false);
    expect(cache.set(await entryOf('b', 100, 1000, 'v2'))).toBe(true);
  });
});

describe('rendering into memory', () => {
  const request = () => {
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = '/articles/news/a-story/';
    return req;
  };

  it('collects headers, status and a streamed body without touching a socket', async () => {
    const rendered = await renderToBuffer(request(), async (_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.appendHeader('set-cookie', 'a=1');
      res.writeHead(200, { vary: 'rsc' });
      res.write('<p>');
      await new Promise((resolve) => setTimeout(resolve, 1));
      res.write(Buffer.from('streamed'));
      res.end(new Uint8Array(Buffer.from('</p>')));
    });
    expect(rendered.status).toBe(200);
    expect(rendered.headers['content-type']).toBe('text/html');
    expect(rendered.headers.vary).toBe('rsc');
    expect(String(rendered.headers['set-cookie'])).toBe('a=1');
    expect(rendered.body.toString()).toBe('<p>streamed</p>');
  });

  it('reports the status a handler sets, and rejects when the handler throws', async () => {
    const rendered = await renderToBuffer(request(), (_req, res) => {
      res.statusCode = 404;
      res.end('missing');
    });
    expect(rendered).toMatchObject({ status: 404, body: Buffer.from('missing') });
    await expect(
      renderToBuffer(request(), () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
