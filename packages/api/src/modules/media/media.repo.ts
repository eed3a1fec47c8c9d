import type { Database } from '@bof/db/client';
import { newsroomMedia } from '@bof/db/schema';
import type { StoredMedia } from './media.service';

/** The media records: the only place that builds their queries. */
export function createMediaRepo(db: Database) {
  return {
    async insert(media: StoredMedia, uploadedBy: string): Promise<void> {
      await db.insert(newsroomMedia).values({ ...media, uploadedBy });
    },
  };
}
