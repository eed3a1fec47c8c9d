import { describe, expect, it } from 'vitest';
import { changePayloads, parseContentChange } from './content-changes';

describe('content change payloads', () => {
  it('sends a small change in one payload that reads back the same', () => {
    const change = { storyIds: ['a1', 'b2'], slugs: ['first', 'second'], lists: true };
    const payloads = changePayloads(change);
    expect(payloads).toHaveLength(1);
    expect(parseContentChange(payloads[0])).toEqual(change);
  });

  it('splits a large change into parts under the NOTIFY limit that together name every story', () => {
    const slugs = Array.from({ length: 2000 }, (_, i) => `story-${i}-${'x'.repeat(40)}`);
    const storyIds = slugs.map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const payloads = changePayloads({ storyIds, slugs, lists: false });
    expect(payloads.length).toBeGreaterThan(10);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const parts = payloads.map((p) => parseContentChange(p)!);
    expect(parts.flatMap((p) => p.slugs)).toEqual(slugs);
    expect(parts.flatMap((p) => p.storyIds)).toEqual(storyIds);
    expect(parts.every((p) => p.lists === false)).toBe(true);
  });

  it('reads nothing from payloads that are not changes', () => {
    for (const payload of [undefined, '', 'nope', '{}', '{"storyIds":[1],"slugs":[],"lists":true}', 'null'])
      expect(parseContentChange(payload)).toBeNull();
    // The feed alone says `all`: an announcement cannot.
    expect(parseContentChange('{"storyIds":[],"slugs":[],"lists":true,"all":true}')).toEqual({
      storyIds: [],
      slugs: [],
      lists: true,
    });
  });
});
