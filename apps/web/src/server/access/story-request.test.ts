import { describe, expect, it } from 'vitest';
import { storyRequest } from './story-request';

describe('story requests', () => {
  it('matches article, case study and PDF paths, counting only a real page GET', () => {
    expect(storyRequest('GET', '/articles/luxury/a-deal/', {})).toEqual({
      slug: 'a-deal',
      count: true,
      gift: undefined,
    });
    expect(storyRequest('GET', '/articles/luxury/a-deal/?_rsc=abc', {})).toEqual({
      slug: 'a-deal',
      count: true,
    });
    expect(storyRequest('GET', '/case-studies/the-study/', {})).toEqual({
      slug: 'the-study',
      count: true,
      gift: undefined,
    });
    expect(storyRequest('GET', '/case-studies/the-study/report.pdf', {})).toEqual({
      slug: 'the-study',
      count: false,
      gift: undefined,
    });
    expect(storyRequest('HEAD', '/articles/luxury/a-deal/', {})).toEqual({
      slug: 'a-deal',
      count: false,
      gift: undefined,
    });
  });

  it('reads the story gift of the address', () => {
    expect(storyRequest('GET', '/articles/luxury/a-deal/?gift=abc.def&utm_source=x', {})).toEqual({
      slug: 'a-deal',
      count: true,
      gift: 'abc.def',
    });
  });

  it('never counts a prefetch', () => {
    for (const headers of [
      { 'next-router-prefetch': '1' },
      { purpose: 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
    ])
      expect(storyRequest('GET', '/articles/luxury/a-deal/', headers)).toEqual({
        slug: 'a-deal',
        count: false,
      });
  });

  it('leaves every other request alone', () => {
    for (const url of [
      '/',
      '/articles/luxury/',
      '/case-studies/',
      '/topics/beauty/',
      '/articles/luxury/a-deal/x/',
      '/articles/luxury/A_B/',
    ])
      expect(storyRequest('GET', url, {})).toBeNull();
    expect(storyRequest('POST', '/articles/luxury/a-deal/', {})).toBeNull();
  });
});
