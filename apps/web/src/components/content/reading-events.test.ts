import { describe, expect, it } from 'vitest';
import { countCopiedWords, depthsReached } from './reading-events';

describe('reading events', () => {
  it('reports each depth once, lower ones first when the reader jumps past them', () => {
    expect(depthsReached(25, new Set())).toEqual([25]);
    expect(depthsReached(100, new Set([25]))).toEqual([50, 75, 100]);
    expect(depthsReached(50, new Set([25, 50]))).toEqual([]);
  });

  it('counts the words of copied text', () => {
    expect(countCopiedWords('  Luxury houses\nnow court   athletes. ')).toBe(5);
    expect(countCopiedWords(' \n ')).toBe(0);
  });
});
