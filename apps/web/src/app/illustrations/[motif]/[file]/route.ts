import { runningServices } from '@bof/api/running-services';
import { ART_MOTIFS, type Art, type ArtMotif } from '@bof/api/content';

const FILE = /^(.{1,200})\.(png|svg)$/s;
const CACHE = 'public, max-age=31536000, immutable';

/**
 * An illustration file, `/illustrations/{motif}/{seed}.png` (pages through next/image, Open Graph,
 * feeds, GraphQL) or `.svg` (the drawing itself), for art a story uses; any other address is 404. The
 * same address always gives the same image, so it may be cached for good.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ motif: string; file: string }> },
) {
  // Next.js hands the segments over decoded already.
  const { motif, file } = await params;
  const match = FILE.exec(file);
  if (!(ART_MOTIFS as readonly string[]).includes(motif) || !match)
    return new Response('Not found', { status: 404 });
  const art: Art = { motif: motif as ArtMotif, seed: match[1]! };
  const format = match[2] as 'png' | 'svg';
  const body = await (await runningServices()).illustrations.file(art, format);
  if (body === null) return new Response('Not found', { status: 404 });
  return new Response(body, {
    headers: {
      'content-type': format === 'svg' ? 'image/svg+xml' : 'image/png',
      'cache-control': CACHE,
    },
  });
}
