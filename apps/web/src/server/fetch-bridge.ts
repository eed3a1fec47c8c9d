import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

/** Bodies smaller than this go as they are: gzip would save little and cost a trip to the thread pool. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A Node request as the fetch handlers of the product read it (headers, address and body stream), for the
 * handlers the server answers itself before Next.js (server.ts). The origin is the site's own, whatever
 * the Host header says: no client chooses it.
 */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`${origin}${req.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Writes a fetch handler's response (every Set-Cookie kept apart; gzipped when `acceptEncoding` is given
 * and takes gzip, for a body of 1 KB or more), or a 500 with `failure.body` as JSON when the handler failed.
 */
export function sendFetchResponse(
  answer: Promise<Response>,
  res: ServerResponse,
  failure: { label: string; body: unknown },
  options: { acceptEncoding?: string } = {},
): void {
  answer
    .then(async (response) => {
      let body = Buffer.from(await response.arrayBuffer());
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') res.setHeader(name, value);
      });
      // As Next.js would have: gzip for a client that takes it (nginx in front may do it instead).
      if (options.acceptEncoding !== undefined) {
        res.setHeader('vary', 'accept-encoding');
        if (
          body.byteLength >= COMPRESS_FROM_BYTES &&
          !response.headers.has('content-encoding') &&
          /\bgzip\b/i.test(options.acceptEncoding)
        ) {
          body = await gzip(body);
          res.setHeader('content-encoding', 'gzip');
        }
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.setHeader('set-cookie', cookies);
      res.setHeader('content-length', body.byteLength);
      res.end(body);
    })
    .catch((error: unknown) => {
      console.error(failure.label, error);
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(failure.body));
    });
}
