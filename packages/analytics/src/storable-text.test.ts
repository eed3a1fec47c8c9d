import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './storable-text';

describe('findUnstorableText', () => {
  it('names each string and field name holding U+0000 or an unpaired surrogate, by JSON pointer', () => {
    expect(
      findUnstorableText({ a: 'ok', 'b/c': ['x', 'y\u0000'], ['k\u0000']: 1, d: { e: '\ud800' } }, '/root'),
    ).toEqual([
      { path: '/root/b~1c/1', message: 'contains U+0000 (NUL), which cannot be stored' },
      { path: '/root', message: 'has a field name that contains U+0000 (NUL), which cannot be stored' },
      { path: '/root/d/e', message: 'contains an unpaired UTF-16 surrogate, which cannot be stored' },
    ]);
  });

  it('finds nothing in storable text, surrogate pairs included, and stops after ten places', () => {
    expect(findUnstorableText({ text: 'Paris 👗 été', n: 3, none: null })).toEqual([]);
    expect(findUnstorableText(Array.from({ length: 50 }, () => '\u0000'))).toHaveLength(10);
  });
});
