// "Save for offline" (issue 27): a story is stored only when the server sent this reader the whole of it,
// as the page's own marker says (ENTITLED_ATTRIBUTE, rendered only when the access decision opens the
// story). Saved stories live in SAVED_STORIES_CACHE with an index entry giving an LRU of
// MAX_SAVED_STORIES; the oldest is evicted with its illustrations. The functions take the cache and fetch
// as arguments, so the logic is tested without a browser.
import { MAX_SAVED_STORIES, SAVED_INDEX_URL } from '../../sw/offline-caches';

/** The hidden element a story page renders only for a reader entitled to the whole story. */
export const ENTITLED_ATTRIBUTE = 'data-offline-entitled';

export interface SavedStory {
  /** The story's path, e.g. /articles/luxury/some-story/ (no query, no fragment). */
  path: string;
  slug: string;
  title: string;
  savedAt: number;
  usedAt: number;
  /** Bytes of the page and its illustrations. */
  bytes: number;
  images: string[];
}

export type SaveResult =
  | { ok: true; story: SavedStory; evicted: SavedStory[] }
  | { ok: false; reason: 'not-entitled' | 'unavailable' | 'not-a-story' };

/** The subset of the Cache API used here. */
export interface StoryCache {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
  delete(request: string): Promise<boolean>;
}

/** The addresses of stories: articles and case studies. */
const STORY_PATH = /^\/(?:articles\/[^/]+\/[^/]+|case-studies\/[^/]+)\/$/;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A story path from any address of the site: no query (gift links, app marker), no fragment. */
export function storyPath(address: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(address, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !STORY_PATH.test(url.pathname)) return null;
  return url.pathname;
}

export async function readIndex(cache: Pick<StoryCache, 'match'>): Promise<SavedStory[]> {
  const found = await cache.match(SAVED_INDEX_URL);
  if (!found) return [];
  try {
    const parsed = (await found.json()) as unknown;
    return Array.isArray(parsed) ? (parsed as SavedStory[]) : [];
  } catch {
    return [];
  }
}

async function writeIndex(cache: StoryCache, stories: SavedStory[]): Promise<void> {
  await cache.put(
    SAVED_INDEX_URL,
    new Response(JSON.stringify(stories), { headers: { 'content-type': 'application/json' } }),
  );
}

/** Reads what the page says about itself: the entitlement marker, its title and its illustrations. */
export function readStoryPage(html: string): {
  entitled: boolean;
  slug: string;
  title: string;
  images: string[];
} {
  const marker = new RegExp(`<[^>]*\\b${ENTITLED_ATTRIBUTE}="([^"]*)"`).exec(html);
  const title =
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim() ?? '';
  const images = new Set<string>();
  for (const tag of html.matchAll(/<img\b[^>]*>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(tag[0])?.[1];
    if (src && src.startsWith('/')) images.add(decodeEntities(src));
  }
  return {
    entitled: marker !== null,
    slug: marker?.[1] ?? '',
    title: decodeEntities(title),
    images: [...images],
  };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

async function sizeOf(response: Response): Promise<{ copy: Response; bytes: number }> {
  const body = await response.arrayBuffer();
  return {
    copy: new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }),
    bytes: body.byteLength,
  };
}

/** Drops stories from the cache and the index; an illustration another saved story shows stays. */
async function dropStories(cache: StoryCache, keep: SavedStory[], dropped: SavedStory[]): Promise<void> {
  const stillShown = new Set(keep.flatMap((story) => story.images));
  for (const story of dropped) {
    await cache.delete(story.path);
    for (const image of story.images) if (!stillShown.has(image)) await cache.delete(image);
  }
}

/**
 * Fetches the story again with the reader's cookies and stores it when, and only when, the answer
 * carries the entitlement marker; then its illustrations. Evicts the least recently used beyond the bound.
 */
export async function saveStory(
  cache: StoryCache,
  deps: { fetch: Fetch; origin: string; now: () => number },
  address: string,
): Promise<SaveResult> {
  const path = storyPath(address, deps.origin);
  if (!path) return { ok: false, reason: 'not-a-story' };
  let page: Response;
  try {
    page = await deps.fetch(path, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
  if (!page.ok) return { ok: false, reason: 'unavailable' };
  const { copy, bytes: pageBytes } = await sizeOf(page);
  const html = await copy.clone().text();
  const read = readStoryPage(html);
  if (!read.entitled) return { ok: false, reason: 'not-entitled' };

  let bytes = pageBytes;
  const images: string[] = [];
  for (const image of read.images) {
    try {
      const answer = await deps.fetch(image, { credentials: 'same-origin' });
      if (!answer.ok) continue;
      const sized = await sizeOf(answer);
      await cache.put(image, sized.copy);
      bytes += sized.bytes;
      images.push(image);
    } catch {
      // An illustration that does not load is left out; the story reads without it.
    }
  }
  await cache.put(path, copy);

  const now = deps.now();
  const before = await readIndex(cache);
  const previous = before.find((story) => story.path === path);
  const story: SavedStory = {
    path,
    slug: read.slug,
    title: read.title || path,
    savedAt: previous?.savedAt ?? now,
    usedAt: now,
    bytes,
    images,
  };
  const ordered = [story, ...before.filter((s) => s.path !== path)].sort((a, b) => b.usedAt - a.usedAt);
  const kept = ordered.slice(0, MAX_SAVED_STORIES);
  const evicted = ordered.slice(MAX_SAVED_STORIES);
  await dropStories(cache, kept, evicted);
  await writeIndex(cache, kept);
  return { ok: true, story, evicted };
}

/** Marks a saved story as read now (it moves to the end of the eviction queue). */
export async function touchStory(cache: StoryCache, path: string, now: number): Promise<void> {
  const stories = await readIndex(cache);
  const story = stories.find((s) => s.path === path);
  if (!story) return;
  story.usedAt = now;
  await writeIndex(cache, stories);
}

export async function removeStory(cache: StoryCache, path: string): Promise<void> {
  const stories = await readIndex(cache);
  const kept = stories.filter((s) => s.path !== path);
  await dropStories(
    cache,
    kept,
    stories.filter((s) => s.path === path),
  );
  await writeIndex(cache, kept);
}

/**
 * Keeps only the stories the server still opens for this reader (the `entitled` slugs it answered on
 * start); the others go, with their illustrations. Returns what was dropped.
 */
export async function keepEntitled(cache: StoryCache, entitled: ReadonlySet<string>): Promise<SavedStory[]> {
  const stories = await readIndex(cache);
  const kept = stories.filter((s) => entitled.has(s.slug));
  const dropped = stories.filter((s) => !entitled.has(s.slug));
  if (dropped.length === 0) return [];
  await dropStories(cache, kept, dropped);
  await writeIndex(cache, kept);
  return dropped;
}
