/** A request body over the limit: answered 413 before anything parses it. */
export class BodyTooLargeError extends Error {
  readonly code = 'body_too_large';
  constructor(readonly limitBytes: number) {
    super(`The request body is larger than ${limitBytes} bytes.`);
  }
}

/**
 * Reads a request body, refusing it as soon as it passes `maxBytes`: at once when Content-Length says
 * so, otherwise while streaming, so a chunked upload of any size costs at most `maxBytes` of memory.
 * @throws BodyTooLargeError
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
