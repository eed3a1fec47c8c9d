// The browser side of offline reading (issue 27): the Cache API calls the pages make, around the logic of
// saved-stories.ts. Every function is a no-op where the browser has no Cache API.
import { READER_CACHES, SAVED_STORIES_CACHE } from '../../sw/offline-caches';
import {
  keepEntitled,
  readIndex,
  removeStory,
  saveStory,
  type SavedStory,
  type SaveResult,
} from './saved-stories';

export const ENTITLEMENT_PATH = '/api/offline/entitlement/';
/** Sent on `window` when saved stories were dropped (the start check), so open lists read them again. */
export const SAVED_STORIES_CHANGED = 'bof:saved-stories-changed';

const available = () => typeof window !== 'undefined' && 'caches' in window;

/** A request made in turn gives up after this long, so a stalled network cannot hold a sign-out's purge. */
export const REQUEST_TIMEOUT_MS = 15_000;
const timedFetch = (url: string, init?: RequestInit) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

/**
 * The page's Cache API writes run one call at a time. A sign-out's purge therefore waits for the start
 * check (or a save) already under way, instead of deleting the cache between that call's `caches.has`
 * and its `caches.open`, which would make the cache again, empty, after the purge. Reading the list
 * never opens the cache, so it needs no turn and never waits behind a slow request.
 */
let pending: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = pending.then(work, work);
  pending = turn.catch(() => undefined);
  return turn;
}

/** Whether there is anything saved: reading never creates the cache, so a purge leaves none behind. */
const hasSaved = async () => available() && (await caches.has(SAVED_STORIES_CACHE));

export async function savedStories(): Promise<SavedStory[]> {
  if (!available()) return [];
  // caches.match with a name never creates the cache (a purged one stays gone).
  return readIndex({
    match: (request) => caches.match(request, { cacheName: SAVED_STORIES_CACHE }),
  });
}

export function saveForOffline(address: string): Promise<SaveResult> {
  return inTurn(async () => {
    if (!available()) return { ok: false, reason: 'unavailable' } as const;
    return saveStory(
      await caches.open(SAVED_STORIES_CACHE),
      { fetch: timedFetch, origin: window.location.origin, now: Date.now },
      address,
    );
  });
}

export function removeSaved(path: string): Promise<void> {
  return inTurn(async () => {
    if (!(await hasSaved())) return;
    await removeStory(await caches.open(SAVED_STORIES_CACHE), path);
  });
}

/** Everything kept for this reader: saved stories and the cached front and Following pages. */
export function purgeReaderCaches(): Promise<void> {
  return inTurn(async () => {
    if (!available()) return;
    await Promise.all(READER_CACHES.map((name) => caches.delete(name)));
  });
}

/**
 * On start: asks the server which saved stories this reader may still read, and drops the others.
 * Offline (or when the server does not answer) nothing is dropped; the next start asks again.
 */
export function dropStoriesNoLongerEntitled(): Promise<SavedStory[]> {
  return inTurn(dropNoLongerEntitled);
}

async function dropNoLongerEntitled(): Promise<SavedStory[]> {
  if (!navigator.onLine || !(await hasSaved())) return [];
  const cache = await caches.open(SAVED_STORIES_CACHE);
  const stories = await readIndex(cache);
  if (stories.length === 0) return [];
  let entitled: unknown;
  try {
    const answer = await timedFetch(ENTITLEMENT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slugs: stories.map((story) => story.slug) }),
    });
    if (!answer.ok) return [];
    entitled = ((await answer.json()) as { entitled?: unknown }).entitled;
  } catch {
    return [];
  }
  if (!Array.isArray(entitled)) return [];
  const dropped = await keepEntitled(
    cache,
    new Set(entitled.filter((slug): slug is string => typeof slug === 'string')),
  );
  if (dropped.length > 0) window.dispatchEvent(new Event(SAVED_STORIES_CHANGED));
  return dropped;
}

/** "1.2 MB", "340 KB": sizes as the account page shows them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
