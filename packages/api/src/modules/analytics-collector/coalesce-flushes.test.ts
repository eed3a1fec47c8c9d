import { describe, expect, it } from 'vitest';
import { coalesceFlushes } from './coalesce-flushes';

/** A flush that stays open until the test ends it, logging when each one starts and ends. */
function controlledFlush() {
  const log: string[] = [];
  const open: { end: () => void; fail: (error: Error) => void }[] = [];
  let count = 0;
  const flush = () => {
    const n = ++count;
    log.push(`start ${n}`);
    return new Promise<void>((resolve, reject) => {
      open.push({
        end: () => {
          log.push(`end ${n}`);
          resolve();
        },
        fail: reject,
      });
    });
  };
  return { flush, log, open };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalesceFlushes', () => {
  it('gives callers that arrive during a flush one shared flush that starts after it', async () => {
    const { flush, log, open } = controlledFlush();
    const shared = coalesceFlushes(flush);
    const settled: string[] = [];
    const first = shared().then(() => settled.push('first'));
    // Committed while flush 1 runs: flush 1 may not have seen their rows, so they wait for flush 2.
    const second = shared().then(() => settled.push('second'));
    const third = shared().then(() => settled.push('third'));
    await tick();
    expect(log).toEqual(['start 1']);
    open[0]!.end();
    await first;
    await tick();
    expect(settled).toEqual(['first']);
    expect(log).toEqual(['start 1', 'end 1', 'start 2']);
    open[1]!.end();
    await Promise.all([second, third]);
    expect(settled).toEqual(['first', 'second', 'third']);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    // Idle again: the next caller starts a flush of its own at once.
    void shared();
    expect(log.at(-1)).toBe('start 3');
    open[2]!.end();
  });

  it('rejects every caller of a failed flush, and the next flush is tried afresh', async () => {
    const { flush, open } = controlledFlush();
    const shared = coalesceFlushes(flush);
    const first = shared();
    const second = shared();
    open[0]!.fail(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await tick();
    open[1]!.fail(new Error('still full'));
    await expect(second).rejects.toThrow('still full');
    const third = shared();
    open[2]!.end();
    await expect(third).resolves.toBeUndefined();
  });
});
