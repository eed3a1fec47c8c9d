import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './reader-locale';

describe('the reader’s locale and country', () => {
  it('takes the first language and its region', () => {
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toEqual({ locale: 'en-GB', country: 'GB' });
    expect(localeFromAcceptLanguage('fr-FR')).toEqual({ locale: 'fr-FR', country: 'FR' });
  });

  it('finds the region of a language sent without one', () => {
    expect(localeFromAcceptLanguage('fr,fr-BE;q=0.8,en;q=0.5')).toEqual({ locale: 'fr', country: 'BE' });
    expect(localeFromAcceptLanguage('fr,en-US;q=0.5')).toEqual({ locale: 'fr', country: 'FR' });
    expect(localeFromAcceptLanguage('de')).toEqual({ locale: 'de', country: 'DE' });
  });

  it('falls back to en-GB for no header or a broken one', () => {
    expect(localeFromAcceptLanguage('')).toEqual({ locale: 'en-GB', country: 'GB' });
    expect(localeFromAcceptLanguage('!!!')).toEqual({ locale: 'en-GB', country: undefined });
  });
});
