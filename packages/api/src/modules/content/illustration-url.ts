import type { Art } from './content.inputs';

/** The site path an illustration is served at as an SVG file (for feeds, Open Graph and GraphQL). */
export function illustrationPath(art: Art): string {
  return `/illustrations/${art.motif}/${encodeURIComponent(art.seed)}.svg`;
}
