import { describe, expect, it } from 'vitest';
import { createClientRateLimiter, unitsOf } from './collector-rate-limit';

const limiterAt = (clock: { t: number }, maxClients?: number) =>
  createClientRateLimiter({
    burst: 10,
    perSecond: 2,
    now: () => clock.t,
    ...(maxClients ? { maxClients } : {}),
  });

describe('the per-client token bucket', () => {
  it('lets a burst through, then refuses with the seconds until the next unit, and refills', () => {
    const clock = { t: 0 };
    const limiter = limiterAt(clock);
    for (let i = 0; i < 10; i++) expect(limiter.take('a', 1)).toEqual({ ok: true });
    expect(limiter.take('a', 1)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('a', 5)).toEqual({ ok: false, retryAfterSeconds: 3 });
    clock.t = 500;
    expect(limiter.take('a', 1)).toEqual({ ok: true });
    clock.t = 60_000;
    for (let i = 0; i < 10; i++) expect(limiter.take('a', 1).ok).toBe(true);
    expect(limiter.take('a', 1).ok).toBe(false);
  });

  it('keeps clients apart', () => {
    const clock = { t: 0 };
    const limiter = limiterAt(clock);
    for (let i = 0; i < 10; i++) limiter.take('a', 1);
    expect(limiter.take('a', 1).ok).toBe(false);
    expect(limiter.take('b', 1).ok).toBe(true);
  });

  it('makes a client owe what a charge costs, at most one bucket', () => {
    const clock = { t: 0 };
    const limiter = limiterAt(clock);
    limiter.charge('a', 100);
    expect(limiter.take('a', 1)).toEqual({ ok: false, retryAfterSeconds: 6 });
    clock.t = 5_500;
    expect(limiter.take('a', 1).ok).toBe(true);
  });

  it('never refuses forever a request heavier than the bucket', () => {
    const clock = { t: 0 };
    const limiter = limiterAt(clock);
    expect(limiter.take('a', 25).ok).toBe(true);
    expect(limiter.take('a', 25)).toEqual({ ok: false, retryAfterSeconds: 10 });
    clock.t = 10_000;
    expect(limiter.take('a', 25).ok).toBe(true);
  });

  it('keeps at most maxClients buckets, dropping the quiet ones first', () => {
    const clock = { t: 0 };
    const limiter = limiterAt(clock, 2);
    for (let i = 0; i < 10; i++) limiter.take('busy', 1);
    limiter.take('quiet', 1);
    clock.t = 1000;
    limiter.take('new', 1);
    // The busy client's bucket was kept: still empty-ish.
    expect(limiter.take('busy', 5).ok).toBe(false);
  });

  it('weighs a body by started 4 KB', () => {
    expect([0, 1, 4096, 4097, 39_000, 40_000].map(unitsOf)).toEqual([1, 1, 1, 2, 10, 10]);
  });
});
