import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tooling/playwright/chromium';

const port = Number(process.env.E2E_PORT || 3100);
export const e2eBaseUrl = `http://localhost:${port}`;

// Journeys run against the real product on the embedded defaults, with a data folder of their own. Journey
// files share one server and run two at a time (E2E_WORKERS), each file's tests in order. The newsroom's
// journey publishes stories that then lead the front page, so it runs last, once the others are done.
const newsroom = '**/newsroom.e2e.ts';

export default defineConfig({
  testDir: './apps/web/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: `test-results/${port}`,
  use: {
    baseURL: e2eBaseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
    // The site's service worker (issue 27) would answer requests `page.route` cannot see: journeys run
    // without it, except the app's own journey (app.e2e.ts), which allows it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: newsroom,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() },
    },
    {
      name: 'newsroom',
      testMatch: newsroom,
      // After the others when the whole suite runs (`npm run test:e2e`); a run of chosen files skips the wait.
      dependencies: process.env.E2E_WHOLE_SUITE ? ['desktop'] : [],
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() },
    },
  ],
  webServer: {
    // A fresh data folder: the demo edition, then the journeys' own fixture story (a video block, which
    // the demo edition has none of), then the product as `npm start` runs it.
    command: [
      `rm -rf .data/e2e-${port}`,
      'npm run content:import -- content/demo-edition',
      'npm run content:import -- apps/web/e2e/fixtures/video-story.json',
      'npm start',
    ].join(' && '),
    env: {
      DATA_DIR: `.data/e2e-${port}`,
      // The newsroom journey's first editor (a newsroom admin once signed in).
      NEWSROOM_ADMINS:
        'newsroom-editor@example.org,newsroom-desk@example.org,newsroom-brief@example.org,newsroom-approvals@example.org,events-staff@example.org,careers-approver@example.org',
      PORT: String(port),
      // Two journeys at a time sign up and sign in from one address; the per-address limit on identity
      // flows (tested on its own in the integration tests) stays out of their way.
      IDENTITY_RATE_LIMIT_PER_IP: '600',
      SITE_URL: e2eBaseUrl,
      // Consented tags on, pointed at a local path the analytics journeys answer (no outside network).
      AD_PIXEL_ENABLED: '1',
      AD_PIXEL_ID_DEV: '1234567890',
      AD_PIXEL_SCRIPT_URL: `${e2eBaseUrl}/e2e-vendors/ad-pixel.js`,
      TAG_MANAGER_ENABLED: '1',
      TAG_MANAGER_ID_DEV: 'GTM-E2ETEST',
      TAG_MANAGER_SCRIPT_URL: `${e2eBaseUrl}/e2e-vendors/gtm.js`,
      // In-app messaging on, its SDK talking to a local path (requests 404 unless a journey answers them).
      MESSAGING_API_KEY: '00000000-0000-4000-8000-000000000e2e',
      MESSAGING_BASE_URL: `${e2eBaseUrl}/e2e-vendors/messaging`,
    },
    url: `${e2eBaseUrl}/api/health/`,
    // The first start builds the web app: minutes on a small machine.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
