import { articles } from '@bof/db/schema';
import type { Database } from '@bof/db/client';
import type { AccessLevel } from '@bof/paywall/types';

export interface StoryAccess {
  id: string;
  access: AccessLevel;
}

/**
 * Every story's id and access level, held in memory so the access decision reads no database: loaded at
 * start and reloaded every `refreshMs` (and on demand after a content import).
 */
export interface AccessIndex {
  get(slug: string): StoryAccess | undefined;
  reload(): Promise<void>;
  stop(): void;
}

export async function createAccessIndex(
  db: Database,
  options: { refreshMs?: number } = {},
): Promise<AccessIndex> {
  let bySlug = new Map<string, StoryAccess>();
  const reload = async () => {
    const rows = await db
      .select({ id: articles.id, slug: articles.slug, access: articles.access })
      .from(articles);
    bySlug = new Map(rows.map((row) => [row.slug, { id: row.id, access: row.access as AccessLevel }]));
  };
  await reload();
  const timer = setInterval(() => {
    reload().catch((error: unknown) => console.error('Reloading the access index failed', error));
  }, options.refreshMs ?? 30_000);
  timer.unref();
  return {
    get: (slug) => bySlug.get(slug),
    reload,
    stop: () => clearInterval(timer),
  };
}
