import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { takesGzip, varyAlso } from './content-encoding';

const gzip = promisify(gzipCallback);

/** Bodies smaller than this go as they are: gzip would save little and cost a trip to the thread pool. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A Node request as the fetch handlers of the product read it (headers, address and body stream), for the
 * handlers the server answers itself before Next.js (server.ts). The origin is the site's own, whatever
 * the Host header says: no client chooses it. A body already read is given as `body`.
 */
export function toFetchRequest(req: IncomingMessage, origin: string, body?: Buffer): Request {
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
    ...(hasBody ? { body: body ?? (Readable.toWeb(req) as ReadableStream<Uint8Array>), duplex: 'half' } : {}),
  } as RequestInit);
}

/** An answer to write: the headers without Set-Cookie, which go apart in `cookies`. */
export interface Answer {
  status: number;
  headers: readonly (readonly [string, string])[];
  cookies?: readonly string[];
  body: Buffer;
  /** The body gzipped already (a stored answer's), used for a client that takes gzip. */
  gzipped?: Buffer;
}

/** A fetch response's headers but Set-Cookie (which `getSetCookie` keeps apart) and Content-Length. */
export const headersOf = (response: Response): [string, string][] =>
  [...response.headers].filter(([name]) => name !== 'set-cookie' && name !== 'content-length');

/**
 * Writes an answer (every Set-Cookie kept apart; gzipped when `acceptEncoding` is given and takes gzip,
 * for a body of 1 KB or more). Returns the gzipped body when it made one.
 */
export async function writeAnswer(
  res: ServerResponse,
  answer: Answer,
  acceptEncoding?: string,
): Promise<Buffer | undefined> {
  let body = answer.body;
  let made: Buffer | undefined;
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  // As Next.js would have: gzip for a client that takes it (nginx in front may do it instead).
  if (acceptEncoding !== undefined) {
    res.setHeader('vary', varyAlso(res.getHeader('vary'), 'Accept-Encoding'));
    if (
      body.byteLength >= COMPRESS_FROM_BYTES &&
      !res.hasHeader('content-encoding') &&
      takesGzip(acceptEncoding)
    ) {
      body = answer.gzipped ?? (made = await gzip(body));
      res.setHeader('content-encoding', 'gzip');
    }
  }
  if (answer.cookies && answer.cookies.length > 0) res.setHeader('set-cookie', [...answer.cookies]);
  res.setHeader('content-length', body.byteLength);
  res.end(body);
  return made;
}

/** A 500 with `failure.body` as JSON for a handler that failed (the connection's end when too late). */
export function answerFailure(
  res: ServerResponse,
  failure: { label: string; body: unknown },
  error: unknown,
) {
  console.error(failure.label, error);
  if (res.headersSent) return void res.destroy();
  res.writeHead(500, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(failure.body));
}

/**
 * Writes a fetch handler's response (as writeAnswer), or a 500 with `failure.body` as JSON when the
 * handler failed.
 */
export function sendFetchResponse(
  answer: Promise<Response>,
  res: ServerResponse,
  failure: { label: string; body: unknown },
  options: { acceptEncoding?: string } = {},
): void {
  answer
    .then(async (response) => {
      const body = Buffer.from(await response.arrayBuffer());
      const headers = headersOf(response);
      await writeAnswer(
        res,
        { status: response.status, headers, cookies: response.headers.getSetCookie(), body },
        options.acceptEncoding,
      );
    })
    .catch((error: unknown) => answerFailure(res, failure, error));
}
