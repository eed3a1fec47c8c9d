import { describe, expect, it } from 'vitest';
import { readJsonBody } from './read-json-body';

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('readJsonBody', () => {
  it('reads JSON at the limit', async () => {
    const body = JSON.stringify({ a: 'x'.repeat(92) });
    expect(body.length).toBe(100);
    expect(await readJsonBody(post(body), 100)).toEqual({ ok: true, value: { a: 'x'.repeat(92) } });
  });

  it('refuses one byte over the limit, by header or by stream', async () => {
    const body = JSON.stringify({ a: 'x'.repeat(93) });
    expect(await readJsonBody(post(body), 100)).toMatchObject({ ok: false, status: 413 });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    expect(await readJsonBody(post(stream), 100)).toMatchObject({ ok: false, status: 413 });
  });

  it('refuses malformed JSON and reads an empty body as {}', async () => {
    expect(await readJsonBody(post('{nope'), 100)).toMatchObject({
      ok: false,
      status: 400,
      code: 'invalid_json',
    });
    expect(await readJsonBody(post(null), 100)).toEqual({ ok: true, value: {} });
  });
});
