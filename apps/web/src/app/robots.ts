import type { MetadataRoute } from 'next';
import { getServerEnv } from '@bof/config/server';

export const dynamic = 'force-dynamic';

/** robots.txt: everything public may be crawled except accounts, previews and APIs. */
export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = getServerEnv();
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/user/', '/api/', '/_preview/', '/subscriptions/', '/_dev/'],
    },
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
