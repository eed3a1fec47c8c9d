import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleGraphQLRequest } from './graphql-entry';

// The server's own answer to /api/graphql/, over HTTP, with a handler that echoes what it was given; what
// it does not answer goes on (here, to a 418 standing for Next.js).
let server: Server;
let base: string;
let fail = false;
const handler = async (request: Request): Promise<Response> => {
  if (fail) throw new Error('boom');
  const headers = new Headers({ 'content-type': 'application/json' });
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
    const raw = await new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
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
    expect(raw.encoding).toBe('gzip');
    expect(raw.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(raw.body).toString()).url).toBe(
      `https://www.example.org/api/graphql/?query=${encodeURIComponent(query)}`,
    );
    // Small answers, and clients that do not take gzip, get the bytes as they are.
    const small = await new Promise<string | undefined>((resolve, reject) => {
      get(`${base}/api/graphql/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.resume();
        resolve(res.headers['content-encoding']);
      }).on('error', reject);
    });
    expect(small).toBeUndefined();
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
