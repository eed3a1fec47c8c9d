import type { Art } from './content.inputs';

/**
 * The site path an illustration is served at: a PNG (pages, Open Graph, feeds and GraphQL) or the SVG
 * drawing itself. The same address always gives the same image.
 */
export function illustrationPath(art: Art, format: 'png' | 'svg' = 'png'): string {
  return `/illustrations/${art.motif}/${encodeURIComponent(art.seed)}.${format}`;
}
