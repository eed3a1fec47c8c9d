// The caches the service worker and the pages share (issue 27, docs/adr/0040-installable-app-offline-reading.md).
// Kept free of browser globals so the worker bundle, the pages and the unit tests import the same names.

/** Stories saved for offline by the reader, with their illustrations and the index below. */
export const SAVED_STORIES_CACHE = 'bof-saved-stories-v1';
/** The front page and the reader's Following page, as last visited. */
export const PAGES_CACHE = 'bof-pages-v1';
/** Illustrations seen on the cached pages (bounded). */
export const IMAGES_CACHE = 'bof-images-v1';
/** The site's hashed scripts and styles, so cached pages keep their looks offline. */
export const STATIC_CACHE = 'bof-static-v1';

/** The entry of the saved stories' index inside SAVED_STORIES_CACHE (never a real page of the site). */
export const SAVED_INDEX_URL = '/__offline__/saved-stories.json';
/** At most this many stories are saved; saving one more evicts the least recently used. */
export const MAX_SAVED_STORIES = 50;
/** The offline page: shown for a navigation that fails and was not stored. */
export const OFFLINE_PATH = '/offline/';
/** Pages kept for offline reading when visited (besides saved stories). */
export const CACHED_PAGE_PATHS = ['/', '/user/following/'] as const;
/** Bound of IMAGES_CACHE. */
export const MAX_CACHED_IMAGES = 200;

/** Caches that hold what this reader may read: emptied on sign-out or a lost entitlement. */
export const READER_CACHES = [SAVED_STORIES_CACHE, PAGES_CACHE] as const;

/** The message a page posts to the waiting worker when the reader accepts an update. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;
