import { randomUUID } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MediaRejectedError } from './media.errors';
import type { MediaStorage } from './media-storage';

/** Upload limits: bytes as sent and decoded pixels. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_MAX_PIXELS = 40_000_000;
/** The longest side a stored photo keeps; larger photos are scaled down when re-encoded. */
export const MEDIA_MAX_SIDE = 3200;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export interface StoredMedia {
  id: string;
  key: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

export interface MediaDeps {
  storage: MediaStorage;
  record(media: StoredMedia, uploadedBy: string): Promise<void>;
  newId?: () => string;
}

/**
 * The media pipeline: an upload is checked by its content (JPEG, PNG or WebP as decoded, never by name or
 * declared type), limited in bytes and pixels, then re-encoded to WebP (orientation applied, metadata such
 * as location dropped), stored, and recorded. Reusable by any module that takes photos.
 */
export function createMediaService(deps: MediaDeps) {
  const newId = deps.newId ?? randomUUID;
  return {
    async ingest(bytes: Buffer, uploadedBy: string): Promise<StoredMedia> {
      if (bytes.length === 0) throw new MediaRejectedError('The file is empty.');
      if (bytes.length > MEDIA_MAX_BYTES) throw new MediaRejectedError('A photo can be at most 10 MB.');
      let meta: Metadata;
      try {
        meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      } catch {
        throw new MediaRejectedError('This file is not an image. Upload a JPEG, PNG or WebP photo.');
      }
      if (!meta.format || !ACCEPTED.has(meta.format))
        throw new MediaRejectedError('Upload a JPEG, PNG or WebP photo.');
      if (!meta.width || !meta.height) throw new MediaRejectedError('This image has no size.');
      if (meta.width * meta.height > MEDIA_MAX_PIXELS)
        throw new MediaRejectedError('A photo can have at most 40 megapixels.');
      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: MEDIA_MAX_SIDE, height: MEDIA_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new MediaRejectedError('This image could not be read: it may be damaged.');
      }
      const id = newId();
      const media: StoredMedia = {
        id,
        key: `${id}.webp`,
        contentType: 'image/webp',
        width: output.info.width,
        height: output.info.height,
        bytes: output.data.length,
      };
      await deps.storage.put(media.key, output.data, media.contentType);
      await deps.record(media, uploadedBy);
      return media;
    },

    /** A stored file by key, for serving. */
    file(key: string) {
      return deps.storage.get(key);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
