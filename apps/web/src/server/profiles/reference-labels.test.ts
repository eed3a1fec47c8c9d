import { describe, expect, it } from 'vitest';
import { countryName, isKeyOf, labelOf, optionsOf } from './reference-labels';

describe('reference labels', () => {
  it('names keys by their titles, set with typographic quotes', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('CN')).toBe('People’s Republic of China');
    expect(optionsOf('countries').find((o) => o.key === 'CN')?.title).toBe('People’s Republic of China');
    expect(labelOf('personProfileCategories', 'creatives')).toBe('Creatives');
  });

  it('falls back to the key, and knows which keys a list has', () => {
    expect(labelOf('companySizes', 'gone')).toBe('gone');
    expect(isKeyOf('countries', 'FR')).toBe(true);
    expect(isKeyOf('countries', 'Atlantis')).toBe(false);
  });
});
