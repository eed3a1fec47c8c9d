// Lighthouse (mobile, simulated throttling) on the front page and an article: N runs per page with the
// pinned Lighthouse and Debian's Chromium, each run's performance score, FCP, LCP, TBT and CLS, then the
// median and range; with the machine's benchmarkIndex (as Lighthouse measured it), the Chrome flags and
// the load average before and after. The JSON reports stay under /tmp for the audits behind the figures
// (main-thread work, boot-up time, long tasks, the script treemap).
//
//   npm run bench:lighthouse -- --port 3121 --dist .next-3121 [--runs 5] [--paths /,/articles/…/]
//       [--paint-holding off]
//
// Each run also prints when the page was first painted, as observed (not simulated). Headless Chromium
// here shows a navigation's first frame late, one or two seconds after the page drew it, and Lighthouse's
// simulation then counts everything before that as holding up the paint; `--paint-holding off` runs
// Chrome without paint holding (`--disable-features=PaintHolding`), which removes the late frames
// (docs/benchmarks.md, 2026-11-28). The default is Chrome as it ships.
//
// It builds the web app into --dist when that folder has no build (or an older one: the start script's
// check), starts the production server on the embedded defaults with a data folder of its own, opens
// each page a few times to warm it up (first render, story cache, image optimiser), then runs Lighthouse
// one run at a time.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatSummary, machine, summarize } from './lib/measure.mjs';
import { root, startProduct, webDir } from './lib/product.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
/** As docs/benchmarks.md ("Lighthouse (mobile) on an article page"). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3121' },
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    runs: { type: 'string', default: '5' },
    paths: { type: 'string', default: '/,/articles/analysis/sport-is-luxurys-new-front-row/' },
    warmup: { type: 'string', default: '3' },
    out: { type: 'string', default: '' },
    'paint-holding': { type: 'string', default: 'on' },
    chrome: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
  },
});
if (!['on', 'off'].includes(args['paint-holding'])) throw new Error('--paint-holding is on or off');
if (args['paint-holding'] === 'off') CHROME_FLAGS.push('--disable-features=PaintHolding');
const port = Number(args.port);
const runs = Number(args.runs);
const paths = args.paths.split(',').filter(Boolean);
const base = `http://localhost:${port}`;
const dataDir = path.join('/tmp', `bof-bench-lighthouse-${port}`);
const outDir =
  args.out || path.join('/tmp', `bof-lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}`);
mkdirSync(outDir, { recursive: true });

const env = {
  ...process.env,
  NODE_ENV: 'production',
  EMBEDDED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: args.dist,
  PORT: String(port),
  SITE_URL: base,
  DATA_DIR: dataDir,
};

// Builds when there is no build or it is older than the sources (the start script's own check); then
// serves with the server the product runs in production.
const ensure = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/ensure-build.ts'], {
  cwd: webDir,
  env,
  stdio: 'inherit',
});
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

// Every address, not only loopback, as Chromium may ask for localhost by either.
await startProduct({ port, dist: args.dist, dataDir, env: { HOST: '0.0.0.0' } });

/** The React Server Components payload the HTML carries inline (the `self.__next_f.push` strings). */
function inlinePayloadBytes(html) {
  let bytes = 0;
  for (const [, body] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    const push =
      /^\s*\(?self\.__next_f\s*=\s*self\.__next_f\s*\|\|\s*\[\]\)?\.push\(([\s\S]*)\)\s*;?\s*$|^\s*self\.__next_f\.push\(([\s\S]*)\)\s*;?\s*$/.exec(
        body,
      );
    const chunk = push ? JSON.parse(push[1] ?? push[2])[1] : undefined;
    if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk);
  }
  return bytes;
}

// Warm-up: each page and the images and scripts it names, a few times, so no run pays a first render.
// A story's first answer may be a redirect that signs the meter cookie: the warm-up keeps the cookie.
const pageSizes = new Map();
const cookies = new Map();
async function get(p) {
  for (let hop = 0, url = `${base}${p}`; hop < 5; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (response.status < 300 || response.status >= 400) return response;
    await response.arrayBuffer();
    url = new URL(response.headers.get('location'), url).href;
  }
  throw new Error(`${p}: too many redirects`);
}
for (let i = 0; i < Number(args.warmup); i++)
  for (const p of paths) {
    const response = await get(p);
    if (!response.ok) throw new Error(`${p} answered ${response.status}`);
    const html = await response.text();
    pageSizes.set(p, { html: Buffer.byteLength(html), payload: inlinePayloadBytes(html) });
    const assets = new Set(
      [...html.matchAll(/(?:src|href)="(\/_next\/[^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&')),
    );
    await Promise.all([...assets].map((a) => fetch(`${base}${a}`).then((r) => r.arrayBuffer())));
  }

function lighthouse(url, outputPath) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        url,
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${outputPath}`,
        '--quiet',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: args.chrome } },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Lighthouse exited ${code} on ${url}`)),
    );
  });
}

const before = machine();
const results = new Map(paths.map((p) => [p, []]));
let versions = null;
for (const p of paths) {
  for (let run = 1; run <= runs; run++) {
    const file = path.join(
      outDir,
      `${p.replace(/^\/|\/$/g, '').replaceAll('/', '_') || 'front'}-${run}.json`,
    );
    await lighthouse(`${base}${p}`, file);
    const lhr = JSON.parse(readFileSync(file, 'utf8'));
    if (lhr.runtimeError) throw new Error(`${p}, run ${run}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const r = {
      score: Math.round((lhr.categories.performance.score ?? Number.NaN) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      observedFirstPaint: lhr.audits.metrics?.details?.items?.[0]?.observedFirstPaint ?? Number.NaN,
      mainThread: audit('mainthread-work-breakdown'),
      bootup: audit('bootup-time'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      load: machine().load.split(' / ')[0],
    };
    versions ??= { lighthouse: lhr.lighthouseVersion, chrome: lhr.environment.hostUserAgent };
    results.get(p).push(r);
    console.log(
      `${p} run ${run}: performance ${r.score}, FCP ${(r.fcp / 1000).toFixed(2)} s, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, first painted (observed) ${(r.observedFirstPaint / 1000).toFixed(2)} s, main-thread work ${r.mainThread.toFixed(0)} ms (scripts ${r.bootup.toFixed(0)} ms), benchmarkIndex ${r.benchmarkIndex.toFixed(0)}, load ${r.load} (${file})`,
    );
  }
}
const after = machine();

console.log(
  `\nLighthouse ${versions.lighthouse} (${LIGHTHOUSE}), mobile, simulated throttling, performance only; ${versions.chrome}`,
);
console.log(`Chrome: ${args.chrome}, flags: ${CHROME_FLAGS.join(' ')}`);
console.log(
  `${before.cpus} CPUs (${before.model}), Node ${before.node}; load before ${before.load}, after ${after.load}; ${before.at} to ${after.at}; reports in ${outDir}\n`,
);
console.log(
  '| page | runs | performance | FCP s | LCP s | TBT ms | CLS | first painted, observed s | main-thread work ms | benchmarkIndex |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const [p, rs] of results) {
  const s = (key, scale = 1, digits = 0) => formatSummary(summarize(rs.map((r) => r[key] / scale)), digits);
  console.log(
    `| ${p} | ${rs.length} | ${s('score')} | ${s('fcp', 1000, 1)} | ${s('lcp', 1000, 1)} | ${s('tbt')} | ${s('cls', 1, 3)} | ${s('observedFirstPaint', 1000, 2)} | ${s('mainThread')} | ${s('benchmarkIndex')} |`,
  );
}
console.log('\n| page | HTML KB | inline RSC payload KB |\n| --- | ---: | ---: |');
for (const [p, size] of pageSizes)
  console.log(`| ${p} | ${(size.html / 1024).toFixed(1)} | ${(size.payload / 1024).toFixed(1)} |`);
process.exit(0);
