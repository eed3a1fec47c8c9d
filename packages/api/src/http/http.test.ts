import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readLimitedBody } from './limited-body';

const streamOf = (...chunks: string[]) =>
  new Request('http://localhost/', {
    method: 'POST',
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);

describe('readLimitedBody', () => {
  it('reads a body within the limit, whole', async () => {
    const body = await readLimitedBody(streamOf('{"query":', '"{ a }"}'), 100);
    expect(new TextDecoder().decode(body)).toBe('{"query":"{ a }"}');
  });

  it('refuses by Content-Length before reading, and while streaming past the limit', async () => {
    const declared = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-length': '101' },
      body: 'x'.repeat(101),
    });
    await expect(readLimitedBody(declared, 100)).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(readLimitedBody(streamOf('x'.repeat(60), 'x'.repeat(60)), 100)).rejects.toThrow(
      'larger than 100 bytes',
    );
    expect(await readLimitedBody(streamOf('x'.repeat(100)), 100)).toHaveLength(100);
  });
});
