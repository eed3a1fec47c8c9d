import type { ContentChangeFeed } from '../../platform/content-changes';
import type { ContentService } from './content.service';

export interface ListCacheOptions {
  /** Lists kept at most (the least recently read go first). */
  maxEntries?: number;
  /** A backstop: a list is composed again after this long even if no change was heard. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The content lists every reader sees alike — the front page, the section, topic, author and series
 * pages, and a story page's related and recommended cards — kept in this process's memory until the
 * content changes. Every change announced on the content change feed (an import, a newsroom publication,
 * front-page pins, from any process) empties it, and while the feed is not listening nothing is kept, so a
 * list is never older than the feed's news of a change.
 * Readers asking at the same moment share one composition. The lists handed out are shared: read only.
 */
export function cacheListsUntilChanged(
  service: ContentService,
  feed: Pick<ContentChangeFeed, 'subscribe' | 'listening'>,
  options: ListCacheOptions = {},
): ContentService & { readonly cachedLists: number } {
  const maxEntries = options.maxEntries ?? 500;
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Promise<unknown>; at: number }>();
  feed.subscribe(() => entries.clear());

  function remember<T>(key: string, compose: () => Promise<T>): Promise<T> {
    if (!feed.listening) {
      entries.clear();
      return compose();
    }
    const hit = entries.get(key);
    if (hit && now() - hit.at < maxAgeMs) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const entry = { value: compose() as Promise<unknown>, at: now() };
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    // A failure is not remembered: the next reader asks again.
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value as Promise<T>;
  }

  return {
    ...service,
    frontPage: () => remember('front', () => service.frontPage()),
    sectionPage: (slug, page) => remember(`section:${slug}:${page}`, () => service.sectionPage(slug, page)),
    topicPage: (slug, page) => remember(`topic:${slug}:${page}`, () => service.topicPage(slug, page)),
    authorPage: (slug, page) => remember(`author:${slug}:${page}`, () => service.authorPage(slug, page)),
    seriesPage: (slug, page) => remember(`series:${slug}:${page}`, () => service.seriesPage(slug, page)),
    // What a story page shows around the story, alike for every reader: the cards of the stories its
    // body links to and the stories recommended after it. The story itself is read for each request.
    cards: (slugs) => remember(`cards:${JSON.stringify(slugs)}`, () => service.cards(slugs)),
    recommendedStories: (input) =>
      remember(`recommended:${JSON.stringify([input.slug ?? null, input.topics ?? [], input.limit])}`, () =>
        service.recommendedStories(input),
      ),
    get cachedLists() {
      return entries.size;
    },
  };
}
