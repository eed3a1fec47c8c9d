import { describe, expect, it } from 'vitest';
import { readBof500Filter } from './bof500-page';

describe('readBof500Filter', () => {
  const years = [2025, 2024];

  it('keeps the values the lists know', () => {
    expect(
      readBof500Filter({ name: ' Ada ', category: 'media', country: 'FR', year: '2024' }, years),
    ).toEqual({
      name: 'Ada',
      category: 'media',
      country: 'FR',
      year: '2024',
    });
  });

  it('drops unknown categories, countries and years, and cuts long names', () => {
    expect(
      readBof500Filter({ name: 'x'.repeat(200), category: 'x', country: 'Atlantis', year: '1999' }, years),
    ).toEqual({ name: 'x'.repeat(100), category: '', country: '', year: '' });
    expect(readBof500Filter({ year: '2024abc' }, years).year).toBe('');
  });
});
