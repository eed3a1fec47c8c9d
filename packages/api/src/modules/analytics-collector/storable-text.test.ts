import { describe, expect, it } from 'vitest';
import { rawJsonText, storableText } from './storable-text';

describe('storable text for bad rows', () => {
  it('writes U+0000 as its escape text and an unpaired surrogate as U+FFFD, keeping pairs', () => {
    expect(storableText('a\u0000b')).toBe('a\\u0000b');
    expect(storableText('x\ud800y\udc00z👗')).toBe('x\uFFFDy\uFFFDz👗');
  });

  it('keeps a payload as JSON text that gives back every character, null included', () => {
    const payload = { url: 'a\u0000b', lone: '\ud800', list: [null, 1] };
    const text = rawJsonText(payload);
    expect(text).not.toMatch(/\u0000|[\ud800-\udfff]/);
    expect(JSON.parse(text)).toEqual(payload);
    expect(rawJsonText(null)).toBe('null');
    expect(rawJsonText(undefined)).toBe('null');
  });
});
