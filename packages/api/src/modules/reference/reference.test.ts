import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, InvalidCursorError } from './reference-cursor';
import { REFERENCE_LISTS, REFERENCE_LIST_NAMES, referenceKeys } from './reference-lists';

describe('the reference lists', () => {
  it.each(REFERENCE_LIST_NAMES)('%s has unique, well-formed keys and titles', (list) => {
    const entries = REFERENCE_LISTS[list];
    expect(entries.length).toBeGreaterThan(5);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.title)).size).toBe(entries.length);
    for (const entry of entries) {
      expect(entry.key).toMatch(list === 'countries' ? /^[A-Z]{2}$/ : /^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.title.trim()).toBe(entry.title);
      expect(entry.title.length).toBeGreaterThan(0);
    }
    expect(referenceKeys(list)).toEqual(entries.map((e) => e.key));
  });

  it('lists the countries of ISO 3166-1 in alphabetical order of their names', () => {
    const titles = REFERENCE_LISTS.countries.map((c) => c.title);
    expect(titles.length).toBeGreaterThanOrEqual(249);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    expect(REFERENCE_LISTS.countries).toContainEqual({ key: 'GB', title: 'United Kingdom' });
  });
});

describe('the paging cursor', () => {
  it('round-trips a position and refuses anything else', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    expect(encodeCursor(42)).not.toContain('42');
    for (const bad of [
      '',
      'NDI',
      Buffer.from('position:-1').toString('base64url'),
      Buffer.from('position:1e3').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(InvalidCursorError);
    }
  });
});
