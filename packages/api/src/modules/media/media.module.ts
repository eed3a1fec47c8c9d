import path from 'node:path';
import type { Platform } from '../../platform/platform';
import { createMediaRepo } from './media.repo';
import { fileMediaStorage, type MediaStorage } from './media-storage';
import { createS3Client, s3MediaStorage } from './s3-media-storage';
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
  return s3 ? s3MediaStorage(s3, createS3Client(s3)) : fileMediaStorage(path.join(env.dataDir, 'media'));
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
