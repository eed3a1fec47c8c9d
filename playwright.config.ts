import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tooling/playwright/chromium';

const port = Number(process.env.E2E_PORT || 3100);
export const e2eBaseUrl = `http://localhost:${port}`;

// Journeys run against the real product on the embedded defaults, with a data folder of their own.
export default defineConfig({
  testDir: './apps/web/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
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
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } },
  ],
  webServer: {
    command: `rm -rf .data/e2e-${port} && npm start`,
    env: { DATA_DIR: `.data/e2e-${port}`, PORT: String(port), SITE_URL: e2eBaseUrl },
    url: `${e2eBaseUrl}/api/health/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
