import type { Bof500Filter } from '../../components/profiles/bof500-row';
import { isKeyOf } from './reference-labels';

type SearchParams = Record<string, string | string[] | undefined>;

const single = (params: SearchParams, key: string) => {
  const value = params[key];
  return (typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : '').trim();
};

/**
 * The BoF 500 search's GET form, read: a name cut to 100 characters, and a category, country and year
 * kept only when they are ones the lists know (anything else is dropped: the search still answers).
 */
export function readBof500Filter(params: SearchParams, years: readonly number[]): Bof500Filter {
  const category = single(params, 'category');
  const country = single(params, 'country');
  const year = single(params, 'year');
  return {
    name: single(params, 'name').replace(/\s+/g, ' ').slice(0, 100),
    category: isKeyOf('personProfileCategories', category) ? category : '',
    country: isKeyOf('countries', country) ? country : '',
    year: /^\d{4}$/.test(year) && years.includes(Number(year)) ? year : '',
  };
}
