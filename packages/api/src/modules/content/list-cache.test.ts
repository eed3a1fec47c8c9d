import { describe, expect, it, vi } from 'vitest';
import type { ContentChange } from '../../platform/content-changes';
import type { ContentService } from './content.service';
import { cacheListsUntilChanged } from './list-cache';

function fakeFeed() {
  const listeners = new Set<(change: ContentChange) => void>();
  return {
    listening: true,
    subscribe(listener: (change: ContentChange) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    announce(change: ContentChange = { storyIds: [], slugs: [], lists: true }) {
      for (const listener of listeners) listener(change);
    },
  };
}

function fakeService() {
  let edition = 1;
  const service = {
    frontPage: vi.fn(async () => ({ edition })),
    sectionPage: vi.fn(async (slug: string, page: number) => {
      if (page > 3) throw new Error('no such page');
      return { slug, page, edition };
    }),
    topicPage: vi.fn(async (slug: string, page: number) => ({ slug, page, edition })),
    authorPage: vi.fn(async (slug: string, page: number) => ({ slug, page, edition })),
    seriesPage: vi.fn(async (slug: string, page: number) => ({ slug, page, edition })),
    story: vi.fn(async (slug: string) => ({ slug, edition })),
    cards: vi.fn(async (slugs: readonly string[]) => slugs.map((slug) => ({ slug, edition }))),
    recommendedStories: vi.fn(async (input: { slug?: string | null; topics?: readonly string[] | null }) => [
      { for: input.slug ?? input.topics, edition },
    ]),
  };
  return { service: service as unknown as ContentService, calls: service, publish: () => (edition += 1) };
}

describe('cacheListsUntilChanged', () => {
  it('composes the front page once until a change is heard, then composes it again', async () => {
    const feed = fakeFeed();
    const { service, calls, publish } = fakeService();
    const cached = cacheListsUntilChanged(service, feed);
    expect(await cached.frontPage()).toEqual({ edition: 1 });
    expect(await cached.frontPage()).toEqual({ edition: 1 });
    expect(calls.frontPage).toHaveBeenCalledTimes(1);
    publish();
    feed.announce();
    expect(await cached.frontPage()).toEqual({ edition: 2 });
    expect(calls.frontPage).toHaveBeenCalledTimes(2);
  });

  it('empties on a change naming stories only, and on a reconnect that may have missed changes', async () => {
    const feed = fakeFeed();
    const { service, calls } = fakeService();
    const cached = cacheListsUntilChanged(service, feed);
    await cached.topicPage('resale', 1);
    feed.announce({ storyIds: ['s1'], slugs: ['a-story'], lists: false });
    await cached.topicPage('resale', 1);
    feed.announce({ storyIds: [], slugs: [], lists: true, all: true });
    await cached.topicPage('resale', 1);
    expect(calls.topicPage).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing while the feed is not listening', async () => {
    const feed = fakeFeed();
    const { service, calls } = fakeService();
    const cached = cacheListsUntilChanged(service, feed);
    await cached.frontPage();
    feed.listening = false;
    await cached.frontPage();
    await cached.frontPage();
    expect(calls.frontPage).toHaveBeenCalledTimes(3);
    expect(cached.cachedLists).toBe(0);
  });

  it('keeps each page of each list apart, and shares one composition between readers asking at once', async () => {
    const feed = fakeFeed();
    const { service, calls } = fakeService();
    const cached = cacheListsUntilChanged(service, feed);
    const [a, b] = await Promise.all([cached.sectionPage('retail', 1), cached.sectionPage('retail', 1)]);
    expect(a).toBe(b);
    expect(await cached.sectionPage('retail', 2)).toMatchObject({ page: 2 });
    expect(await cached.seriesPage('retail', 1)).toMatchObject({ slug: 'retail', page: 1 });
    expect(calls.sectionPage).toHaveBeenCalledTimes(2);
    expect(cached.cachedLists).toBe(3);
  });

  it('does not remember a failure', async () => {
    const feed = fakeFeed();
    const { service, calls } = fakeService();
    const cached = cacheListsUntilChanged(service, feed);
    await expect(cached.sectionPage('retail', 9)).rejects.toThrow('no such page');
    await expect(cached.sectionPage('retail', 9)).rejects.toThrow('no such page');
    expect(calls.sectionPage).toHaveBeenCalledTimes(2);
  });

  it('forgets the least recently read list beyond its bound, and any list after its age', async () => {
    const feed = fakeFeed();
    const { service, calls } = fakeService();
    let clock = 0;
    const cached = cacheListsUntilChanged(service, feed, { maxEntries: 2, maxAgeMs: 1000, now: () => clock });
    await cached.authorPage('a', 1);
    await cached.authorPage('b', 1);
    await cached.authorPage('a', 1);
    await cached.authorPage('c', 1);
    expect(cached.cachedLists).toBe(2);
    await cached.authorPage('a', 1);
    expect(calls.authorPage).toHaveBeenCalledTimes(3);
    await cached.authorPage('b', 1);
    expect(calls.authorPage).toHaveBeenCalledTimes(4);
    clock = 1000;
    await cached.authorPage('b', 1);
    expect(calls.authorPage).toHaveBeenCalledTimes(5);
  });

  it("keeps a story page's related and recommended cards apart by what was asked, until a change", async () => {
    const feed = fakeFeed();
    const { service, calls, publish } = fakeService();
    const cached = cacheListsUntilChanged(service, feed);
    const related = await cached.cards(['a', 'b']);
    expect(await cached.cards(['a', 'b'])).toBe(related);
    expect(await cached.cards(['b', 'a'])).toEqual([
      { slug: 'b', edition: 1 },
      { slug: 'a', edition: 1 },
    ]);
    expect(calls.cards).toHaveBeenCalledTimes(2);
    const next = await cached.recommendedStories({ slug: 'x', limit: 4 });
    expect(await cached.recommendedStories({ slug: 'x', limit: 4 })).toBe(next);
    await cached.recommendedStories({ slug: 'x', limit: 3 });
    await cached.recommendedStories({ topics: ['x'], limit: 4 });
    expect(calls.recommendedStories).toHaveBeenCalledTimes(3);
    publish();
    feed.announce({ storyIds: ['s1'], slugs: ['a'], lists: false });
    expect(await cached.cards(['a', 'b'])).toEqual([
      { slug: 'a', edition: 2 },
      { slug: 'b', edition: 2 },
    ]);
    expect(await cached.recommendedStories({ slug: 'x', limit: 4 })).toEqual([{ for: 'x', edition: 2 }]);
  });

  it('passes everything else through uncached', async () => {
    const feed = fakeFeed();
    const { service, calls } = fakeService();
    const cached = cacheListsUntilChanged(service, feed);
    await cached.story('x');
    await cached.story('x');
    expect(calls.story).toHaveBeenCalledTimes(2);
  });
});
