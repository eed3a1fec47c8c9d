import { and, asc, desc, gt, inArray, lt, not, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  companyOwnership,
  companySizes,
  companyTypes,
  countries,
  jobFunctions,
  jobIndustries,
  jobLevels,
  jobTitles,
  personProfileCategories,
} from '@bof/db/schema';
import type { ReferenceEntry } from './lists/reference-item';
import type { ReferenceListName } from './reference-lists';

const TABLES = {
  countries,
  companySizes,
  companyTypes,
  companyOwnership,
  jobFunctions,
  jobIndustries,
  jobLevels,
  jobTitles,
  personProfileCategories,
} as const;

/** One reference item as stored: `position` orders the list and is the paging cursor. */
export interface ReferenceItem {
  id: number;
  key: string;
  title: string;
  position: number;
}

/** A window of a list: items after/before a position, `limit` of them, backwards when `inverted`. */
export interface ReferenceWindow {
  afterPosition: number | undefined;
  beforePosition: number | undefined;
  limit: number;
  inverted: boolean;
}

/** The only place that builds reference-list queries. */
export function createReferenceRepo(db: Database) {
  return {
    async window(list: ReferenceListName, window: ReferenceWindow): Promise<ReferenceItem[]> {
      const table = TABLES[list];
      const conditions = [
        window.afterPosition === undefined ? undefined : gt(table.position, window.afterPosition),
        window.beforePosition === undefined ? undefined : lt(table.position, window.beforePosition),
      ];
      return db
        .select({ id: table.id, key: table.key, title: table.title, position: table.position })
        .from(table)
        .where(and(...conditions))
        .orderBy(window.inverted ? desc(table.position) : asc(table.position))
        .limit(window.limit);
    },

    /**
     * Makes the stored list equal to `entries`, in their order, keeping each key's id. Keys no longer
     * listed are deleted; one that a reader's details still use makes this fail (and the seed with it)
     * rather than leave a dangling reference: remap those first, in a migration.
     */
    async replace(list: ReferenceListName, entries: readonly ReferenceEntry[]): Promise<void> {
      const table = TABLES[list];
      const keys = entries.map((entry) => entry.key);
      await db.delete(table).where(not(inArray(table.key, keys)));
      // Move every position out of the way first: positions are unique, and the order may change.
      await db.update(table).set({ position: sql`-${table.id}` });
      await db
        .insert(table)
        .values(entries.map((entry, index) => ({ key: entry.key, title: entry.title, position: index + 1 })))
        .onConflictDoUpdate({
          target: table.key,
          set: { title: sql`excluded.title`, position: sql`excluded.position` },
        });
    },
  };
}

export type ReferenceRepo = ReturnType<typeof createReferenceRepo>;
