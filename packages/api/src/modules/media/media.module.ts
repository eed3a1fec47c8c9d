import path from 'node:path';
import type { Platform } from '../../platform/platform';
import { createMediaRepo } from './media.repo';
import { fileMediaStorage, type MediaStorage } from './media-storage';
import { createMediaService, type MediaService } from './media.service';

export { MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS, type MediaService, type StoredMedia } from './media.service';
export { MEDIA_KEY, type MediaStorage } from './media-storage';

/** The path a stored photo is served at (and handed to the image optimiser from). */
export function mediaPath(id: string): string {
  return `/media/${id}.webp`;
}

/** The media pipeline over the platform: files under `<DATA_DIR>/media` unless a storage is given. */
export function createMediaModule(
  platform: Pick<Platform, 'db' | 'env'>,
  storage?: MediaStorage,
): MediaService {
  return createMediaService({
    storage: storage ?? fileMediaStorage(path.join(platform.env.dataDir, 'media')),
    record: createMediaRepo(platform.db).insert,
  });
}
