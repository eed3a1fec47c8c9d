// Builds the web app when there is no build, when a source file is newer than the build, or when the
// settings that pages are prerendered with have changed since. Prints why it builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(webDir, '../..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = path.join(webDir, distDir, 'BUILD_ID');
const stampFile = path.join(webDir, distDir, 'bof-build-settings.json');

// The settings baked into prerendered pages.
const settings = JSON.stringify({
  SITE_NAME: process.env.SITE_NAME ?? '',
  SITE_URL: process.env.SITE_URL ?? '',
  PORT: process.env.SITE_URL ? '' : (process.env.PORT ?? ''),
  EMBEDDED: process.env.EMBEDDED ?? '',
});

const skip = new Set(['node_modules', '.data', 'test-results', 'playwright-report', 'e2e']);
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith('.next')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory()
        ? newestMtime(full)
        : /\.(tsx?|css|mjs|json|sql)$/.test(entry.name)
          ? statSync(full).mtimeMs
          : 0,
    );
  }
  return newest;
}

function reason() {
  if (!existsSync(buildId)) return 'no build yet';
  const builtAt = statSync(buildId).mtimeMs;
  const sources = [webDir, path.join(rootDir, 'packages'), path.join(rootDir, 'content')].filter(existsSync);
  if (sources.some((dir) => newestMtime(dir) > builtAt)) return 'sources changed since the last build';
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== settings) return 'site settings changed';
  return undefined;
}

const why = reason();
if (why) {
  console.log(`Building the web app (${why})…`);
  const result = spawnSync('npx', ['next', 'build'], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, settings);
}
