import isoCountries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import type { ReferenceEntry } from './reference-item';

isoCountries.registerLocale(english);

/**
 * Every country of ISO 3166-1 (alpha-2 code as the key, English name as the title), from the
 * maintained i18n-iso-countries package, in alphabetical order of the name.
 */
export const COUNTRIES: readonly ReferenceEntry[] = Object.entries(isoCountries.getNames('en'))
  .map(([key, title]) => ({ key, title }))
  .sort((a, b) => a.title.localeCompare(b.title, 'en'));
