import { REFERENCE_LISTS, type ReferenceListName } from '@bof/api/reference-lists';
import { smartQuotes } from '@bof/api/typography';

/** A choice of a filter or a label: a reference list's key and the title people read. */
export interface Option {
  key: string;
  title: string;
}

const byKey = new Map(
  Object.entries(REFERENCE_LISTS).map(([name, entries]) => [
    name,
    // Set as the site sets its own words: "People’s Republic of China", not a straight quote.
    new Map(entries.map((entry) => [entry.key, smartQuotes(entry.title)])),
  ]),
);

/** The title of a reference list's key; the key itself when the list no longer has it. */
export function labelOf(list: ReferenceListName, key: string): string {
  return byKey.get(list)?.get(key) ?? key;
}

/** A country's name from its two-letter code (the reference list `countries`). */
export const countryName = (code: string) => labelOf('countries', code);

/** Every entry of a reference list, in the list's order, as filter choices. */
export function optionsOf(list: ReferenceListName): Option[] {
  return REFERENCE_LISTS[list].map(({ key }) => ({ key, title: labelOf(list, key) }));
}

/** Whether `key` is one of the list's keys. */
export function isKeyOf(list: ReferenceListName, key: string): boolean {
  return byKey.get(list)?.has(key) ?? false;
}
