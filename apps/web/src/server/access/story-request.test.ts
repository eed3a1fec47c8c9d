import { describe, expect, it } from 'vitest';
import { giftCheckUrl, meterCheckUrl, storyRequest, withoutMeterCheck } from './story-request';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

describe('story requests', () => {
  it('matches article, case study and PDF paths, counting only a GET of the page', () => {
    expect(storyRequest('GET', '/articles/luxury/a-deal/', { 'user-agent': CHROME })).toEqual({
      slug: 'a-deal',
      count: true,
      pageView: true,
      gift: undefined,
      giftCookieChecked: false,
      meterCheck: undefined,
      userAgent: CHROME,
    });
    expect(storyRequest('GET', '/case-studies/the-study/', {})).toMatchObject({
      slug: 'the-study',
      count: true,
      pageView: true,
    });
    expect(storyRequest('GET', '/case-studies/the-study/report.pdf', {})).toMatchObject({
      slug: 'the-study',
      count: false,
      pageView: false,
    });
    expect(storyRequest('HEAD', '/articles/luxury/a-deal/', {})).toMatchObject({
      count: false,
      pageView: false,
    });
  });

  it('counts a React Server Components navigation as a read, but not as a page view', () => {
    expect(storyRequest('GET', '/articles/luxury/a-deal/?_rsc=abc', {})).toMatchObject({
      count: true,
      pageView: false,
    });
    expect(storyRequest('GET', '/articles/luxury/a-deal/', { rsc: '1' })).toMatchObject({
      count: true,
      pageView: false,
    });
  });

  it('reads the story gift of the address and its cookie check, but never for the PDF', () => {
    expect(storyRequest('GET', '/articles/luxury/a-deal/?gift=abc.def&utm_source=x', {})).toMatchObject({
      gift: 'abc.def',
      giftCookieChecked: false,
    });
    expect(storyRequest('GET', '/articles/luxury/a-deal/?gift=abc.def&gift_check=1', {})).toMatchObject({
      gift: 'abc.def',
      giftCookieChecked: true,
    });
    expect(storyRequest('GET', '/case-studies/the-study/report.pdf?gift=abc.def', {})).toMatchObject({
      gift: undefined,
    });
  });

  it('never counts a prefetch', () => {
    for (const headers of [
      { 'next-router-prefetch': '1' },
      { 'next-router-segment-prefetch': '/_tree' },
      { purpose: 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
    ])
      expect(storyRequest('GET', '/articles/luxury/a-deal/', headers)).toMatchObject({
        slug: 'a-deal',
        count: false,
        pageView: false,
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

describe('the gift cookie check address', () => {
  it('is the same address with gift_check=1, once', () => {
    expect(giftCheckUrl('/articles/news/a/?gift=g.s')).toBe('/articles/news/a/?gift=g.s&gift_check=1');
    expect(giftCheckUrl('/articles/news/a/?gift=g.s&gift_check=1')).toBe(
      '/articles/news/a/?gift=g.s&gift_check=1',
    );
  });
});

describe('the meter cookie check address', () => {
  it('carries the check token, and is read back from the address', () => {
    const url = meterCheckUrl('/articles/luxury/a-deal/?utm_source=x', '1790000000.abc_-');
    expect(url).toBe('/articles/luxury/a-deal/?utm_source=x&meter_check=1790000000.abc_-');
    expect(storyRequest('GET', url, {})).toMatchObject({ meterCheck: '1790000000.abc_-' });
    expect(storyRequest('GET', '/articles/luxury/a-deal/', {})).toMatchObject({ meterCheck: undefined });
  });

  it('is cleaned back to the address the reader asked for', () => {
    expect(withoutMeterCheck('/articles/luxury/a-deal/?meter_check=1.a')).toBe('/articles/luxury/a-deal/');
    expect(withoutMeterCheck('/articles/luxury/a-deal/?utm_source=x&meter_check=1.a')).toBe(
      '/articles/luxury/a-deal/?utm_source=x',
    );
    expect(withoutMeterCheck('/articles/luxury/a-deal/?utm_source=x')).toBe(
      '/articles/luxury/a-deal/?utm_source=x',
    );
    expect(withoutMeterCheck('/articles/luxury/a-deal/')).toBe('/articles/luxury/a-deal/');
  });
});
