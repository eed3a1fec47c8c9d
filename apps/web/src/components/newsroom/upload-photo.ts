/** Uploads a photo through the media pipeline; answers its id or the reason it was refused. */
export async function uploadPhoto(file: File): Promise<{ id: string } | { error: string }> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/api/newsroom/media', { method: 'POST', body });
  const answer = (await response.json().catch(() => ({}))) as { id?: string; error?: string };
  return answer.id ? { id: answer.id } : { error: answer.error ?? 'The upload failed. Try again.' };
}
