import { describe, expect, it } from 'vitest';
import { chooseEncoding, takesGzip, varyAlso } from './content-encoding';

describe('encoding choice', () => {
  it('prefers brotli, then gzip, then the plain bytes, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('identity')).toBe('identity');
  });

  it('says whether gzip is taken, refused by q=0 whether named or by *', () => {
    expect(takesGzip('gzip, deflate, br')).toBe(true);
    expect(takesGzip('br')).toBe(false);
    expect(takesGzip('gzip;q=0')).toBe(false);
    expect(takesGzip('GZIP; q=0.0, br')).toBe(false);
    expect(takesGzip('*')).toBe(true);
    expect(takesGzip('*;q=0')).toBe(false);
    expect(takesGzip('*;q=0, gzip')).toBe(true);
    expect(takesGzip(['deflate', 'gzip'])).toBe(true);
    expect(takesGzip('')).toBe(false);
  });
});

describe('varyAlso', () => {
  it('adds a header once, keeping what the answer named', () => {
    expect(varyAlso(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(varyAlso('Accept', 'Accept-Encoding')).toBe('Accept, Accept-Encoding');
    expect(varyAlso('rsc, accept-encoding', 'Accept-Encoding')).toBe('rsc, accept-encoding');
    expect(varyAlso(['Accept', 'Origin'], 'Accept-Encoding')).toBe('Accept, Origin, Accept-Encoding');
    expect(varyAlso('*', 'Accept-Encoding')).toBe('*');
  });
});
