import { BodyTooLargeError, readLimitedBody } from '@bof/api/limited-body';
import { mediaPath, MEDIA_MAX_BYTES, type StoredMedia } from '@bof/api/media';
import type { ClientRateLimiter } from '../collector/collector-rate-limit';

/** Uploads a reader may make: a burst of 30, then one every 20 seconds (30 per 10 minutes). */
export const MEDIA_UPLOAD_RATE = { burst: 30, perSecond: 30 / 600 };

/** Content types a cross-site form can send without a CORS preflight: never an upload here. */
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded|text\/plain)\b/i;

export interface MediaUploadDeps {
  /** The site's origin, e.g. `https://www.example.org`. */
  siteOrigin: string;
  limiter: Pick<ClientRateLimiter, 'take'>;
  ingest(bytes: Buffer, uploadedBy: string): Promise<StoredMedia>;
}

export type MediaUploadErrorCode =
  | 'forbidden_origin'
  | 'unauthenticated'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'body_too_large'
  | 'media_rejected';

const problem = (status: number, code: MediaUploadErrorCode, message: string, headers: HeadersInit = {}) =>
  Response.json(
    { error: { code, message } },
    { status, headers: { 'cache-control': 'no-store', ...headers } },
  );

/** A request another site made the browser send (its Origin, or Fetch Metadata saying so). */
function crossSite(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get('origin');
  if (origin && origin !== siteOrigin) return true;
  const site = request.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

/**
 * `POST /api/media/`: a signed-in reader uploads a photo, the raw file as the body (any image or
 * `application/octet-stream` type; form types are refused, so a cross-site form cannot post here and a
 * cross-site script needs a preflight the site never grants). The body is read with the 10 MB limit while
 * streaming (413 past it, whatever Content-Length says); the media pipeline then checks it by content and
 * re-encodes it. Answers `{ id, url, width, height }` (201) or `{ error: { code, message } }`.
 */
export async function uploadMedia(
  request: Request,
  userId: string | null,
  deps: MediaUploadDeps,
): Promise<Response> {
  if (crossSite(request, deps.siteOrigin))
    return problem(403, 'forbidden_origin', 'Photos can be uploaded from the site only.');
  if (!userId) return problem(401, 'unauthenticated', 'Sign in to upload a photo.');
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType || FORM_TYPES.test(contentType))
    return problem(415, 'unsupported_media_type', 'Send the photo itself as the body, not a form.');
  const admission = deps.limiter.take(userId, 1);
  if (!admission.ok) {
    return problem(
      429,
      'rate_limited',
      'You have uploaded many photos just now. Try again in a few minutes.',
      {
        'retry-after': String(admission.retryAfterSeconds),
      },
    );
  }
  let body: Uint8Array;
  try {
    body = await readLimitedBody(request, MEDIA_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return problem(413, 'body_too_large', 'A photo can be at most 10 MB.');
    throw error;
  }
  try {
    const media = await deps.ingest(Buffer.from(body.buffer, body.byteOffset, body.byteLength), userId);
    return Response.json(
      { id: media.id, url: mediaPath(media.id), width: media.width, height: media.height },
      { status: 201, headers: { 'cache-control': 'no-store' } },
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'media_rejected')
      return problem(400, 'media_rejected', (error as Error).message);
    throw error;
  }
}
