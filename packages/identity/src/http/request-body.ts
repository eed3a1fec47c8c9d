import { errors, KratosError } from './kratos-error';

/** The most a self-service submission may carry (forms here are a few hundred bytes). */
export const MAX_BODY_BYTES = 65_536;

/**
 * The request body as text, refused before it is read when its declared length is over `max`, and while
 * reading as soon as it passes `max` (a chunked body declares no length): never buffered beyond it.
 * @throws KratosError 413 when the body is too large.
 */
export async function readCappedText(request: Request, max = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () =>
    new KratosError(413, undefined, 'The request body is too large', `Send at most ${max} bytes.`);
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Sets `a.b.c` = value in a nested object (form posts name traits as `traits.name.first`). */
function setPath(target: Record<string, unknown>, path: string, value: string) {
  const keys = path.split('.').filter(Boolean);
  if (keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) return;
  let node = target;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) node[key] = value;
    else {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
  });
}

/** The submitted body as an object, from JSON or an HTML form; anything else is a 400. */
export async function readBody(request: Request): Promise<{ body: Record<string, unknown>; form: boolean }> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const text = await readCappedText(request);
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw errors.badRequest('The request body is not valid JSON.');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw errors.badRequest('The request body must be a JSON object.');
    return { body: parsed as Record<string, unknown>, form: false };
  }
  if (type.includes('application/x-www-form-urlencoded') || type === '') {
    const body: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) setPath(body, key, value);
    return { body, form: true };
  }
  throw errors.badRequest(`The content type ${type} is not supported; send JSON or a form.`);
}

/** Kratos treats a request as coming from a script (JSON answers) when it sends or asks for JSON. */
export function wantsJson(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  const accept = request.headers.get('accept') ?? '';
  return (
    type.includes('application/json') ||
    (accept.includes('application/json') && !accept.includes('text/html'))
  );
}
