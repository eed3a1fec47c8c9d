import { drawIllustration } from '@bof/api/content-illustration';
import { ART_MOTIFS, type ArtMotif } from '@bof/api/content';

/**
 * An illustration as an SVG file, `/illustrations/{motif}/{seed}.svg`, for feeds, Open Graph and
 * GraphQL clients (pages draw them inline). The same address always gives the same drawing.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ motif: string; file: string }> },
) {
  const { motif, file } = await params;
  const seed = decodeURIComponent(file).replace(/\.svg$/, '');
  if (
    !(ART_MOTIFS as readonly string[]).includes(motif) ||
    !file.endsWith('.svg') ||
    seed.length === 0 ||
    seed.length > 200
  )
    return new Response('Not found', { status: 404 });
  const art = drawIllustration({ motif: motif as ArtMotif, seed });
  const shapes = art.shapes
    .map((s) => {
      if (s.kind === 'rect')
        return `<rect x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" fill="${s.fill}"${
          s.rotate ? ` transform="rotate(${s.rotate} ${s.x + s.width / 2} ${s.y + s.height / 2})"` : ''
        }/>`;
      if (s.kind === 'circle') return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.fill}"/>`;
      return `<path d="${s.d}" fill="${s.fill}" stroke="${s.stroke}" stroke-width="${s.strokeWidth}" stroke-linecap="round"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${art.width} ${art.height}" width="${art.width}" height="${art.height}"><rect width="${art.width}" height="${art.height}" fill="${art.background}"/>${shapes}</svg>`;
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' },
  });
}
