export type TextBody = { ok: true; text: string } | { ok: false; status: 413; code: string; message: string };
export type JsonBody =
  { ok: true; value: unknown } | { ok: false; status: 400 | 413; code: string; message: string };

/**
 * Reads a request body as text, refusing it once it passes `maxBytes` without reading further (with or
 * without a Content-Length).
 */
export async function readTextBody(request: Request, maxBytes: number): Promise<TextBody> {
  const tooLarge = {
    ok: false,
    status: 413,
    code: 'body_too_large',
    message: 'The request body is too large.',
  } as const;
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return tooLarge;
      }
      chunks.push(value);
    }
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}

/** Reads a JSON request body within `maxBytes`. An empty body reads as `{}`. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const body = await readTextBody(request, maxBytes);
  if (!body.ok) return body;
  if (!body.text.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(body.text) as unknown };
  } catch {
    return { ok: false, status: 400, code: 'invalid_json', message: 'The request body is not JSON.' };
  }
}
