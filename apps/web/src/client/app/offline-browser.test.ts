import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES_CACHE, SAVED_INDEX_URL, SAVED_STORIES_CACHE } from '../../sw/offline-caches';
import {
  dropStoriesNoLongerEntitled,
  ENTITLEMENT_PATH,
  purgeReaderCaches,
  removeSaved,
  REQUEST_TIMEOUT_MS,
  savedStories,
} from './offline-browser';
import type { SavedStory } from './saved-stories';

/** CacheStorage as browsers keep it: `open` makes a cache that is missing, `has` and `delete` do not. */
function fakeCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const cacheFor = (entries: Map<string, Response>) => ({
    async match(request: string) {
      return entries.get(request)?.clone();
    },
    async put(request: string, response: Response) {
      entries.set(request, response);
    },
    async delete(request: string) {
      return entries.delete(request);
    },
  });
  return {
    names: () => [...stores.keys()],
    async has(name: string) {
      return stores.has(name);
    },
    async match(request: string, options: { cacheName: string }) {
      return stores.get(options.cacheName)?.get(request)?.clone();
    },
    async open(name: string) {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheFor(stores.get(name)!);
    },
    async delete(name: string) {
      return stores.delete(name);
    },
  };
}

const story = (slug: string): SavedStory => ({
  slug,
  path: `/articles/luxury/${slug}/`,
  title: slug,
  savedAt: 1,
  usedAt: 1,
  bytes: 10,
  images: [],
});

let storage: ReturnType<typeof fakeCacheStorage>;
let fetchCalls: { url: string; init?: RequestInit }[];
let answerEntitlement: (slugs: string[]) => void;

beforeEach(async () => {
  storage = fakeCacheStorage();
  fetchCalls = [];
  const saved = await storage.open(SAVED_STORIES_CACHE);
  await saved.put(SAVED_INDEX_URL, new Response(JSON.stringify([story('a'), story('b')])));
  await saved.put('/articles/luxury/a/', new Response('a'));
  await storage.open(PAGES_CACHE);
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('window', { caches: storage, location: { origin: 'https://bof.test' }, dispatchEvent() {} });
  vi.stubGlobal('navigator', { onLine: true });
  // The entitlement answer waits until the test gives it, as a slow server would.
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    fetchCalls.push({ url, init });
    return new Promise<Response>((resolve) => {
      answerEntitlement = (slugs) => resolve(Response.json({ entitled: slugs }));
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page’s offline caches', () => {
  it('a sign-out purge during the start check leaves no cache behind, not even an empty one', async () => {
    const dropping = dropStoriesNoLongerEntitled();
    const purging = purgeReaderCaches();
    await vi.waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(storage.names()).toContain(SAVED_STORIES_CACHE);
    answerEntitlement(['a']);
    expect((await dropping).map((s) => s.slug)).toEqual(['b']);
    await purging;
    expect(storage.names()).toEqual([]);
    expect(await savedStories()).toEqual([]);
    // Reading after the purge does not make the cache again.
    expect(storage.names()).toEqual([]);
  });

  it('the start check’s request gives up after a while, and a failed call does not stop the next', async () => {
    const dropping = dropStoriesNoLongerEntitled();
    await vi.waitFor(() => expect(fetchCalls).toHaveLength(1));
    const { url, init } = fetchCalls[0]!;
    expect(url).toBe(ENTITLEMENT_PATH);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);

    // A read does not wait for the request; a write does.
    expect((await savedStories()).map((s) => s.slug)).toEqual(['a', 'b']);
    const removing = removeSaved('/articles/luxury/a/');
    vi.stubGlobal('caches', {
      ...storage,
      open: () => Promise.reject(new Error('quota')),
    });
    answerEntitlement(['a', 'b']);
    // The write after it waits its turn, and its failure is its own.
    await expect(dropping).resolves.toEqual([]);
    await expect(removing).rejects.toThrow('quota');
    vi.stubGlobal('caches', storage);
    await purgeReaderCaches();
    expect(storage.names()).toEqual([]);
  });
});
