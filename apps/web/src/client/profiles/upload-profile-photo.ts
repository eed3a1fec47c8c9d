/** What `/api/media/` answered: the stored photo's address, or why it was refused. */
export type PhotoUpload = { ok: true; id: string; url: string } | { ok: false; message: string };

/**
 * Uploads a photo for a profile through the media pipeline (`POST /api/media/`, the file itself as the
 * body). The server checks it by content; its refusal (not an image, over 10 MB or 40 megapixels, too
 * many uploads, signed out) comes back as the message to show.
 */
export async function uploadProfilePhoto(file: File): Promise<PhotoUpload> {
  let response: Response;
  try {
    response = await fetch('/api/media/', {
      method: 'POST',
      body: file,
      headers: { 'content-type': 'application/octet-stream' },
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, message: 'The upload did not reach us. Check your connection and try again.' };
  }
  const answer = (await response.json().catch(() => null)) as {
    id?: string;
    url?: string;
    error?: { message?: string };
  } | null;
  if (response.ok && answer?.id && answer.url) return { ok: true, id: answer.id, url: answer.url };
  return { ok: false, message: answer?.error?.message ?? 'The upload failed. Try again.' };
}
