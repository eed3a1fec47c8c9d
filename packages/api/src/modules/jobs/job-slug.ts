export const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** A listing's address name: its title and the start of its id (titles repeat). */
export const jobSlug = (title: string, id: string) => `${slugify(title) || 'job'}-${id.slice(0, 8)}`;

/**
 * Whether a text can be a listing's address name at all (what `jobSlug` makes: lower-case letters, digits
 * and hyphens, at most 120 characters, as the address pattern allows). Anything else is not looked up.
 */
export const isJobSlug = (text: string) => /^[a-z0-9][a-z0-9-]{0,119}$/.test(text);
