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
