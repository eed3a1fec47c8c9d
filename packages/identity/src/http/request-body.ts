import { z } from 'zod';
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

/** Nests form fields by their dotted names (`traits.name.first`), as Kratos decodes forms. */
function nestFormFields(fields: URLSearchParams): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [path, value] of fields) {
    const keys = path.split('.').filter(Boolean);
    if (keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) continue;
    let node = target;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return target;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON body: an object (an empty body is `{}`), kept as parsed. */
const jsonBody = z
  .string()
  .transform((text, ctx): unknown => {
    try {
      return text ? JSON.parse(text) : {};
    } catch {
      ctx.issues.push({ code: 'custom', message: 'The request body is not valid JSON.', input: text });
      return z.NEVER;
    }
  })
  .pipe(z.custom<Record<string, unknown>>(isObject, 'The request body must be a JSON object.'));

/** A form body (`application/x-www-form-urlencoded`, or no content type), its dotted names nested. */
const formBody = z.string().transform((text) => nestFormFields(new URLSearchParams(text)));

/**
 * The submitted body, from JSON or an HTML form, read through `schema`.
 * @throws KratosError 400 when the body is not a JSON object or a form, or does not pass `schema`
 * (the first problem's message); 413 when it is too large.
 */
export async function parseBody<T>(
  request: Request,
  schema: z.ZodType<T, Record<string, unknown>>,
): Promise<T> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const text = await readCappedText(request);
  let decoder: z.ZodType<Record<string, unknown>, string>;
  if (type.includes('application/json')) decoder = jsonBody;
  else if (type.includes('application/x-www-form-urlencoded') || type === '') decoder = formBody;
  else throw errors.badRequest(`The content type ${type} is not supported; send JSON or a form.`);
  const parsed = decoder.pipe(schema).safeParse(text);
  if (!parsed.success) throw errors.badRequest(parsed.error.issues[0]!.message);
  return parsed.data;
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
