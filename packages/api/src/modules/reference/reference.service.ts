import type { ReferenceItem, ReferenceRepo } from './reference.repo';
import type { ReferenceListName } from './reference-lists';

export const REFERENCE_PAGE_DEFAULT_SIZE = 50;
/** Large enough for the longest list (countries) in one page, for pickers that need all of it. */
export const REFERENCE_PAGE_MAX_SIZE = 300;

export type ReferenceService = ReturnType<typeof createReferenceService>;

/**
 * Reads pages of the reference lists. A list's rows change only when the seed writes a changed list at a
 * start (the lists' source of truth is the code, `lists/*.ts`), so each list is read from the database once
 * per process, in full (at most a few hundred rows), and every page after that is cut from memory.
 */
export function createReferenceService(deps: { repo: Pick<ReferenceRepo, 'window'> }) {
  const lists = new Map<ReferenceListName, Promise<ReferenceItem[]>>();
  const all = (list: ReferenceListName) => {
    let rows = lists.get(list);
    if (!rows) {
      rows = deps.repo.window(list, {
        afterPosition: undefined,
        beforePosition: undefined,
        limit: Number.MAX_SAFE_INTEGER,
        inverted: false,
      });
      lists.set(list, rows);
      // A failed read is not remembered: the next page asks again.
      rows.catch(() => lists.delete(list));
    }
    return rows;
  };

  return {
    /** The items of `list` strictly between the two positions, in list order (or reverse when inverted). */
    async window(
      list: ReferenceListName,
      window: { afterPosition?: number; beforePosition?: number; limit: number; inverted: boolean },
    ): Promise<ReferenceItem[]> {
      const { afterPosition = -Infinity, beforePosition = Infinity, limit, inverted } = window;
      const between = (await all(list)).filter(
        (item) => item.position > afterPosition && item.position < beforePosition,
      );
      return inverted ? between.reverse().slice(0, limit) : between.slice(0, limit);
    },
  };
}
