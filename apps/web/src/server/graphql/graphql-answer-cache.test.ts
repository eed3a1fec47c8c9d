import { describe, expect, it } from 'vitest';
import { createGraphQLAnswerCache } from './graphql-answer-cache';

const answer = (text: string) => ({
  status: 200,
  headers: [['content-type', 'application/json']] as const,
  body: Buffer.from(text),
});

describe('the GraphQL answer cache', () => {
  it('gives an answer until its lifetime ends', () => {
    let now = 1_000;
    const cache = createGraphQLAnswerCache({ maxEntries: 10, maxBytes: 1_000, ttlMs: 30_000 }, () => now);
    expect(cache.set('a', answer('{"a":1}'), cache.begin())).toBe(true);
    now += 29_999;
    expect(cache.get('a')?.body.toString()).toBe('{"a":1}');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('refuses an answer begun before the content changed', () => {
    const cache = createGraphQLAnswerCache({ maxEntries: 10, maxBytes: 1_000, ttlMs: 30_000 });
    const begunAt = cache.begin();
    cache.clear();
    expect(cache.set('a', answer('{}'), begunAt)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used answer past its entries or bytes, and refuses one too large', () => {
    const cache = createGraphQLAnswerCache({ maxEntries: 2, maxBytes: 800, ttlMs: 30_000 });
    cache.set('a', answer('a'.repeat(99)), cache.begin());
    cache.set('b', answer('b'.repeat(99)), cache.begin());
    cache.get('a');
    cache.set('c', answer('c'.repeat(99)), cache.begin());
    expect([
      cache.get('a') !== undefined,
      cache.get('b') !== undefined,
      cache.get('c') !== undefined,
    ]).toEqual([true, false, true]);
    // An eighth of the bytes at most per answer, its key counted.
    expect(cache.set('d', answer('d'.repeat(100)), cache.begin())).toBe(false);
    cache.set('e', answer('e'.repeat(99)), cache.begin());
    expect(cache.bytes).toBe(200);
    expect(cache.size).toBe(2);
  });

  it('gives and keeps nothing while the content change feed is not listening', () => {
    let listening = true;
    const cache = createGraphQLAnswerCache({
      maxEntries: 10,
      maxBytes: 10_000,
      ttlMs: 30_000,
      listening: () => listening,
    });
    cache.set('a', answer('{}'), cache.begin());
    const begunAt = cache.begin();
    listening = false;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('b', answer('{}'), cache.begin())).toBe(false);
    listening = true;
    // What was kept went, and an answer begun before the feed stopped is not stored after it.
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('c', answer('{}'), begunAt)).toBe(false);
    expect(cache.set('c', answer('{}'), cache.begin())).toBe(true);
  });

  it('drops older answers when a gzipped body takes the bytes past the bound', () => {
    const cache = createGraphQLAnswerCache({ maxEntries: 10, maxBytes: 800, ttlMs: 30_000 });
    cache.set('a', answer('a'.repeat(99)), cache.begin());
    cache.set('b', answer('b'.repeat(99)), cache.begin());
    const held = cache.get('b')!;
    cache.setGzipped('b', held, Buffer.alloc(650));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.gzipped?.byteLength).toBe(650);
    expect(cache.bytes).toBe(750);
  });

  it('keeps a gzipped body once, and only for the answer it was made from', () => {
    const cache = createGraphQLAnswerCache({ maxEntries: 10, maxBytes: 10_000, ttlMs: 30_000 });
    cache.set('a', answer('{}'), cache.begin());
    const held = cache.get('a')!;
    cache.setGzipped('a', held, Buffer.alloc(10));
    cache.setGzipped('a', held, Buffer.alloc(20));
    expect(cache.bytes).toBe(13);
    cache.set('a', answer('{"x":1}'), cache.begin());
    cache.setGzipped('a', held, Buffer.alloc(30));
    expect(cache.get('a')?.gzipped).toBeUndefined();
  });
});
