import { MEDIA_MAX_BYTES } from '@bof/api/media';
import { newsroomStaff } from '../../../../server/newsroom/newsroom-staff';

/** Multipart overhead allowed above the photo itself. */
const ENVELOPE_BYTES = 64 * 1024;

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Uploads a photo for the newsroom (multipart, field `file`): newsroom staff only (404 for anyone else).
 * The media pipeline checks it by content and re-encodes it; the answer is its id, or why it was refused.
 */
export async function POST(request: Request) {
  const { viewer, staff, services } = await newsroomStaff();
  if (!staff || !viewer) return new Response('Not found', { status: 404 });
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MEDIA_MAX_BYTES + ENVELOPE_BYTES)
    return json({ error: 'A photo can be at most 10 MB.' }, 413);
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get('file');
  } catch {
    return json({ error: 'The upload was not a valid form.' }, 400);
  }
  if (!(file instanceof File)) return json({ error: 'Choose a photo to upload.' }, 400);
  if (file.size > MEDIA_MAX_BYTES) return json({ error: 'A photo can be at most 10 MB.' }, 413);
  try {
    const media = await services.media.ingest(Buffer.from(await file.arrayBuffer()), viewer.userId);
    return json({ id: media.id, width: media.width, height: media.height }, 201);
  } catch (error) {
    if ((error as { code?: string }).code === 'media_rejected')
      return json({ error: (error as Error).message }, 400);
    throw error;
  }
}
