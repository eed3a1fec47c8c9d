import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

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
 * Writes a fetch handler's response (every Set-Cookie kept apart), or a 500 with `failure.body` as JSON
 * when the handler failed.
 */
export function sendFetchResponse(
  answer: Promise<Response>,
  res: ServerResponse,
  failure: { label: string; body: unknown },
): void {
  answer
    .then(async (response) => {
      const body = Buffer.from(await response.arrayBuffer());
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') res.setHeader(name, value);
      });
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
