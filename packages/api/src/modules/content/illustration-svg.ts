import type { Art } from './content.inputs';
import { drawIllustration, type Shape } from './illustration';

/** The size illustration files are drawn at: 16:9, wide enough for a hero on a high-density screen. */
export const ILLUSTRATION_FILE_SIZE = { width: 1600, height: 900 } as const;

function shapeSvg(s: Shape): string {
  if (s.kind === 'rect')
    return `<rect x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" fill="${s.fill}"${
      s.rotate ? ` transform="rotate(${s.rotate} ${s.x + s.width / 2} ${s.y + s.height / 2})"` : ''
    }/>`;
  if (s.kind === 'circle') return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.fill}"/>`;
  return `<path d="${s.d}" fill="${s.fill}" stroke="${s.stroke}" stroke-width="${s.strokeWidth}" stroke-linecap="round"/>`;
}

/**
 * An illustration as a standalone SVG document: drawn in the 1200 × 675 box the motifs are designed
 * for, and sized `width` × `height` (the same 16:9 shape), so a rasteriser renders it at that size.
 */
export function illustrationSvg(art: Art, size: { width: number; height: number } = ILLUSTRATION_FILE_SIZE) {
  const drawing = drawIllustration(art);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${drawing.width} ${drawing.height}" width="${size.width}" height="${size.height}" preserveAspectRatio="xMidYMid slice"><rect width="${drawing.width}" height="${drawing.height}" fill="${drawing.background}"/>${drawing.shapes.map(shapeSvg).join('')}</svg>`;
}

/**
 * What an image shows while its file loads: the illustration's background colour, as a data URL
 * small enough to inline in every card (about 150 bytes).
 */
export function illustrationPlaceholder(art: Art): `data:image/${string}` {
  const { background } = drawIllustration(art, 16, 9);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="${background}"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
