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
  return body.ok ? parseJsonText(body.text) : body;
}

/** A body's text read as JSON: an empty body reads as `{}`, text that is not JSON is refused with 400. */
export function parseJsonText(text: string): JsonBody {
  if (!text.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, code: 'invalid_json', message: 'The request body is not JSON.' };
  }
}
