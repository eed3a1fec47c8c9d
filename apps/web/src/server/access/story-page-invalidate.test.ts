import { describe, expect, it } from 'vitest';
import {
  buildEntry,
  createStoryPageCache,
  decisionShape,
  keyStory,
  type RenderedPage,
} from './story-page-cache';

const page: RenderedPage = {
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from('<html><body>story</body></html>'),
};
const shapeOf = (id: string, signedIn = false) =>
  decisionShape({
    story: { id, access: 'free' },
    decision: { kind: 'allow', reason: 'free' },
    counted: false,
    signedIn,
  });
const keyOf = (address: string, id: string, signedIn = false) => `${address}\n${shapeOf(id, signedIn)}`;
const entryOf = async (key: string) => buildEntry(key, page, { expiresAt: 60_000, contentVersion: 'v1' });

async function filledCache() {
  const cache = createStoryPageCache({ maxBytes: 1_000_000, ttlMs: 60_000, now: () => 0 });
  cache.setContentVersion('v1');
  const keys = {
    first: keyOf('/articles/retail/first-story/', 'id-1'),
    firstSignedIn: keyOf('/articles/retail/first-story/', 'id-1', true),
    firstQuery: keyOf('/articles/retail/first-story/?utm_source=x', 'id-1'),
    second: keyOf('/articles/luxury/second-story/', 'id-2'),
    caseStudy: keyOf('/case-studies/a-case/', 'id-3'),
  };
  for (const key of Object.values(keys)) expect(cache.set(await entryOf(key))).toBe(true);
  return { cache, keys };
}

describe('the story a cache key is for', () => {
  it('reads the slug from the address and the id from the decision shape', () => {
    expect(keyStory(keyOf('/articles/retail/first-story/?a=b', 'id-1'))).toEqual({
      slug: 'first-story',
      storyId: 'id-1',
    });
    expect(keyStory(keyOf('/case-studies/a-case/', 'id-3'))).toEqual({ slug: 'a-case', storyId: 'id-3' });
    expect(keyStory('/articles/x/y/\nnot json')).toEqual({ slug: 'y', storyId: undefined });
  });
});

describe('invalidating the story page cache', () => {
  it('drops every page of a story named by slug (each decision and query) and leaves the others', async () => {
    const { cache, keys } = await filledCache();
    expect(cache.invalidate({ storyIds: [], slugs: ['first-story'], lists: true })).toBe(3);
    expect(cache.get(keys.first)).toBeUndefined();
    expect(cache.get(keys.firstSignedIn)).toBeUndefined();
    expect(cache.get(keys.firstQuery)).toBeUndefined();
    expect(cache.get(keys.second)).toBeDefined();
    expect(cache.get(keys.caseStudy)).toBeDefined();
    expect(cache.stats().entries).toBe(2);
  });

  it('drops a story named by id only', async () => {
    const { cache, keys } = await filledCache();
    expect(cache.invalidate({ storyIds: ['id-3'], slugs: [], lists: false })).toBe(1);
    expect(cache.get(keys.caseStudy)).toBeUndefined();
    expect(cache.get(keys.first)).toBeDefined();
  });

  it('drops everything when changes may have been missed, nothing for a change of lists alone', async () => {
    const { cache } = await filledCache();
    expect(cache.invalidate({ storyIds: [], slugs: [], lists: true })).toBe(0);
    expect(cache.stats().entries).toBe(5);
    expect(cache.invalidate({ storyIds: [], slugs: [], lists: true, all: true })).toBe(5);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('refuses a page whose render began before an invalidation', async () => {
    const { cache } = await filledCache();
    const key = keyOf('/articles/retail/third/', 'id-9');
    const before = cache.generation;
    cache.invalidate({ storyIds: [], slugs: ['third'], lists: false });
    expect(cache.set(await entryOf(key), before)).toBe(false);
    expect(cache.set(await entryOf(key), cache.generation)).toBe(true);
  });
});
