import { runningServices } from '@bof/api/running-services';
import { MEDIA_KEY } from '@bof/api/media';

/**
 * An uploaded photo, `/media/{id}.webp`, as the media pipeline stored it. Pages show it through the image
 * optimiser. A key never changes its file, so it may be cached for good.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!MEDIA_KEY.test(file)) return new Response('Not found', { status: 404 });
  const stored = await (await runningServices()).media.file(file);
  if (!stored) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(stored.bytes), {
    headers: {
      'content-type': stored.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
