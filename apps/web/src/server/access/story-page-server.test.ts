import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_HEADER, encodeGateResult, type GateResult } from '@bof/api/access';
import { createStoryPageCache, DECISION_ATTRIBUTE, shapeDigest } from './story-page-cache';
import { cacheShape, createStoryPageServer, STORY_CACHE_HEADER } from './story-page-server';

// The story page server in front of a fake Next.js whose renders finish when the test says so: what a
// request that arrives after an invalidation is sent while a render begun before it is still running.

const result = {
  story: { id: 'id-1', access: 'free' },
  decision: { kind: 'allow', reason: 'free' },
  counted: false,
  signedIn: false,
  setCookies: [],
} as unknown as GateResult;

const request = () => {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = '/articles/retail/a-story/';
  req.headers = {};
  return req;
};

/** A response that keeps what is sent; `sent` settles with the body and the cache header. */
function response() {
  let done: (value: { body: string; how: unknown }) => void = () => undefined;
  const sent = new Promise<{ body: string; how: unknown }>((resolve) => (done = resolve));
  let headers: Record<string, unknown> = {};
  const res = {
    headersSent: false,
    writeHead(_status: number, h: Record<string, unknown>) {
      headers = h;
      return res;
    },
    end(body: Buffer) {
      done({ body: body.toString(), how: headers[STORY_CACHE_HEADER] });
    },
  };
  return { res: res as unknown as ServerResponse, sent };
}

describe('the story page server and invalidations', () => {
  it('never sends a request that came after an invalidation the page of a render begun before it', async () => {
    const cache = createStoryPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    let headline = 'Old headline';
    const releases: (() => void)[] = [];
    const server = createStoryPageServer({
      cache,
      detailed: false,
      content: { version: 'v1', onChange: () => () => undefined },
      render: async (req, res) => {
        // The headline is read from the database when the render begins; the page is sent later.
        const seen = headline;
        await new Promise<void>((resolve) => releases.push(resolve));
        const shape = shapeDigest(cacheShape(req, result, false));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<html><body ${DECISION_ATTRIBUTE}="${shape}"><h1>${seen}</h1></body></html>`);
      },
    });
    const early = response();
    expect(server.serve(request(), early.res, result)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    // The story is edited and the change heard while the first render is still running.
    headline = 'New headline';
    server.invalidate({ storyIds: ['id-1'], slugs: [], lists: false });
    const late = response();
    expect(server.serve(request(), late.res, result)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases).toHaveLength(2);
    for (const release of releases) release();
    const [first, second] = await Promise.all([early.sent, late.sent]);
    expect(first.body).toContain('Old headline');
    expect(second.body).toContain('New headline');
    // Only the page begun after the invalidation is kept.
    const again = response();
    server.serve(request(), again.res, result);
    expect(await again.sent).toMatchObject({ how: 'hit' });
    expect((await again.sent).body).toContain('New headline');
  });
});

describe('the story page server past freshness', () => {
  it('sends a stale page at once and renders it again once, in the background', async () => {
    let now = 0;
    const cache = createStoryPageCache({
      maxBytes: 1_000_000,
      ttlMs: 60_000,
      staleMs: 600_000,
      now: () => now,
    });
    let renders = 0;
    let headline = 'First headline';
    // The decision each render was handed in ACCESS_HEADER (the page decides from it).
    const decisions: unknown[] = [];
    const server = createStoryPageServer({
      cache,
      detailed: false,
      content: { version: 'v1', onChange: () => () => undefined },
      render: async (req, res) => {
        renders++;
        decisions.push(req.headers[ACCESS_HEADER]);
        const seen = headline;
        await new Promise((resolve) => setImmediate(resolve));
        const shape = shapeDigest(cacheShape(req, result, false));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<html><body ${DECISION_ATTRIBUTE}="${shape}"><h1>${seen}</h1></body></html>`);
      },
    });
    const key = `${request().url}\n${cacheShape(request(), result, false)}`;
    const send = async () => {
      const answer = response();
      expect(server.serve(request(), answer.res, result)).toBe(true);
      return answer.sent;
    };
    expect(await send()).toMatchObject({ how: 'miss' });
    expect(await send()).toMatchObject({ how: 'hit' });
    expect(renders).toBe(1);
    // A minute later the page is stale: two readers get it at once, and one render replaces it.
    now = 60_000;
    headline = 'Second headline';
    const [first, second] = await Promise.all([send(), send()]);
    expect(first).toMatchObject({ how: 'stale' });
    expect(first.body).toContain('First headline');
    expect(second).toMatchObject({ how: 'stale' });
    // Once the one render has stored its page, the page is fresh again.
    await vi.waitFor(() => expect(cache.isFresh(cache.get(key)!)).toBe(true));
    expect(renders).toBe(2);
    const after = await send();
    expect(after).toMatchObject({ how: 'hit' });
    expect(after.body).toContain('Second headline');
    // Past the stale window nothing old is sent: the reader waits for a render.
    now = 60_000 + 60_000 + 600_000;
    headline = 'Third headline';
    const late = await send();
    expect(late).toMatchObject({ how: 'miss' });
    expect(late.body).toContain('Third headline');
    // The first miss, the render behind the stale page and the late miss were each handed the decision.
    expect(decisions).toEqual([1, 2, 3].map(() => encodeGateResult(result)));
  });

  it('stores a miss compressed quickly, then the best compression in its place', async () => {
    const cache = createStoryPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const server = createStoryPageServer({
      cache,
      detailed: false,
      content: { version: 'v1', onChange: () => () => undefined },
      render: (req, res) => {
        const shape = shapeDigest(cacheShape(req, result, false));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<html><body ${DECISION_ATTRIBUTE}="${shape}">${'<p>A paragraph.</p>'.repeat(500)}</body></html>`,
        );
      },
    });
    const answer = response();
    server.serve(request(), answer.res, result);
    await answer.sent;
    const key = `${request().url}\n${cacheShape(request(), result, false)}`;
    expect(cache.get(key)?.compression).toBe('quick');
    await vi.waitFor(() => expect(cache.get(key)?.compression).toBe('best'));
  });
});
