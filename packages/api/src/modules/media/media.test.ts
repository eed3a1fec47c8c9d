import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MediaStorage } from './media-storage';
import { createMediaService, MEDIA_MAX_BYTES } from './media.service';

function memoryStorage() {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const storage: MediaStorage = {
    put: async (key, bytes, contentType) => void files.set(key, { bytes, contentType }),
    get: async (key) => files.get(key) ?? null,
  };
  return { files, storage };
}

const reason = async (work: Promise<unknown>) =>
  work.then(
    () => 'accepted',
    (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
  );

describe('the media pipeline', () => {
  it('re-encodes a real photo to WebP, stores and records it', async () => {
    const { files, storage } = memoryStorage();
    const recorded: string[] = [];
    const media = createMediaService({
      storage,
      record: async (m, by) => void recorded.push(`${m.id}:${by}`),
    });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const stored = await media.ingest(png, 'user-1');
    expect(stored).toMatchObject({ contentType: 'image/webp', width: 40, height: 30 });
    expect((await sharp(files.get(stored.key)!.bytes).metadata()).format).toBe('webp');
    expect(recorded).toEqual([`${stored.id}:user-1`]);
  });

  it('refuses what is not a JPEG, PNG or WebP by its content, and oversize uploads', async () => {
    const { files, storage } = memoryStorage();
    const media = createMediaService({ storage, record: async () => undefined });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await reason(media.ingest(gif, 'u'))).toBe('media_rejected: Upload a JPEG, PNG or WebP photo.');
    expect(await reason(media.ingest(Buffer.from('just text'), 'u'))).toBe(
      'media_rejected: This file is not an image. Upload a JPEG, PNG or WebP photo.',
    );
    expect(await reason(media.ingest(Buffer.alloc(MEDIA_MAX_BYTES + 1), 'u'))).toBe(
      'media_rejected: A photo can be at most 10 MB.',
    );
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await reason(media.ingest(huge, 'u'))).toBe(
      'media_rejected: A photo can have at most 40 megapixels.',
    );
    expect(files.size).toBe(0);
  }, 60_000);
});
