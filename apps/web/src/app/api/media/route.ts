import { runningServices } from '@bof/api/running-services';
import { createClientRateLimiter } from '../../../server/collector/collector-rate-limit';
import { MEDIA_UPLOAD_RATE, uploadMedia } from '../../../server/media/media-upload';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';

const limiter = createClientRateLimiter(MEDIA_UPLOAD_RATE);

/** A signed-in reader's photo for their profiles (cover, thumbnail, project images): see uploadMedia. */
export async function POST(request: Request): Promise<Response> {
  const [viewer, services] = await Promise.all([getServerViewer(), runningServices()]);
  return uploadMedia(request, viewer?.user_id ?? null, {
    siteOrigin: new URL(services.env.siteUrl).origin,
    limiter,
    ingest: services.media.ingest,
  });
}
