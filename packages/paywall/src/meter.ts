/** One counted read of a gated article. `at` is in whole seconds since the epoch. */
export interface MeteredRead {
  articleId: string;
  at: number;
}

export interface MeterPolicy {
  /** Free gated articles per window for anonymous readers before the registration wall. */
  anonymousReads: number;
  /** Further free gated articles for registered non-members before the pay wall. */
  registeredExtraReads: number;
  windowDays: number;
}

export const DEFAULT_METER_POLICY: MeterPolicy = {
  anonymousReads: 2,
  registeredExtraReads: 3,
  windowDays: 30,
};

const DAY = 86_400;

/** When the rolling window that ends at `now` began: reads at or before it no longer count. */
export function windowStart(now: Date, policy: MeterPolicy): Date {
  return new Date((Math.floor(now.getTime() / 1000) - policy.windowDays * DAY) * 1000);
}

/** The reads still inside the rolling window at `now`, newest kept when an article appears twice. */
export function readsInWindow(reads: readonly MeteredRead[], now: Date, policy: MeterPolicy): MeteredRead[] {
  const since = windowStart(now, policy).getTime() / 1000;
  const latest = new Map<string, MeteredRead>();
  for (const read of reads) {
    if (read.at <= since) continue;
    const seen = latest.get(read.articleId);
    if (!seen || seen.at < read.at) latest.set(read.articleId, read);
  }
  return [...latest.values()].sort((a, b) => a.at - b.at);
}

/** How many distinct gated articles the reader may read in the window. */
export function allowance(signedIn: boolean, policy: MeterPolicy): number {
  return signedIn ? policy.anonymousReads + policy.registeredExtraReads : policy.anonymousReads;
}

/** Records a read. An article already counted in the window does not count again. */
export function recordRead(reads: readonly MeteredRead[], articleId: string, now: Date, policy: MeterPolicy) {
  const current = readsInWindow(reads, now, policy);
  if (current.some((r) => r.articleId === articleId)) return current;
  return [...current, { articleId, at: Math.floor(now.getTime() / 1000) }];
}

/** Merges the cookie's reads with the server's (a signed-in reader's meter follows them across devices). */
export function mergeReads(...sources: readonly (readonly MeteredRead[])[]): MeteredRead[] {
  return sources.flat().map((r) => ({ ...r }));
}
