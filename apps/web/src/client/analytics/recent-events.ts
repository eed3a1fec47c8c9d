/** The last events this page sent, for the debug toolbar. Kept in memory only. */
export interface RecentEvent {
  name: string;
  data: unknown;
  at: number;
}

const LIMIT = 20;
let events: readonly RecentEvent[] = [];
const listeners = new Set<() => void>();

export function recordRecentEvent(event: Omit<RecentEvent, 'at'>): void {
  events = [{ ...event, at: Date.now() }, ...events].slice(0, LIMIT);
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: the list is replaced, never changed in place. */
export function subscribeRecentEvents(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getRecentEvents(): readonly RecentEvent[] {
  return events;
}
