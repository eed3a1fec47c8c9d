import type { MetadataRoute } from 'next';
import { getServerEnv } from '@bof/config/server';
import { APP_START_URL } from '../client/app/app-mode';

export const dynamic = 'force-dynamic';

/**
 * The web app manifest (issue 27, spec §1 "a mobile app"): the site installs as an app that opens on
 * its own window, at a start address carrying the `app` marker so analytics tell the app from the browser.
 * Icons are drawn from the site's mark by scripts/app-icons.ts; colours are the site's paper and accent.
 */
export default function manifest(): MetadataRoute.Manifest {
  const { siteName } = getServerEnv();
  return {
    id: '/',
    name: siteName,
    short_name: siteName.length > 12 ? 'BoF' : siteName,
    description: 'News, analysis and careers for the fashion business, saved stories readable offline.',
    start_url: APP_START_URL,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#a3122a',
    background_color: '#ffffff',
    lang: 'en-GB',
    categories: ['news', 'business'],
    icons: [
      { src: '/app-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/app-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/app-icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
