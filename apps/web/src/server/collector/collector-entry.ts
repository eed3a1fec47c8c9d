import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { createCollectorHandlers } from './collector-handlers';

type CollectorHandlers = ReturnType<typeof createCollectorHandlers>;

/** The tracker's two addresses (with the site's trailing slash), as the route files under app/api/collector serve them. */
const POST_PATH = '/api/collector/com.snowplowanalytics.snowplow/tp2/';
const PIXEL_PATH = '/api/collector/i/';

/**
 * Answers the tracker's POSTs and pixel GETs in the server itself, before Next.js: the collector is the
 * product's busiest address (every page view, scroll and click) and its handlers need nothing of the app
 * router, whose request handling costs several milliseconds of CPU per request (issue 26,
 * docs/benchmarks.md). The handlers are the route files' own, so the answers are the same; any other
 * method or address (an OPTIONS, a HEAD, the path without its slash) goes on to Next.js as before.
 */
export function handleCollectorRequest(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: CollectorHandlers,
): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const handler =
    req.method === 'POST' && path === POST_PATH
      ? handlers.post
      : req.method === 'GET' && path === PIXEL_PATH
        ? handlers.pixel
        : null;
  if (!handler) return false;
  handler(webRequest(req, url)).then(
    (response) => writeResponse(response, res),
    (error: unknown) => {
      console.error('The collector failed', error);
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify({ error: { code: 'collector_failed', message: 'The events were not stored.' } }),
      );
    },
  );
  return true;
}

/** The request as the handlers read it: headers, the address's query, and the body as a stream. */
function webRequest(req: IncomingMessage, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else headers.set(name, value);
  }
  // Only the path and query are read; the host is fixed so that no header chooses the URL's origin.
  return new Request(`http://collector${url}`, {
    method: req.method,
    headers,
    ...(req.method === 'POST'
      ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' }
      : {}),
  } as RequestInit);
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader('content-length', body.byteLength);
  res.end(body);
}
