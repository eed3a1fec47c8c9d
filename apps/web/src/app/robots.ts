import type { MetadataRoute } from 'next';
import { getServerEnv } from '@bof/config/server';
import { DISALLOWED_PATHS } from '../server/content/crawl-rules';

export const dynamic = 'force-dynamic';

/** robots.txt: everything public may be crawled except accounts, checkout, previews and APIs. */
export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = getServerEnv();
  return {
    rules: { userAgent: '*', allow: '/', disallow: [...DISALLOWED_PATHS] },
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
