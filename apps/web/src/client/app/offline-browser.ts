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

/** Whether there is anything saved: reading never creates the cache, so a purge leaves none behind. */
const hasSaved = async () => available() && (await caches.has(SAVED_STORIES_CACHE));

export async function savedStories(): Promise<SavedStory[]> {
  if (!(await hasSaved())) return [];
  return readIndex(await caches.open(SAVED_STORIES_CACHE));
}

export async function saveForOffline(address: string): Promise<SaveResult> {
  if (!available()) return { ok: false, reason: 'unavailable' };
  return saveStory(
    await caches.open(SAVED_STORIES_CACHE),
    { fetch: (url, init) => fetch(url, init), origin: window.location.origin, now: Date.now },
    address,
  );
}

export async function removeSaved(path: string): Promise<void> {
  if (!(await hasSaved())) return;
  await removeStory(await caches.open(SAVED_STORIES_CACHE), path);
}

/** Everything kept for this reader: saved stories and the cached front and Following pages. */
export async function purgeReaderCaches(): Promise<void> {
  if (!available()) return;
  await Promise.all(READER_CACHES.map((name) => caches.delete(name)));
}

/**
 * On start: asks the server which saved stories this reader may still read, and drops the others.
 * Offline (or when the server does not answer) nothing is dropped; the next start asks again.
 */
export async function dropStoriesNoLongerEntitled(): Promise<SavedStory[]> {
  if (!navigator.onLine || !(await hasSaved())) return [];
  const cache = await caches.open(SAVED_STORIES_CACHE);
  const stories = await readIndex(cache);
  if (stories.length === 0) return [];
  let entitled: unknown;
  try {
    const answer = await fetch(ENTITLEMENT_PATH, {
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
