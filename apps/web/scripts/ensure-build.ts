// Before `npm start` serves: validates the configuration (a production start with a variable missing or
// invalid stops here, naming it, before any build), then builds the web app when there is no build, when
// a source file is newer than the build, or when the browser configuration has changed since. Prints why
// it builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toClientConfig } from '@bof/config/client';
import { ConfigurationError, getServerEnv, type ServerEnv } from '@bof/config/server';
import { isBuildSource } from './build-sources';
import { buildServiceWorker } from './build-sw';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(webDir, '../..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = path.join(webDir, distDir, 'BUILD_ID');
const stampFile = path.join(webDir, distDir, 'bof-build-settings.json');

function loadEnv(): ServerEnv {
  try {
    return getServerEnv();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG, as server.ts
  }
}

// Pages render per request (each answer has its own script nonce, ADR 19), but the build bakes in the
// site's name (the last-resort error page), and a route Next.js builds ahead would carry the browser
// configuration: the site's name and addresses, analytics and consent settings, the debug flag. A change to
// it rebuilds.
const settings = JSON.stringify(toClientConfig(loadEnv()));

/**
 * Routes `next build` prerenders without the browser configuration: the last-resort error page (its only
 * setting is the site's name, written into the build by next.config.ts) and the icon. While the build
 * prerenders nothing else, a build for other settings with the same site name is the same build (the
 * journeys' build serves the cluster suite, say); a build that prerenders another route is rebuilt on any
 * change of the settings, as before.
 */
const PRERENDERED_WITHOUT_SETTINGS = new Set(['/_global-error', '/icon.svg']);

function sameSettings(stamped: string): boolean {
  if (stamped === settings) return true;
  let routes: string[];
  let stampedName: unknown;
  try {
    const manifest = JSON.parse(readFileSync(path.join(webDir, distDir, 'prerender-manifest.json'), 'utf8'));
    routes = Object.keys((manifest as { routes?: Record<string, unknown> }).routes ?? {});
    stampedName = (JSON.parse(stamped) as { siteName?: unknown }).siteName;
  } catch {
    return false;
  }
  if (!routes.every((route) => PRERENDERED_WITHOUT_SETTINGS.has(route))) return false;
  return stampedName === (JSON.parse(settings) as { siteName: string }).siteName;
}

const skip = new Set(['node_modules', '.data', 'test-results', 'playwright-report', 'e2e']);
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith('.next')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestMtime(full) : isBuildSource(webDir, full) ? statSync(full).mtimeMs : 0,
    );
  }
  return newest;
}

function reason(): string | undefined {
  if (!existsSync(buildId)) return 'no build yet';
  if (!existsSync(path.join(webDir, 'public/sw.js'))) return 'no service worker yet';
  const builtAt = statSync(buildId).mtimeMs;
  const sources = [webDir, path.join(rootDir, 'packages'), path.join(rootDir, 'content')].filter(existsSync);
  if (sources.some((dir) => newestMtime(dir) > builtAt)) return 'sources changed since the last build';
  if (!existsSync(stampFile) || !sameSettings(readFileSync(stampFile, 'utf8')))
    return 'site settings changed';
  return undefined;
}

// `npm run build` stamps its build with the settings it was made for (`--stamp`), so a start or the
// cluster suite that follows it reuses that build instead of building again.
if (process.argv.includes('--stamp')) {
  writeFileSync(stampFile, settings);
  process.exit(0);
}

const why = reason();
if (why) {
  console.log(`Building the web app (${why})…`);
  // The service worker first: public/sw.js is served from the public folder next to the build.
  await buildServiceWorker();
  const result = spawnSync('npx', ['next', 'build'], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, settings);
}
