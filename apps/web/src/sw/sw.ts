// The site's service worker (issue 27, docs/adr/0040-installable-app-offline-reading.md), bundled by
// scripts/build-sw.ts with esbuild into public/sw.js. What it keeps, and only that:
// - the offline page (precached), shown for a navigation that fails and was not stored;
// - the front page and the reader's Following page as last visited (network first, with a timeout);
// - stories the reader saved for offline (SAVED_STORIES_CACHE, written by the page after the server
//   said the reader gets the whole story; read here when the network fails);
// - illustrations (bounded) and the site's hashed scripts and styles.
// Any other page is never stored: a story behind a wall must not outlive the reader's access.
import {
  CacheFirst,
  CacheableResponsePlugin,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
} from 'serwist';
import type { RouteHandlerCallbackOptions } from 'serwist';
import {
  CACHED_PAGE_PATHS,
  IMAGES_CACHE,
  MAX_CACHED_IMAGES,
  OFFLINE_PATH,
  PAGES_CACHE,
  SAVED_STORIES_CACHE,
  STATIC_CACHE,
} from './offline-caches';
import { registerPushHandlers, type PushWorkerScope } from './push';

/** Written by the build: a new build is a new worker, which the open app offers to load (the update flow). */
declare const __BOF_SW_VERSION__: string;

const NAVIGATION_TIMEOUT_SECONDS = 4;
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });
/** The front page opened from the app (`/?app=1`) and from the browser are the same page. */
const withoutQuery = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    return `${url.origin}${url.pathname}`;
  },
};

const cachedPages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
  plugins: [onlyOk, withoutQuery],
});
const otherPages = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS });
const images = new CacheFirst({
  cacheName: IMAGES_CACHE,
  plugins: [onlyOk, new ExpirationPlugin({ maxEntries: MAX_CACHED_IMAGES, maxAgeSeconds: 30 * 24 * 3600 })],
});
const assets = new CacheFirst({
  cacheName: STATIC_CACHE,
  plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 90 * 24 * 3600 })],
});

const isCachedPage = (url: URL) => (CACHED_PAGE_PATHS as readonly string[]).includes(url.pathname);
const isImage = (url: URL) =>
  url.pathname === '/_next/image' ||
  url.pathname.startsWith('/illustrations/') ||
  url.pathname.startsWith('/media/');

/** The stored copy of a saved story, by path (the address may carry a gift token or the app marker). */
async function savedStory(url: URL): Promise<Response | undefined> {
  // caches.match with a name never creates the cache (a purged one stays gone).
  return caches.match(url.pathname, { cacheName: SAVED_STORIES_CACHE });
}

async function offlinePage(from: URL): Promise<Response> {
  if (from.pathname === OFFLINE_PATH) return (await serwist.matchPrecache(OFFLINE_PATH)) ?? Response.error();
  return Response.redirect(`${OFFLINE_PATH}?from=${encodeURIComponent(from.pathname + from.search)}`, 302);
}

async function navigate({ request, event, url }: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    if (isCachedPage(url)) return await cachedPages.handle({ request, event });
    return await otherPages.handle({ request, event });
  } catch {
    return (await savedStory(url)) ?? offlinePage(url);
  }
}

/** An illustration of a saved story first; then the bounded image cache; offline, any stored width. */
async function image({ request, event, url }: RouteHandlerCallbackOptions): Promise<Response> {
  const saved = await caches.match(request, { cacheName: SAVED_STORIES_CACHE });
  if (saved) return saved;
  try {
    return await images.handle({ request, event });
  } catch (error) {
    const original = url.searchParams.get('url');
    if (original) {
      for (const name of [SAVED_STORIES_CACHE, IMAGES_CACHE]) {
        if (!(await caches.has(name))) continue;
        const cache = await caches.open(name);
        for (const key of await cache.keys()) {
          if (new URL(key.url).searchParams.get('url') === original) {
            const found = await cache.match(key);
            if (found) return found;
          }
        }
      }
    }
    throw error;
  }
}

const serwist = new Serwist({
  precacheEntries: [{ url: OFFLINE_PATH, revision: __BOF_SW_VERSION__ }],
  // A new worker waits until the reader accepts the update (SKIP_WAITING from the page), then takes the
  // open pages at once.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    { matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate', handler: navigate },
    { matcher: ({ url, sameOrigin }) => sameOrigin && isImage(url), handler: image },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: assets,
    },
  ],
});

serwist.addEventListeners();

/**
 * The offline page hydrates offline too (it lists the saved stories from the cache): its scripts and
 * styles are kept on install, as it is never visited online before it is needed.
 */
async function keepOfflinePageAssets(): Promise<void> {
  const page = await fetch(OFFLINE_PATH, { credentials: 'same-origin' });
  if (!page.ok) return;
  const html = await page.text();
  const assets = new Set([...html.matchAll(/\/_next\/static\/[^"'\\\s)]+/g)].map((found) => found[0]));
  const cache = await caches.open(STATIC_CACHE);
  await Promise.all([...assets].map((asset) => cache.add(asset).catch(() => undefined)));
}
addEventListener('install', (event) => {
  (event as Event & { waitUntil(promise: Promise<unknown>): void }).waitUntil(
    keepOfflinePageAssets().catch(() => undefined),
  );
});

// Web Push (docs/adr/0039): a push shows the story's notification; a click opens it, on this site only.
registerPushHandlers(self as unknown as PushWorkerScope);
