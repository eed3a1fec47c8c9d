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
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
