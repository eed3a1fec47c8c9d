import { describe, expect, it } from 'vitest';
import { clearCookieHeader, parseCookies, readCookie, readSetCookie, setCookieHeader } from './cookies';

describe('readCookie', () => {
  it('finds one cookie by exact name and decodes it', () => {
    expect(readCookie('a=1; bof_session=x%2Ey; bof_session_other=2', 'bof_session')).toBe('x.y');
    expect(readCookie('xbof_session=1', 'bof_session')).toBeUndefined();
    expect(readCookie(null, 'bof_session')).toBeUndefined();
    expect(readCookie(undefined, 'bof_session')).toBeUndefined();
    expect(readCookie('', 'bof_session')).toBeUndefined();
  });

  it('keeps a value that is not valid percent-encoding as sent, or reads it as absent when asked', () => {
    expect(readCookie('bof_session=%E0%A4%A', 'bof_session')).toBe('%E0%A4%A');
    expect(readCookie('bof_session=%E0%A4%A', 'bof_session', { malformed: 'absent' })).toBeUndefined();
    expect(readCookie('bof_session=a%20b', 'bof_session', { malformed: 'absent' })).toBe('a b');
  });

  it('takes the first of a repeated name, as browsers send the most specific first', () => {
    expect(readCookie('bof_meter=path-specific; bof_meter=site-wide', 'bof_meter')).toBe('path-specific');
    expect(readCookie('bof_meter=%ZZ; bof_meter=good', 'bof_meter', { malformed: 'absent' })).toBeUndefined();
  });
});

describe('parseCookies', () => {
  it('reads every cookie, trimmed and decoded, the first of a repeated name winning', () => {
    const jar = parseCookies(' a=1 ;b=x%3Dy;  a=2;c=;d=="quoted"');
    expect([...jar]).toEqual([
      ['a', '1'],
      ['b', 'x=y'],
      ['c', ''],
      ['d', '="quoted"'],
    ]);
  });

  it.each([
    ['nothing', ''],
    ['only separators', ';;; ; '],
    ['a part without =', 'flag'],
    ['a part without a name', '=value'],
    ['a lone =', '='],
  ])('reads %s as no cookies, without throwing', (_, header) => {
    expect(parseCookies(header).size).toBe(0);
  });

  it('survives hostile headers: stray parts, bad encodings, prototype names, a very long header', () => {
    const jar = parseCookies('junk; a=%; =x; __proto__=p; constructor=c; b=%E0%A4%A; e=1=2; f=ok');
    expect(jar.get('a')).toBe('%');
    expect(jar.get('__proto__')).toBe('p');
    expect(jar.get('constructor')).toBe('c');
    expect(jar.get('b')).toBe('%E0%A4%A');
    expect(jar.get('e')).toBe('1=2');
    expect(jar.get('f')).toBe('ok');
    expect(jar.has('junk')).toBe(false);
    expect(jar.has('')).toBe(false);
    expect(({} as Record<string, unknown>).p).toBeUndefined();
    const long = Array.from({ length: 5000 }, (_, i) => `n${i}=${'v'.repeat(20)}`).join('; ');
    expect(parseCookies(long).size).toBe(5000);
    expect(parseCookies(null).size).toBe(0);
  });
});

describe('setCookieHeader', () => {
  it('writes the value encoded, Path=/ and SameSite=Lax, and Secure and HttpOnly only when asked', () => {
    const line = setCookieHeader('bof_session', 'a b;c', {
      secure: false,
      httpOnly: false,
      maxAgeSeconds: 900,
    });
    expect(line).toBe('bof_session=a%20b%3Bc; Max-Age=900; Path=/; SameSite=Lax');
    expect(
      setCookieHeader('csrf_token', 'x', {
        secure: true,
        httpOnly: true,
        path: '/identity/',
        expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
      }),
    ).toBe(
      'csrf_token=x; Path=/identity/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('clears with an empty value and Max-Age=0 under the same attributes', () => {
    expect(clearCookieHeader('bof_session', { secure: true, httpOnly: false })).toBe(
      'bof_session=; Max-Age=0; Path=/; Secure; SameSite=Lax',
    );
  });

  it('refuses a name that is not a cookie token and a lifetime that is not whole seconds', () => {
    const options = { secure: false, httpOnly: true };
    expect(() => setCookieHeader('bad name', 'x', options)).toThrow(TypeError);
    expect(() => setCookieHeader('a;b', 'x', options)).toThrow(TypeError);
    expect(() => setCookieHeader('ok', 'x', { ...options, maxAgeSeconds: 1.5 })).toThrow(TypeError);
  });

  it('round-trips through a browser: the Set-Cookie read back and sent as a Cookie header', () => {
    const values = [
      '',
      'plain',
      'eyJhbGciOiJFUzI1NiJ9.e30.sig',
      'a=b; c',
      'ünïcødé ✓',
      '%E0%A4%A',
      '"quoted"',
    ];
    for (const value of values) {
      const stored = readSetCookie(
        setCookieHeader('bof_paywall_session', value, { secure: true, httpOnly: true }),
      );
      expect(stored).toMatchObject({ name: 'bof_paywall_session', path: '/', secure: true, httpOnly: true });
      expect(stored.sameSite).toBe('lax');
      expect(readCookie(`other=1; ${stored.name}=${stored.value}`, 'bof_paywall_session')).toBe(value);
    }
  });
});

describe('readSetCookie', () => {
  it('reads the attributes a browser keeps, and the value still encoded', () => {
    const stored = readSetCookie('bof_meter=a%20b; Max-Age=0; Path=/; SameSite=Lax; Secure');
    expect(stored).toMatchObject({ name: 'bof_meter', value: 'a%20b', maxAge: 0, path: '/', secure: true });
  });
});
