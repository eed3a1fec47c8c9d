import { IncomingMessage, type ServerResponse } from 'node:http';

/**
 * Whether a request target's path is not valid percent-encoding (`%E0%A4%A`, `%`, `%ZZ`, an encoded lone
 * surrogate or overlong UTF-8): Next.js fails to decode such a path into a route's params and answers 500.
 * No page or file has such an address, so it is refused before routing.
 */
export function hasMalformedPath(url: string | undefined): boolean {
  if (!url) return false;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * What is wrong with a request no route could read, or undefined: an address that is not valid
 * percent-encoding (see hasMalformedPath) or longer than MAX_PATH_LENGTH, or a multipart POST without a boundary, which Next.js would try
 * to read as a form's server action and fail on with a 500.
 */
/**
 * The longest path served. Slugs are at most 200 characters; a longer address is no page, and Next.js's
 * redirects repeat it twice in their headers (Location and Refresh), more than clients and proxies read.
 */
export const MAX_PATH_LENGTH = 2048;
/** The whole address with its query: a redirect repeats it twice in its headers, which must stay readable. */
export const MAX_URL_LENGTH = 8192;

export function malformedRequest(
  req: Pick<IncomingMessage, 'url' | 'method' | 'headers'>,
): string | undefined {
  if (hasMalformedPath(req.url)) return 'the address is not valid percent-encoding';
  if ((req.url ?? '').split(/[?#]/, 1)[0]!.length > MAX_PATH_LENGTH) return 'the address is too long';
  if ((req.url ?? '').length > MAX_URL_LENGTH) return 'the address is too long';
  const contentType = req.headers['content-type'] ?? '';
  if (
    req.method === 'POST' &&
    /^multipart\/form-data/i.test(contentType) &&
    !/;\s*boundary=\S/i.test(contentType)
  )
    return 'a multipart body needs a boundary';
  return undefined;
}

/** 400 (or the status given) with what is wrong with the request. */
export function refuseMalformedRequest(res: ServerResponse, reason: string, status = 400): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`Bad request: ${reason}.\n`);
}

/** The largest form body a page takes: Next.js's own limit for server actions. */
export const MAX_FORM_BYTES = 1024 * 1024;

/**
 * A form posted to a page without JavaScript (multipart, no `Next-Action` header) is read by Next.js as a
 * server action; a body that is not valid multipart (cut short, a wrong boundary) fails there with a 500.
 * Such a body is read here first: a valid one is handed on unchanged (as a new request with the same
 * head), an invalid one is refused with 400, an oversized one with 413.
 */
export function isPageFormPost(req: Pick<IncomingMessage, 'url' | 'method' | 'headers'>): boolean {
  return (
    req.method === 'POST' &&
    !req.headers['next-action'] &&
    !(req.url ?? '').startsWith('/api/') &&
    /^multipart\/form-data/i.test(req.headers['content-type'] ?? '')
  );
}

export async function checkedFormPost(
  req: IncomingMessage,
): Promise<{ ok: true; req: IncomingMessage } | { ok: false; status: number; reason: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return { ok: false, status: 413, reason: 'the form is too large' };
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  try {
    await new Response(body, { headers: { 'content-type': req.headers['content-type']! } }).formData();
  } catch {
    return { ok: false, status: 400, reason: 'the form is not valid multipart' };
  }
  const replay = new IncomingMessage(req.socket);
  replay.method = req.method;
  replay.url = req.url;
  replay.httpVersion = req.httpVersion;
  replay.headers = req.headers;
  replay.rawHeaders = req.rawHeaders;
  // Read in full already: nothing more comes from the socket.
  replay._read = () => {};
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  return { ok: true, req: replay };
}
