import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { GateResult } from '@bof/api/access';
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
