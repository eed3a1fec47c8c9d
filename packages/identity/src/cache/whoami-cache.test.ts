import { describe, expect, it } from 'vitest';
import { createWhoamiCache, type WhoamiEntry } from './whoami-cache';

const entry = (over: Partial<WhoamiEntry> = {}): WhoamiEntry => ({
  sessionId: 's1',
  identityId: 'i1',
  identityState: 'active',
  expiresAt: 10_000,
  body: '{}',
  ...over,
});

function upCache(options = { maxEntries: 3, ttlMs: 1000 }) {
  const cache = createWhoamiCache(options);
  cache.setFeedUp(true);
  return cache;
}

describe('the whoami cache', () => {
  it('serves an answer until its session expires or its TTL passes', () => {
    const cache = upCache();
    cache.set('k', entry({ expiresAt: 1500 }), cache.generation(), 100);
    expect(cache.get('k', 200)?.sessionId).toBe('s1');
    expect(cache.get('k', 1500)).toBeUndefined();
    cache.set('k', entry(), cache.generation(), 100);
    expect(cache.get('k', 1101)).toBeUndefined();
  });

  it('never serves an inactive identity', () => {
    const cache = upCache();
    cache.set('k', entry({ identityState: 'inactive' }), cache.generation(), 0);
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('drops the answers of a changed session or identity, and only those', () => {
    const cache = upCache({ maxEntries: 10, ttlMs: 1000 });
    cache.set('a', entry({ sessionId: 's1', identityId: 'i1' }), cache.generation(), 0);
    cache.set('b', entry({ sessionId: 's2', identityId: 'i1' }), cache.generation(), 0);
    cache.set('c', entry({ sessionId: 's3', identityId: 'i2' }), cache.generation(), 0);
    cache.invalidate({ kind: 'session', id: 's1' });
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    cache.invalidate({ kind: 'identity', id: 'i1' });
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('does not store an answer read before a change that came while it was read', () => {
    const cache = upCache();
    const readAt = cache.generation();
    cache.invalidate({ kind: 'session', id: 's1' });
    cache.set('k', entry(), readAt, 0);
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('is bypassed and emptied while the change feed is down', () => {
    const cache = createWhoamiCache({ maxEntries: 3, ttlMs: 1000 });
    cache.set('k', entry(), cache.generation(), 0);
    expect(cache.get('k', 1)).toBeUndefined();
    cache.setFeedUp(true);
    cache.set('k', entry(), cache.generation(), 0);
    expect(cache.get('k', 1)).toBeDefined();
    cache.setFeedUp(false);
    expect(cache.size).toBe(0);
    cache.set('k', entry(), cache.generation(), 0);
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = upCache({ maxEntries: 2, ttlMs: 1000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, entry({ sessionId: key }), cache.generation(), 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });
});
