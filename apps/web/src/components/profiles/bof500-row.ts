export interface Bof500Filter {
  name: string;
  category: string;
  country: string;
  year: string;
}

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;
/** How many places a search shows. */
export const SEARCH_RESULTS = 60;

export const isEmptyFilter = (f: Bof500Filter) => !f.name.trim() && !f.category && !f.country && !f.year;

/** The search's address for a filter, so the page can be shared and reloaded (and works as a plain form). */
export function bof500SearchHref(filter: Bof500Filter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value.trim()) params.set(key, value.trim());
  const search = params.toString();
  return search ? `/bof500/search/?${search}` : '/bof500/search/';
}

/** One BoF 500 place as the search lists it: who, which year, which category, where from. */
export interface Bof500Row {
  key: string;
  slug: string;
  name: string;
  title: string;
  year: number;
  category: string;
  country: string | null;
}

/** A BoF 500 search result (the module's or GraphQL's) as a row. */
export function bof500Row(entry: {
  year: number;
  category: string;
  profile: {
    profileId: string;
    slug: string;
    firstName: string;
    lastName: string;
    title: string;
    location: { country: string | null };
  };
}): Bof500Row {
  return {
    key: `${entry.profile.profileId}-${entry.year}`,
    slug: entry.profile.slug,
    name: `${entry.profile.firstName} ${entry.profile.lastName}`,
    title: entry.profile.title,
    year: entry.year,
    category: entry.category,
    country: entry.profile.location.country,
  };
}
