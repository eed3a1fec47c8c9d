import { describe, expect, it } from 'vitest';
import { isCrawlable, SITEMAP_FIXED_PATHS } from './crawl-rules';

describe('crawl rules', () => {
  it('keeps accounts, checkout and APIs away from crawlers', () => {
    expect(isCrawlable('/subscriptions/packages/')).toBe(false);
    expect(isCrawlable('/user/login/')).toBe(false);
    expect(isCrawlable('/api/graphql/')).toBe(false);
    expect(isCrawlable('/articles/news/')).toBe(true);
  });

  it('lists in the sitemap only fixed pages robots.txt allows', () => {
    expect(SITEMAP_FIXED_PATHS).toContain('/');
    expect(SITEMAP_FIXED_PATHS).toContain('/case-studies/');
    expect(SITEMAP_FIXED_PATHS).toEqual(expect.arrayContaining(['/people/', '/organisations/', '/bof500/']));
    expect(SITEMAP_FIXED_PATHS.every(isCrawlable)).toBe(true);
    expect(SITEMAP_FIXED_PATHS).not.toContain('/subscriptions/packages/');
  });
});
