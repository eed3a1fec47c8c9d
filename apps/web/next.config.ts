import type { NextConfig } from 'next';

const config: NextConfig = {
  // A separate build folder per checkout user lets parallel builds and test runs coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Every route ends in a slash; canonical links follow the same rule (spec §1).
  trailingSlash: true,
  // PGlite loads its WASM and data files at run time; bundling it breaks every request. pdfkit reads its
  // font metrics from its own folder the same way.
  serverExternalPackages: ['@electric-sql/pglite', 'pdfkit'],
  transpilePackages: ['@bof/config', '@bof/db', '@bof/api', '@bof/paywall', '@bof/billing', '@bof/analytics'],
  poweredByHeader: false,
  // Source maps for the browser only when a benchmark asks (bench/article-javascript.mjs).
  productionBrowserSourceMaps: process.env.BOF_SOURCE_MAPS === '1',
  reactStrictMode: true,
  // `npm test` type-checks the whole workspace once (tsc); the build need not do it again.
  typescript: { ignoreBuildErrors: true },
};

export default config;
