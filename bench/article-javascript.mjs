// The JavaScript an article page makes a reader download: every script the page loads within a few
// seconds of opening (first load and the lazily loaded ones), gzipped, and how much of it is our own
// code (apps/web/src and packages/*) rather than React, Next.js and the vendors' SDKs.
//
//   node bench/article-javascript.mjs [article-path] [--port 3950] [--dist .next-bench-js]
//
// It makes its own production build with source maps (in apps/web/.next-bench-js, or --dist), starts the
// site on port 3950 (or --port) with a data folder of its own, opens the article in Debian's Chromium, and prints a table.
// Budget (issue: access and speed): at most 200 KB gzipped in all, of which at most 30 KB our own.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { explore } from 'source-map-explorer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '3950' },
    dist: { type: 'string', default: '.next-bench-js' },
  },
});
const distDir = args.dist;
const port = Number(args.port);
const base = `http://localhost:${port}`;
const dataDir = `.data/bench-js-${port}`;
const articlePath = positionals[0] ?? '/articles/analysis/sport-is-luxurys-new-front-row/';
const settleMs = 5000;

const env = {
  ...process.env,
  NEXT_DIST_DIR: distDir,
  BOF_SOURCE_MAPS: '1',
  PORT: String(port),
  SITE_URL: base,
  DATA_DIR: dataDir,
  NEXT_TELEMETRY_DISABLED: '1',
};

console.log(`Building with source maps (apps/web/${distDir})…`);
const build = spawnSync('npm', ['run', 'build', '-w', '@bof/web'], { cwd: root, env, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

rmSync(path.join(root, dataDir), { recursive: true, force: true });
const server = spawn('npm', ['start', '-w', '@bof/web'], { cwd: root, env, stdio: 'ignore', detached: true });
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.on('exit', stop);

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The site did not start within two minutes.');
}
await waitForHealth();

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
const page = await browser.newPage();
const scripts = new Set();
page.on('response', (response) => {
  const url = new URL(response.url());
  if (url.origin === base && url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'))
    scripts.add(url.pathname);
});
const response = await page.goto(`${base}${articlePath}`, { waitUntil: 'load' });
if (!response?.ok()) throw new Error(`${articlePath} answered ${response?.status()}`);
await page.waitForTimeout(settleMs);
await browser.close();

const own = (source) => /(^|\/)(apps\/web\/src|packages\/[a-z-]+\/src)\//.test(source);
const rows = [];
for (const script of [...scripts].sort()) {
  const file = path.join(webDir, distDir, script.replace(/^\/_next\//, ''));
  const code = readFileSync(file);
  const gz = gzipSync(code, { level: 9 }).length;
  let ownBytes = 0;
  try {
    const result = await explore(file, { output: { format: 'json' }, noBorderChecks: true });
    for (const [source, data] of Object.entries(result.bundles[0]?.files ?? {}))
      if (own(source)) ownBytes += data.size;
  } catch {
    // A chunk without a source map (Next's own runtime) holds none of our code.
  }
  rows.push({ script, raw: code.length, gz, ownGz: Math.round((ownBytes / code.length) * gz) });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`\nScripts an article page loads (${articlePath}, first load plus ${settleMs / 1000} s):\n`);
console.log('| script | raw KB | gzip KB | ours, gzip KB (est.) |');
console.log('| --- | ---: | ---: | ---: |');
for (const row of rows)
  console.log(`| ${path.basename(row.script)} | ${kb(row.raw)} | ${kb(row.gz)} | ${kb(row.ownGz)} |`);
const total = rows.reduce((sum, row) => sum + row.gz, 0);
const ours = rows.reduce((sum, row) => sum + row.ownGz, 0);
console.log(`| **all ${rows.length} scripts** | | **${kb(total)}** | **${kb(ours)}** |`);
console.log(
  `\nBudget: ≤ 200 KB gzipped in all (${total <= 200 * 1024 ? 'met' : 'NOT met'}), ≤ 30 KB our own (${ours <= 30 * 1024 ? 'met' : 'NOT met'}).`,
);
stop();
process.exit(0);
