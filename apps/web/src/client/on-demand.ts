/**
 * A module (or anything else) fetched when first needed and then kept: `load` runs on the first call, and
 * again on the next call after it failed (a chunk that did not arrive is asked for again).
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
