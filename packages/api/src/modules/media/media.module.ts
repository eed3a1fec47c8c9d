import path from 'node:path';
import type { Platform } from '../../platform/platform';
import { createMediaRepo } from './media.repo';
import { fileMediaStorage, type MediaStorage } from './media-storage';
import { createMediaService, type MediaService } from './media.service';

export {
  createMediaService,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_PIXELS,
  type MediaService,
  type StoredMedia,
} from './media.service';
export { MEDIA_KEY, type MediaStorage } from './media-storage';

/** The path a stored photo is served at (and handed to the image optimiser from). */
export function mediaPath(id: string): string {
  return `/media/${id}.webp`;
}

/**
 * Where the platform keeps media files: the configured S3-compatible bucket (MEDIA_S3_*), or files under
 * `<DATA_DIR>/media` when none is configured (ADR 34).
 */
export function configuredMediaStorage(env: Platform['env']): MediaStorage {
  const s3 = env.media.s3;
  if (!s3) return fileMediaStorage(path.join(env.dataDir, 'media'));
  // The AWS SDK is loaded on the first photo read or written, not by every process at start.
  let bucket: Promise<MediaStorage> | undefined;
  const open = () =>
    (bucket ??= import('./s3-media-storage').then(({ createS3Client, s3MediaStorage }) =>
      s3MediaStorage(s3, createS3Client(s3)),
    ));
  return {
    put: async (key, bytes, contentType) => (await open()).put(key, bytes, contentType),
    get: async (key) => (await open()).get(key),
  };
}

/** The media pipeline over the platform: the configured storage unless a storage is given. */
export function createMediaModule(
  platform: Pick<Platform, 'db' | 'env'>,
  storage?: MediaStorage,
): MediaService {
  return createMediaService({
    storage: storage ?? configuredMediaStorage(platform.env),
    record: createMediaRepo(platform.db).insert,
  });
}
