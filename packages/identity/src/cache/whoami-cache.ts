import type { IdentityChange } from '../store/change-bus';

/** One cached whoami answer: the JSON body, and what must still hold each time it is served. */
export interface WhoamiEntry {
  sessionId: string;
  identityId: string;
  identityState: string;
  expiresAt: number;
  body: string;
}

export interface WhoamiCacheOptions {
  /** Most answers kept; the oldest go first. */
  maxEntries: number;
  /** Backstop: an answer is at most this old, whatever the change feed says. */
  ttlMs: number;
}

/**
 * The whoami answers of recent session tokens, keyed by the token's SHA-256. An entry is dropped by every
 * change to its session or identity (this process's writes synchronously, other processes' through the
 * database's change feed), and is served only while the session has not expired, the identity is active,
 * the entry is younger than the TTL and the change feed is up: while it is down the cache is emptied and
 * bypassed, since changes could be missed.
 */
export function createWhoamiCache(options: WhoamiCacheOptions) {
  const entries = new Map<string, WhoamiEntry & { storedAt: number }>();
  const bySession = new Map<string, string>();
  const byIdentity = new Map<string, Set<string>>();
  let feedUp = false;
  // Bumped by every change: an answer read from the database before a change must not be stored after it.
  let generation = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bySession.delete(entry.sessionId);
    const keys = byIdentity.get(entry.identityId);
    keys?.delete(key);
    if (keys?.size === 0) byIdentity.delete(entry.identityId);
  }

  function clear() {
    entries.clear();
    bySession.clear();
    byIdentity.clear();
  }

  return {
    /** The cached answer, if it may still be served at `now` (ms). */
    get(key: string, now: number): WhoamiEntry | undefined {
      if (!feedUp) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (
        entry.expiresAt <= now ||
        entry.identityState !== 'active' ||
        now - entry.storedAt > options.ttlMs
      ) {
        drop(key);
        return undefined;
      }
      return entry;
    },

    /** Where a database read starts: pass the result to `set`, which ignores it if a change came between. */
    generation: () => generation,

    set(key: string, entry: WhoamiEntry, readAt: number, now: number): void {
      if (!feedUp || readAt !== generation) return;
      drop(key);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      entries.set(key, { ...entry, storedAt: now });
      bySession.set(entry.sessionId, key);
      let keys = byIdentity.get(entry.identityId);
      if (!keys) byIdentity.set(entry.identityId, (keys = new Set()));
      keys.add(key);
    },

    /** A session or identity changed: its answers go. */
    invalidate(change: IdentityChange): void {
      generation++;
      if (change.kind === 'session') {
        const key = bySession.get(change.id);
        if (key) drop(key);
      } else {
        for (const key of [...(byIdentity.get(change.id) ?? [])]) drop(key);
      }
    },

    /** The change feed went up or down; either way nothing cached before may be trusted. */
    setFeedUp(up: boolean): void {
      generation++;
      feedUp = up;
      clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type WhoamiCache = ReturnType<typeof createWhoamiCache>;
