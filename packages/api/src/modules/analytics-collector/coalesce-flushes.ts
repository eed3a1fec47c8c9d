/**
 * Shares flushes between callers without ever letting one rely on a flush that began before it asked.
 * A call made while no flush runs starts one. Calls made while one runs all wait for the single flush
 * that starts right after it, so a burst of requests costs two flushes, not one each. A failed flush
 * rejects every caller waiting on it.
 */
export function coalesceFlushes(flush: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  const start = (): Promise<void> => {
    const current: Promise<void> = flush().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };

  return () => {
    if (next) return next;
    if (!running) return start();
    next = running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}
