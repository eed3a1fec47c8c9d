import type { ReferenceItem, ReferenceRepo } from './reference.repo';
import type { ReferenceListName } from './reference-lists';

export const REFERENCE_PAGE_DEFAULT_SIZE = 50;
/** Large enough for the longest list (countries) in one page, for pickers that need all of it. */
export const REFERENCE_PAGE_MAX_SIZE = 300;

export type ReferenceService = ReturnType<typeof createReferenceService>;

/** Reads pages of the reference lists. */
export function createReferenceService(deps: { repo: Pick<ReferenceRepo, 'window'> }) {
  return {
    /** The items of `list` strictly between the two positions, in list order (or reverse when inverted). */
    window(
      list: ReferenceListName,
      window: { afterPosition?: number; beforePosition?: number; limit: number; inverted: boolean },
    ): Promise<ReferenceItem[]> {
      return deps.repo.window(list, {
        afterPosition: window.afterPosition,
        beforePosition: window.beforePosition,
        limit: window.limit,
        inverted: window.inverted,
      });
    },
  };
}
