import { lt, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { identityRateLimits } from '@bof/db/schema';

/**
 * Fixed one-minute windows counted in the database, so every replica sees the same counts. `hit` returns
 * undefined when allowed, or the seconds until the window ends.
 */
export function createRateLimitStore(db: Database) {
  return {
    async hit(key: string, limit: number, now: Date): Promise<number | undefined> {
      const windowMs = 60_000;
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const [row] = await db
        .insert(identityRateLimits)
        .values({ key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [identityRateLimits.key, identityRateLimits.windowStart],
          set: { hits: sql`${identityRateLimits.hits} + 1` },
        })
        .returning({ hits: identityRateLimits.hits });
      if ((row?.hits ?? 0) <= limit) return undefined;
      return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    },

    /** Deletes counters of windows that ended more than an hour ago; how many. */
    async prune(now: Date): Promise<number> {
      const rows = await db
        .delete(identityRateLimits)
        .where(lt(identityRateLimits.windowStart, new Date(now.getTime() - 3_600_000)))
        .returning({ key: identityRateLimits.key });
      return rows.length;
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
