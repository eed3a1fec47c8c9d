/**
 * The class of the container of a gated story's gated part: the rest of the body for a reader with
 * access, the wall for one without. The JSON-LD `hasPart` of gated stories points at it
 * (server/content/story-metadata.ts), so it is on the page whichever the reader gets. Keep it stable:
 * search engines read it from pages they crawled earlier.
 */
export const GATED_PART_CLASS = 'story-gated';
