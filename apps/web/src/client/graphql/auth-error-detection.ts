/** How deep in a response's data an AuthError result is looked for (spec §7). */
export const AUTH_ERROR_SEARCH_DEPTH = 3;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether an `AuthError` result (`__typename: "AuthError"`) sits within `maxDepth` levels of the data:
 * level 1 is a root field's value (`data.viewer`), level 2 a field of it, level 3 a field of that.
 * Lists do not count as a level: their items sit at the level of the field holding them.
 */
export function containsAuthError(data: unknown, maxDepth = AUTH_ERROR_SEARCH_DEPTH): boolean {
  const search = (value: unknown, level: number): boolean => {
    if (level > maxDepth) return false;
    if (Array.isArray(value)) return value.some((item) => search(item, level));
    if (!isRecord(value)) return false;
    if (value.__typename === 'AuthError') return true;
    return Object.values(value).some((child) => search(child, level + 1));
  };
  return isRecord(data) && Object.values(data).some((value) => search(value, 1));
}
