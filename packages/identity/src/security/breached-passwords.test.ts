import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPwnedPasswordsCheck } from './breached-passwords';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex').toUpperCase();

describe('the Pwned Passwords range check', () => {
  it('sends only the first five characters of the SHA-1, padded, and finds the suffix in the answer', async () => {
    const hash = sha1('velvet-Atelier-2026!');
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const check = createPwnedPasswordsCheck({
      baseUrl: 'https://pwned.test/',
      fetch: async (url, init) => {
        calls.push({ url, headers: init.headers as Record<string, string> });
        return new Response(
          `0018A45C4D1DEF81644B54AB7F969B88D65:0\r\n${hash.slice(5).toLowerCase()}:1234\r\nFFFFF00000000000000000000000000000A:3\r\n`,
        );
      },
    });
    expect(await check('velvet-Atelier-2026!')).toBe(1234);
    expect(await check('something-else-entirely')).toBe(0);
    expect(calls[0]!.url).toBe(`https://pwned.test/range/${hash.slice(0, 5)}`);
    expect(calls[0]!.headers['add-padding']).toBe('true');
    expect(JSON.stringify(calls)).not.toContain(hash.slice(5));
  });

  it('fails open when the service is unreachable or answers an error, logging at most once a minute', async () => {
    const logs: string[] = [];
    let now = 0;
    const down = createPwnedPasswordsCheck({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
      log: (m) => logs.push(m),
      now: () => now,
    });
    expect(await down('velvet-Atelier-2026!')).toBeNull();
    expect(await down('velvet-Atelier-2026!')).toBeNull();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/breached-password check is unavailable \(fetch failed\)/);
    now = 61_000;
    expect(await down('velvet-Atelier-2026!')).toBeNull();
    expect(logs).toHaveLength(2);
    const failing = createPwnedPasswordsCheck({
      fetch: async () => new Response('busy', { status: 503 }),
      log: (m) => logs.push(m),
    });
    expect(await failing('velvet-Atelier-2026!')).toBeNull();
    expect(logs.at(-1)).toMatch(/answered 503/);
  });

  it('gives up after its timeout', async () => {
    const check = createPwnedPasswordsCheck({
      timeoutMs: 50,
      log: () => {},
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error)),
        ),
    });
    expect(await check('velvet-Atelier-2026!')).toBeNull();
  });
});
