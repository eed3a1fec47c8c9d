import { createServer, get, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLAnswerCache } from './graphql-answer-cache';
import { GRAPHQL_CACHE_HEADER, handleGraphQLRequest, MAX_SHARED_BODY_BYTES } from './graphql-entry';

// The server's own answer to /api/graphql/, over HTTP, with a handler that echoes what it was given; what
// it does not answer goes on (here, to a 418 standing for Next.js).
let server: Server;
let base: string;
let fail = false;
const handler = async (request: Request): Promise<Response> => {
  if (fail) throw new Error('boom');
  const headers = new Headers({ 'content-type': 'application/json', vary: 'Accept' });
  headers.append('set-cookie', 'a=1; Path=/');
  headers.append('set-cookie', 'b=2; Path=/; HttpOnly');
  return new Response(
    JSON.stringify({
      method: request.method,
      url: request.url,
      cookie: request.headers.get('cookie'),
      body: request.method === 'POST' ? await request.text() : null,
    }),
    { status: 200, headers },
  );
};
beforeAll(async () => {
  server = createServer((req, res) => {
    if (handleGraphQLRequest(req, res, { handler, origin: 'https://www.example.org' })) return;
    res.writeHead(418).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A GET with Node's client, which (unlike fetch) leaves the body as it came. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          encoding: res.headers['content-encoding'],
          vary: res.headers.vary,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

describe('GraphQL in front of Next.js', () => {
  it('hands a POST to the handler with its body, cookies and the site’s own origin', async () => {
    const body = JSON.stringify({ query: '{ countries(first: 20) { edges { node { code } } } }' });
    const response = await fetch(`${base}/api/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'bof_session=x', host: 'evil.example' },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      method: 'POST',
      url: 'https://www.example.org/api/graphql/',
      cookie: 'bof_session=x',
      body,
    });
  });

  it('keeps every Set-Cookie apart', async () => {
    const response = await fetch(`${base}/api/graphql/?query=%7B__typename%7D`);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    expect((await response.json()).url).toBe('https://www.example.org/api/graphql/?query=%7B__typename%7D');
  });

  it('gzips a body of 1 KB or more for a client that takes gzip, as Next.js did', async () => {
    const query = `{ a: __typename ${'b: __typename '.repeat(80)}}`;
    const url = `${base}/api/graphql/?query=${encodeURIComponent(query)}`;
    const raw = await rawGet(url, 'gzip');
    expect(raw.encoding).toBe('gzip');
    // The handler's own Vary is kept.
    expect(raw.vary).toBe('Accept, Accept-Encoding');
    expect(JSON.parse(gunzipSync(raw.body).toString()).url).toBe(
      `https://www.example.org/api/graphql/?query=${encodeURIComponent(query)}`,
    );
    // Small answers, and clients that do not take gzip (or refuse it with q=0), get the bytes as they are.
    expect((await rawGet(`${base}/api/graphql/`, 'gzip')).encoding).toBeUndefined();
    for (const refusal of ['br', 'gzip;q=0', '*;q=0', 'identity']) {
      const plain = await rawGet(url, refusal);
      expect(plain.encoding, refusal).toBeUndefined();
      expect(JSON.parse(plain.body.toString()).url).toContain('/api/graphql/?query=');
    }
  });

  it('answers 500 with a GraphQL error when the handler fails', async () => {
    fail = true;
    try {
      const response = await fetch(`${base}/api/graphql/`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(500);
      expect((await response.json()).errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      fail = false;
    }
  });

  it('leaves every other method and address to Next.js', async () => {
    for (const [method, path] of [
      ['OPTIONS', '/api/graphql/'],
      ['PUT', '/api/graphql/'],
      ['POST', '/api/graphql'],
      ['GET', '/api/graphql/extra/'],
      ['GET', '/api/graphqlx/'],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method, redirect: 'manual' });
      expect(response.status, `${method} ${path}`).toBe(418);
    }
  });
});

describe('shared GraphQL answers', () => {
  let shared: Server;
  let sharedBase: string;
  let runs = 0;
  const answers = createGraphQLAnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
  // Shareable unless the query says "private"; the answer counts the runs, so a stored one shows.
  const shareable = new WeakSet<Request>();
  const shareableHandler = Object.assign(
    async (request: Request) => {
      runs += 1;
      const text = request.method === 'POST' ? await request.text() : new URL(request.url).search;
      if (!text.includes('private')) shareable.add(request);
      const padding = text.includes('big') ? 'x'.repeat(2000) : '';
      return Response.json({ run: runs, text, padding });
    },
    { isShareable: (request: Request) => shareable.has(request) },
  );
  beforeAll(async () => {
    shared = createServer((req, res) => {
      if (
        handleGraphQLRequest(req, res, {
          handler: shareableHandler,
          origin: 'https://www.example.org',
          answers,
        })
      )
        return;
      res.writeHead(418).end('next');
    });
    await new Promise<void>((resolve) => shared.listen(0, '127.0.0.1', resolve));
    sharedBase = `http://127.0.0.1:${(shared.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => shared.close(resolve)));

  const postQuery = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${sharedBase}/api/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });

  it('gives a shareable answer again without running the query, by body', async () => {
    answers.clear();
    const first = await postQuery('{ sections { slug } }');
    expect(first.headers.get(GRAPHQL_CACHE_HEADER)).toBe('miss');
    const run = (await first.json()).run;
    const again = await postQuery('{ sections { slug } }');
    expect(again.headers.get(GRAPHQL_CACHE_HEADER)).toBe('hit');
    expect((await again.json()).run).toBe(run);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    // Another body, another answer.
    expect((await (await postQuery('{ topics { slug } }')).json()).run).toBe(run + 1);
  });

  it('never answers a reader with a session cookie from the cache, nor stores for one', async () => {
    answers.clear();
    await postQuery('{ sections { slug } }');
    const signedIn = await postQuery('{ sections { slug } }', { cookie: 'bof_session=token' });
    expect(signedIn.headers.get(GRAPHQL_CACHE_HEADER)).toBeNull();
    expect(answers.size).toBe(1);
  });

  it('runs every request the handler does not call shareable', async () => {
    answers.clear();
    const before = runs;
    await postQuery('{ private }');
    const second = await postQuery('{ private }');
    expect(second.headers.get(GRAPHQL_CACHE_HEADER)).toBeNull();
    expect(runs).toBe(before + 2);
  });

  it('keys GETs by address and Accept', async () => {
    answers.clear();
    const url = `${sharedBase}/api/graphql/?query=%7Bsections%7D`;
    const first = await (await fetch(url)).json();
    expect((await (await fetch(url)).json()).run).toBe(first.run);
    const graphqlJson = await fetch(url, { headers: { accept: 'application/graphql-response+json' } });
    expect((await graphqlJson.json()).run).toBe(first.run + 1);
  });

  it('empties when the content changes, also for a query under way', async () => {
    answers.clear();
    const first = await (await postQuery('{ sections { slug } }')).json();
    answers.clear();
    expect((await (await postQuery('{ sections { slug } }')).json()).run).toBe(first.run + 1);
  });

  it('gzips a stored answer once for clients that take gzip', async () => {
    answers.clear();
    const ask = () =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        const req = request(
          `${sharedBase}/api/graphql/`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ query: '{ big }' }));
      });
    const first = await ask();
    const second = await ask();
    expect(first.encoding).toBe('gzip');
    expect(second.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(second.body).toString())).toEqual(
      JSON.parse(gunzipSync(first.body).toString()),
    );
    const bytes = answers.bytes;
    await ask();
    expect(answers.bytes).toBe(bytes);
  });

  it('reads large or unsized POSTs as a stream and never stores them', async () => {
    answers.clear();
    const big = await postQuery(`{ sections ${' '.repeat(MAX_SHARED_BODY_BYTES)} }`);
    expect(big.status).toBe(200);
    expect(big.headers.get(GRAPHQL_CACHE_HEADER)).toBeNull();
    // A chunked body declares no length: read as a stream too.
    const chunked = await new Promise<{ cache?: string | string[]; body: string }>((resolve, reject) => {
      const req = request(
        `${sharedBase}/api/graphql/`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ cache: res.headers[GRAPHQL_CACHE_HEADER], body: text }));
        },
      );
      req.on('error', reject);
      req.write('{"query":');
      req.end('"{ sections }"}');
    });
    expect(chunked.cache).toBeUndefined();
    expect(JSON.parse(chunked.body).text).toBe('{"query":"{ sections }"}');
    expect(answers.size).toBe(0);
  });
});
