import type { AccessLevel } from '@bof/paywall/types';

export interface StoryAccess {
  id: string;
  access: AccessLevel;
}

/**
 * Every story's id and access level, held in memory so the access decision reads no database. It follows
 * the content: the stories' content version (a cheap fingerprint of every story) is read every
 * `pollMs`, and when it changes the index is reloaded first and then its listeners are told (the story
 * page cache empties on that signal: one mechanism for both). A page that finds the index behind the
 * story it rendered calls `stale()`, which reloads it at once.
 */
export interface AccessIndex {
  get(slug: string): StoryAccess | undefined;
  /** The content version the index was loaded at. */
  readonly version: string;
  /** Calls `listener` with the new version after each reload for a content change. */
  onChange(listener: (version: string) => void): () => void;
  /** Reloads now when the content version changed; concurrent calls share one reload. */
  refresh(): Promise<void>;
  /** A reader met a story the index does not know, or knows with another access level: refresh soon. */
  stale(): void;
  stop(): void;
}

export interface AccessIndexSource {
  contentVersion(): Promise<string>;
  stories(): Promise<{ id: string; slug: string; access: AccessLevel }[]>;
}

export async function createAccessIndex(
  source: AccessIndexSource,
  options: { pollMs?: number } = {},
): Promise<AccessIndex> {
  let bySlug = new Map<string, StoryAccess>();
  let version = '';
  let running: Promise<void> | null = null;
  const listeners = new Set<(version: string) => void>();

  const load = async () => {
    const next = await source.contentVersion();
    if (next === version) return;
    const rows = await source.stories();
    bySlug = new Map(rows.map((row) => [row.slug, { id: row.id, access: row.access }]));
    version = next;
    for (const listener of listeners) listener(next);
  };
  const refresh = () => {
    running ??= load().finally(() => {
      running = null;
    });
    return running;
  };
  const refreshQuietly = () => {
    refresh().catch((error: unknown) => console.error('Reloading the access index failed', error));
  };
  let lastStale = 0;

  await refresh();
  const timer = setInterval(refreshQuietly, options.pollMs ?? 10_000);
  timer.unref();
  return {
    get: (slug) => bySlug.get(slug),
    get version() {
      return version;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    stale() {
      // At most once a second, however many readers meet the story before the reload lands.
      if (Date.now() - lastStale < 1000) return;
      lastStale = Date.now();
      refreshQuietly();
    },
    stop: () => clearInterval(timer),
  };
}
