/** Stories per sitemap file (the protocol allows 50,000). */
export const STORIES_PER_SITEMAP = 10_000;
/** Profiles of each kind (people, organisations) in `profiles.xml`: together within the protocol's 50,000. */
export const PROFILES_PER_SITEMAP = 25_000;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A `urlset` sitemap of the given addresses. */
export function urlset(entries: readonly { loc: string; lastmod?: Date }[]): Response {
  const body = entries
    .map(
      (e) =>
        `<url><loc>${escape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return xml(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${body}
</urlset>
`);
}

/** A sitemap index pointing at the sitemap files. */
export function sitemapIndex(locations: readonly string[]): Response {
  return xml(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${locations.map((loc) => `<sitemap><loc>${escape(loc)}</loc></sitemap>`).join('\n')}
</sitemapindex>
`);
}

function xml(text: string): Response {
  return new Response(text, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
}
