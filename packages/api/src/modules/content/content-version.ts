import { count, max, sum } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { articles } from '@bof/db/schema';

/**
 * A fingerprint of the stories' content, read-only: how many there are, when the newest import wrote one
 * and the sum of their versions. An import that adds, changes or removes a story changes it, so caches of
 * rendered story pages can drop what they hold (apps/web story page cache).
 */
export async function readContentVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ stories: count(), importedAt: max(articles.importedAt), versions: sum(articles.version) })
    .from(articles);
  const importedAt = row?.importedAt ? new Date(row.importedAt).toISOString() : '';
  return `${row?.stories ?? 0}/${importedAt}/${row?.versions ?? 0}`;
}
