// Runs the Playwright journeys in Debian's Chromium. Without Chromium it explains how to get it, and
// fails when CI is set (a CI run must never pass by skipping the browser tests).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      "Install Debian's build with: apt-get update && apt-get install -y chromium\n" +
      "(or point CHROME_PATH at a Chromium binary). Playwright's own browser download is not used.",
  );
  if (process.env.CI) process.exit(1);
  console.error('Skipping the browser tests (CI is not set).');
  process.exit(0);
}
const args = process.argv.slice(2);
// The whole suite (no files named): the newsroom's journey waits for the others (playwright.config.ts).
const wholeSuite = !args.some((arg) => !arg.startsWith('-'));
const result = spawnSync('npx', ['playwright', 'test', ...args], {
  stdio: 'inherit',
  env: wholeSuite ? { ...process.env, E2E_WHOLE_SUITE: '1' } : process.env,
});
process.exit(result.status ?? 1);
