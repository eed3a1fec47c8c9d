import { describe, expect, it } from 'vitest';
import { MAX_SAVED_STORIES, SAVED_INDEX_URL } from '../../sw/offline-caches';
import {
  keepEntitled,
  readIndex,
  removeStory,
  saveStory,
  storyPath,
  touchStory,
  type StoryCache,
} from './saved-stories';

const ORIGIN = 'https://bof.test';

function fakeCache(): StoryCache & { keys: () => string[] } {
  const entries = new Map<string, Response>();
  return {
    keys: () => [...entries.keys()],
    async match(request) {
      return entries.get(request)?.clone();
    },
    async put(request, response) {
      entries.set(request, response);
    },
    async delete(request) {
      return entries.delete(request);
    },
  };
}

function storyHtml(slug: string, { entitled = true, image = `/illustrations/a/${slug}.png` } = {}) {
  return `<html><body><article><h1>Story &amp; ${slug}</h1>${
    entitled ? `<span hidden data-offline-entitled="${slug}"></span>` : '<div data-wall="paywall"></div>'
  }<img alt="" src="${image}"></article></body></html>`;
}

function site(pages: Record<string, string>) {
  const requested: string[] = [];
  const fetch = async (url: string) => {
    requested.push(url);
    if (url.startsWith('/illustrations/')) return new Response(new Uint8Array(100));
    const html = pages[url];
    return html === undefined ? new Response('missing', { status: 404 }) : new Response(html);
  };
  return { fetch, requested };
}

const path = (slug: string) => `/articles/luxury/${slug}/`;

describe('storyPath', () => {
  it('keeps the path of a story address, without query or fragment', () => {
    expect(storyPath(`${ORIGIN}/articles/luxury/a/?gift=x#top`, ORIGIN)).toBe('/articles/luxury/a/');
  });
  it('refuses other pages and other sites', () => {
    expect(storyPath(`${ORIGIN}/user/account/`, ORIGIN)).toBeNull();
    expect(storyPath('https://elsewhere.test/articles/luxury/a/', ORIGIN)).toBeNull();
    expect(storyPath('http://[bad', ORIGIN)).toBeNull();
  });
});

describe('saveStory', () => {
  it('stores a story the server sent whole, with its illustration and its size', async () => {
    const cache = fakeCache();
    const { fetch } = site({ [path('a')]: storyHtml('a') });
    const result = await saveStory(
      cache,
      { fetch, origin: ORIGIN, now: () => 1 },
      `${ORIGIN}${path('a')}?app=1`,
    );
    expect(result).toMatchObject({ ok: true, story: { path: path('a'), slug: 'a', title: 'Story & a' } });
    if (!result.ok) throw new Error('not saved');
    expect(result.story.bytes).toBe(storyHtml('a').length + 100);
    expect(cache.keys().sort()).toEqual([path('a'), SAVED_INDEX_URL, '/illustrations/a/a.png'].sort());
  });

  it('stores nothing when the page came with a wall', async () => {
    const cache = fakeCache();
    const { fetch } = site({ [path('a')]: storyHtml('a', { entitled: false }) });
    expect(await saveStory(cache, { fetch, origin: ORIGIN, now: () => 1 }, path('a'))).toEqual({
      ok: false,
      reason: 'not-entitled',
    });
    expect(cache.keys()).toEqual([]);
  });

  it('refuses pages that are not stories and answers that failed', async () => {
    const cache = fakeCache();
    const { fetch } = site({});
    const deps = { fetch, origin: ORIGIN, now: () => 1 };
    expect(await saveStory(cache, deps, '/user/account/')).toEqual({ ok: false, reason: 'not-a-story' });
    expect(await saveStory(cache, deps, path('gone'))).toEqual({ ok: false, reason: 'unavailable' });
  });

  it(`keeps the ${MAX_SAVED_STORIES} most recently used, evicting the oldest with its illustrations`, async () => {
    const cache = fakeCache();
    const pages: Record<string, string> = {};
    for (let i = 0; i <= MAX_SAVED_STORIES; i++) pages[path(`s${i}`)] = storyHtml(`s${i}`);
    const { fetch } = site(pages);
    let clock = 0;
    const deps = { fetch, origin: ORIGIN, now: () => ++clock };
    for (let i = 0; i < MAX_SAVED_STORIES; i++) await saveStory(cache, deps, path(`s${i}`));
    // Reading the first story again makes the second the least recently used.
    await touchStory(cache, path('s0'), ++clock);
    const result = await saveStory(cache, deps, path(`s${MAX_SAVED_STORIES}`));
    expect(result.ok && result.evicted.map((s) => s.slug)).toEqual(['s1']);
    const index = await readIndex(cache);
    expect(index).toHaveLength(MAX_SAVED_STORIES);
    expect(index.map((s) => s.slug)).toContain('s0');
    expect(await cache.match(path('s1'))).toBeUndefined();
    expect(await cache.match('/illustrations/a/s1.png')).toBeUndefined();
    expect(await cache.match(path('s0'))).toBeDefined();
  });

  it('saving a story again refreshes it instead of adding a second entry', async () => {
    const cache = fakeCache();
    const { fetch } = site({ [path('a')]: storyHtml('a') });
    let clock = 0;
    const deps = { fetch, origin: ORIGIN, now: () => ++clock };
    await saveStory(cache, deps, path('a'));
    await saveStory(cache, deps, path('a'));
    expect(await readIndex(cache)).toMatchObject([{ slug: 'a', savedAt: 1, usedAt: 2 }]);
  });
});

describe('removing and purging', () => {
  async function saved(...slugs: string[]) {
    const cache = fakeCache();
    const pages = Object.fromEntries(
      slugs.map((slug) => [path(slug), storyHtml(slug, { image: '/illustrations/shared/1.png' })]),
    );
    const { fetch } = site(pages);
    let clock = 0;
    for (const slug of slugs)
      await saveStory(cache, { fetch, origin: ORIGIN, now: () => ++clock }, path(slug));
    return cache;
  }

  it('removes one story, keeping an illustration another saved story shows', async () => {
    const cache = await saved('a', 'b');
    await removeStory(cache, path('a'));
    expect((await readIndex(cache)).map((s) => s.slug)).toEqual(['b']);
    expect(await cache.match(path('a'))).toBeUndefined();
    expect(await cache.match('/illustrations/shared/1.png')).toBeDefined();
    await removeStory(cache, path('b'));
    expect(await cache.match('/illustrations/shared/1.png')).toBeUndefined();
  });

  it('drops the stories the server no longer opens for the reader', async () => {
    const cache = await saved('a', 'b', 'c');
    const dropped = await keepEntitled(cache, new Set(['b']));
    expect(dropped.map((s) => s.slug).sort()).toEqual(['a', 'c']);
    expect((await readIndex(cache)).map((s) => s.slug)).toEqual(['b']);
    expect(await cache.match(path('a'))).toBeUndefined();
    expect(await cache.match(path('b'))).toBeDefined();
  });

  it('drops everything for a reader entitled to nothing', async () => {
    const cache = await saved('a');
    await keepEntitled(cache, new Set());
    expect(await readIndex(cache)).toEqual([]);
    expect(cache.keys()).toEqual([SAVED_INDEX_URL]);
  });
});
