// Article throughput, measured honestly on a shared machine: nginx serving the compressed bytes of one
// article and the product serving stories from its story page cache, both loaded by the same generator
// (wrk, Debian's package, one thread) back to back, pair by pair, every pair repeated; the figure that
// counts is each pair's ratio (product / nginx), printed as median and range over the runs. Audiences:
// an anonymous reader of an open story; a gated first read (a registered story read by a reader with a
// free read left: counted by the cookie, checked against the server's record of the browser id, a new
// meter cookie signed on every request), from one browser and from --browsers browsers in turn (each
// browser id has a meter lock of its own), both of which the server's record finds already counted after
// the first pass; a first read that counts and is recorded, each request from a new browser (--first
// browsers made afresh before every run, each given its meter cookie by the meter cookie check's first
// answer); a reader walled on a registered story; a signed-in Premium
// member (session token verified, identity session checked on every request); and a spread of addresses
// (every story, Zipf-distributed, a reader whose free reads are spent) with the cache miss rate. Then the
// product with the cache off: its throughput, and its latency under an open-loop load at half of that.
//
//   npm run build                      # once: this builds nothing (NEXT_DIST_DIR or --dist picks the build)
//   npm run bench:article -- --port 4260 --dist .next-perf [--runs 3] [--seconds 5] [--warmup 3]
//       [--connections 10] [--threads 1] [--synthetic 0] [--browsers 200] [--first 6000]
//       [--only open,gated,browsers,first,wall,member,spread,uncached]
//
// It starts the product (apps/web/server.ts, production mode, embedded defaults) on --port with a data
// folder of its own (.data/bench-throughput-PORT) and Debian's nginx (one worker, as the product is one
// process; a child with a generated configuration in a temporary folder) on --nginx-port (port + 1).
// --synthetic N imports N synthetic stories (content:generate) before the start, for a larger archive.
import { spawn } from 'node:child_process';
import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SignJWT, calculateJwkThumbprint, exportJWK } from 'jose';
import { formatSummary, machine, openLoop, runWrk, summarize, zipfSequence } from './lib/measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4260' },
    'nginx-port': { type: 'string' },
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    threads: { type: 'string', default: '1' },
    synthetic: { type: 'string', default: '0' },
    only: { type: 'string', default: 'open,gated,browsers,first,wall,member,spread,uncached' },
    browsers: { type: 'string', default: '200' },
    first: { type: 'string', default: '6000' },
    nginx: { type: 'string', default: process.env.NGINX || '/usr/sbin/nginx' },
    wrk: { type: 'string', default: process.env.WRK || '/usr/bin/wrk' },
  },
});
const runs = Number(args.runs);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const threads = Number(args.threads);
const only = new Set(args.only.split(','));
const port = Number(args.port);
const nginxPort = Number(args['nginx-port'] ?? port + 1);
const base = `http://127.0.0.1:${port}`;
const dataDir = `.data/bench-throughput-${port}`;
const distDir = args.dist;
// A free story opens for everyone; the registered story walls a reader whose free reads are spent.
const openStory = '/articles/news/aurelle-beauty-raises-120-million-to-take-barrier-repair-skincare-global/';
const meterStories = [
  '/articles/analysis/closing-the-pay-gap-at-fashions-top-table/',
  '/articles/analysis/digital-product-passports-are-coming-what-brands-need-to-have-ready/',
];
const walledStory = '/articles/analysis/kestrel-outdoors-repair-programme-now-pays-for-itself/';
// A registered story read by a reader with one free read left: every request counts it by the cookie (the
// reader's cookie never changes, so the read is never already counted there), is checked against the
// server's record of the browser id in one short transaction, and signs a new meter cookie.
const countedStory = '/articles/analysis/virtual-try-on-finally-pays-off-for-make-up-brands/';
// A premium story, for a signed-in Premium member.
const memberStory = '/articles/analysis/luxury-resale-prices-by-category-what-held-value-in-2026/';

if (!existsSync(path.join(webDir, distDir, 'BUILD_ID'))) {
  console.error(
    `No build in apps/web/${distDir}: run \`npm run build\` first (this benchmark builds nothing).`,
  );
  process.exit(1);
}
for (const [what, file] of [
  ['wrk', args.wrk],
  ['nginx', args.nginx],
])
  if (!existsSync(file)) {
    console.error(`${what} was not found at ${file} (apt-get install -y ${what}, or --${what} PATH).`);
    process.exit(1);
  }
if (false) {
  console.error(`nginx was not found at ${args.nginx} (apt-get install -y nginx, or --nginx PATH).`);
  process.exit(1);
}

const children = new Set();
const stopAll = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
};
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

function start(command, argv, options) {
  const child = spawn(command, argv, { ...options, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function stop(child) {
  if (!children.has(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

async function waitFor(url, what) {
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not answer ${url} within six minutes.`);
}

async function startProduct(storyCache) {
  const child = start(path.join(root, 'node_modules/.bin/tsx'), ['server.ts'], {
    cwd: webDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      EMBEDDED: '1',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: distDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: path.join(root, dataDir),
      STORY_CACHE: storyCache ? '1' : '0',
    },
  });
  await waitFor(`${base}/api/health/`, 'The product');
  return child;
}

const meterCookie = (response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith('bof_meter='))
    ?.split(';')[0];

const cookieNamed = (response, name) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/**
 * A signed-in Premium member's cookies: an identity session of the built-in identity server (registered
 * through its API flow), `bof_session` for that identity signed with the product's own key (as its auth
 * endpoint would), and the paywall session the product issues for it on a first request. Every request
 * verifies the token and asks the identity server's whoami (answered from its cache) that the session lives.
 */
async function memberCookies() {
  const flow = await (await fetch(`${base}/identity/self-service/registration/api`)).json();
  const registered = await (
    await fetch(`${base}/identity/self-service/registration?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        method: 'password',
        password: `bench ${randomUUID()} member`,
        traits: { email: `bench-member-${Date.now()}@example.org` },
      }),
    })
  ).json();
  const identityToken = registered.session_token;
  const identityId = registered.session?.identity?.id;
  if (!identityToken || !identityId) throw new Error(`No identity session: ${JSON.stringify(registered)}`);
  const keys = path.join(root, dataDir, 'keys');
  const privateKey = createPrivateKey(readFileSync(path.join(keys, 'session-signing-key.pem'), 'utf8'));
  const kid = await calculateJwkThumbprint(await exportJWK(createPublicKey(privateKey)));
  const session = await new SignJWT({
    user_id: identityId,
    email: registered.session.identity.traits.email,
    membership_level: 'Premium',
    membership_type: 'Individual',
    is_bof_admin: false,
    is_first_login: false,
    unclaimed_membership_account_id: null,
    is_challenged: false,
    is_user_data_complete: true,
    exp: Math.floor(Date.now() / 1000) + 3600,
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid })
    .sign(privateKey);
  const signedIn = `ory_kratos_session=${identityToken}; bof_session=${session}`;
  const first = await fetch(`${base}${memberStory}`, { headers: { cookie: signedIn } });
  const paywall = cookieNamed(first, 'bof_paywall_session');
  if (!paywall) throw new Error('The product issued no paywall session for the member.');
  return `${signedIn}; ${paywall}`;
}

/**
 * Reads a story as a browser does: follows the meter cookie check's redirects keeping the meter cookie.
 * Returns the meter cookie after the read.
 */
async function readAsBrowser(address, cookie) {
  let jar = cookie;
  let url = `${base}${address}`;
  for (let hops = 0; hops < 5; hops += 1) {
    const response = await fetch(url, { redirect: 'manual', headers: jar ? { cookie: jar } : {} });
    jar = meterCookie(response) ?? jar;
    const location = response.headers.get('location');
    if (!location) return jar;
    url = new URL(location, url).href;
  }
  throw new Error(`Redirected too often: ${address}`);
}

/**
 * `count` browsers that have read nothing: each one's meter cookie as the meter cookie check's first answer
 * gives it (the browser id, no reads), ten asked at a time.
 */
async function newBrowsers(count) {
  const cookies = [];
  for (let i = 0; i < count; i += 10)
    cookies.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - i) }, async () => {
          const response = await fetch(`${base}${countedStory}`, { redirect: 'manual' });
          const cookie = meterCookie(response);
          if (response.status !== 303 || !cookie) throw new Error('No meter cookie check for a new browser.');
          return cookie;
        }),
      )),
    );
  return cookies;
}

/** Two readers' meter cookies: one with a free read left, one whose free reads are spent. */
async function readerCookies() {
  const [first, second] = meterStories;
  // Two browsers: the server keeps each browser id's reads, so a copy of the first one's cookie would be
  // spent once the second read counted against its id.
  const fresh = await readAsBrowser(first);
  const spent = await readAsBrowser(second, await readAsBrowser(first));
  if (!fresh || !spent) throw new Error('The product set no meter cookie.');
  return { fresh, spent };
}

async function check(url, headers, expect) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br', ...headers } });
  const body = await response.text();
  if (!expect(response, body)) throw new Error(`Unexpected answer from ${url}: ${response.status}`);
}

/** Every story's address, from the sitemap index and its files. */
async function storyAddresses() {
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const index = locs(await (await fetch(`${base}/sitemap.xml`)).text());
  const addresses = [];
  for (const entry of index) {
    if (entry.endsWith('.xml')) addresses.push(...locs(await (await fetch(`${base}${entry}`)).text()));
    else addresses.push(entry);
  }
  return addresses.filter((a) => /^\/(?:articles\/[^/]+|case-studies)\/[^/]+\/$/.test(a));
}

/** Imports `count` synthetic stories (content:generate, content:import) into the bench's data folder. */
function importSynthetic(count, temp) {
  const corpus = path.join(temp, 'corpus.ndjson');
  const env = { ...process.env, EMBEDDED: '1', DATA_DIR: path.join(root, dataDir) };
  for (const argv of [
    ['packages/api/src/cli/content-generate.ts', String(count), corpus],
    ['packages/api/src/cli/content-import.ts', corpus],
  ]) {
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), argv, {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`${argv[0]} failed (${result.status}).`);
  }
}

const pct = (v) => `${(v * 100).toFixed(1)} %`;
const before = machine();
rmSync(path.join(root, dataDir), { recursive: true, force: true });
const temp = mkdtempSync(path.join(os.tmpdir(), 'bof-bench-throughput-'));
chmodSync(temp, 0o755); // nginx's worker runs as another user when started as root
const scriptFile = path.join(temp, 'load.lua');
const wrkRun = (target, secs) =>
  runWrk({
    wrk: args.wrk,
    origin: target.origin,
    paths: target.paths,
    headers: { 'accept-encoding': 'br', ...target.headers },
    cookies: target.cookies,
    seconds: secs,
    connections,
    threads,
    scriptFile,
  });
const rows = [];
let halfLoad;
try {
  if (Number(args.synthetic) > 0) importSynthetic(Number(args.synthetic), temp);
  console.log(`Starting the product (apps/web/${distDir}, story cache on) on port ${port}…`);
  let product = await startProduct(true);
  const { fresh, spent } = await readerCookies();

  // The exact bytes the product sends an open reader, brotli-compressed, for nginx to serve (fetch would
  // decode them).
  const brBytes = await new Promise((resolve, reject) => {
    request(`${base}${openStory}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      if (res.headers['content-encoding'] !== 'br')
        reject(new Error('The product did not answer with brotli.'));
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    })
      .on('error', reject)
      .end();
  });
  writeFileSync(path.join(temp, 'article.html.br'), brBytes);
  writeFileSync(
    path.join(temp, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    location = /article {
      alias ${temp}/article.html.br;
      default_type "text/html; charset=utf-8";
      add_header Content-Encoding br;
      add_header Vary Accept-Encoding;
      add_header Cache-Control "private, no-cache, no-store, max-age=0, must-revalidate";
    }
  }
}
`,
  );
  const nginx = start(args.nginx, ['-c', path.join(temp, 'nginx.conf'), '-p', temp], {});
  await waitFor(`http://127.0.0.1:${nginxPort}/article`, 'nginx');

  await check(
    `${base}${openStory}`,
    {},
    (r) => r.status === 200 && r.headers.get('x-bof-story-cache') === 'hit',
  );
  await check(`${base}${walledStory}`, { cookie: spent }, (r, body) =>
    body.includes('data-wall="registration"'),
  );
  await check(
    `${base}${walledStory}`,
    { cookie: spent },
    (r) => r.headers.get('x-bof-story-cache') === 'hit',
  );
  // The counted read: every answer opens the story and carries a newly signed meter cookie. The cookie
  // never changes, so every request is a read that counts by the cookie and is checked against the
  // server's record of the browser id (the first records it; the rest find it already counted there).
  for (let i = 0; i < 2; i++)
    await check(
      `${base}${countedStory}`,
      { cookie: fresh },
      (r, body) =>
        !body.includes('data-wall=') &&
        r.headers.getSetCookie().some((c) => c.startsWith('bof_meter=')) &&
        (i === 0 || r.headers.get('x-bof-story-cache') === 'hit'),
    );
  // Many readers' first reads side by side: each browser id has its own meter lock, so their counted
  // reads do not wait for one another (the single-cookie row above measures one browser's reads in turn).
  const browsers = [];
  if (only.has('browsers'))
    for (let i = 0; i < Number(args.browsers); i += 10)
      browsers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, Number(args.browsers) - i) }, () =>
            readAsBrowser(meterStories[0]),
          ),
        )),
      );
  for (const cookie of browsers.slice(0, 2))
    await check(
      `${base}${countedStory}`,
      { cookie },
      (r, body) =>
        !body.includes('data-wall=') && r.headers.getSetCookie().some((c) => c.startsWith('bof_meter=')),
    );
  const member = await memberCookies();
  for (let i = 0; i < 2; i++)
    await check(
      `${base}${memberStory}`,
      { cookie: member },
      (r, body) =>
        !body.includes('data-wall=') &&
        r.headers.getSetCookie().length === 0 &&
        (i === 0 || r.headers.get('x-bof-story-cache') === 'hit'),
    );
  const addresses = await storyAddresses();
  // Popularity unrelated to the sitemap's order (newest first): a fixed shuffle.
  const shuffled = zipfSequence(addresses, addresses.length * 20, 0, 7).filter(
    (a, i, all) => all.indexOf(a) === i,
  );
  const popular = [...shuffled, ...addresses.filter((a) => !shuffled.includes(a))];

  const nginxTarget = { origin: `http://127.0.0.1:${nginxPort}`, paths: ['/article'], headers: {} };
  const audiences = [
    { key: 'open', title: 'cached, open story, anonymous', paths: [openStory], headers: {} },
    {
      key: 'gated',
      title: 'cached, gated first read (counts, signs bof_meter)',
      paths: [countedStory],
      headers: { cookie: fresh },
    },
    {
      key: 'browsers',
      title: `cached, gated first read, ${browsers.length} browsers in turn (each read counts)`,
      paths: [countedStory],
      headers: {},
      cookies: browsers,
    },
    {
      key: 'first',
      title: 'cached, first read that counts, a new browser each request',
      paths: [countedStory],
      headers: {},
      // Before every run: browsers that have read nothing, so that each request counts and is recorded.
      prepare: async (audience) => (audience.cookies = await newBrowsers(Number(args.first))),
    },
    { key: 'wall', title: 'cached, registration wall', paths: [walledStory], headers: { cookie: spent } },
    {
      key: 'member',
      title: 'cached, signed-in member, premium story',
      paths: [memberStory],
      headers: { cookie: member },
    },
    {
      key: 'spread',
      title: `cached, ${addresses.length} stories (Zipf), free reads spent`,
      paths: zipfSequence(popular, 20_000),
      headers: { cookie: spent },
    },
  ].filter((a) => only.has(a.key));
  for (const audience of audiences) audience.origin = base;

  const measurePairs = async (audience) => {
    const row = {
      title: audience.title,
      nginx: [],
      product: [],
      ratio: [],
      p50: [],
      p99: [],
      kb: [],
      miss: [],
      pass: [],
      bad: 0,
    };
    for (let run = 1; run <= runs; run += 1) {
      await audience.prepare?.(audience);
      const n = await wrkRun(nginxTarget, seconds);
      const p = await wrkRun(audience, seconds);
      if (audience.cookies && audience.prepare && p.rps * seconds > audience.cookies.length)
        console.log(
          `  (${Math.round(p.rps * seconds - audience.cookies.length)} requests reused a browser: raise --first)`,
        );
      if (n.errors || n.non2xx) throw new Error(`nginx: ${n.errors} socket errors, ${n.non2xx} non-2xx`);
      row.nginx.push(n.rps);
      row.product.push(p.rps);
      row.ratio.push(p.rps / n.rps);
      row.p50.push(p.p50Ms);
      row.p99.push(p.p99Ms);
      row.kb.push(p.kbPerResponse);
      if (!Number.isNaN(p.missRate)) row.miss.push(p.missRate);
      row.pass.push(p.passRate);
      row.bad += p.errors + p.non2xx;
      console.log(
        `  run ${run}: ${audience.title}: ${Math.round(p.rps)}/s vs nginx ${Math.round(n.rps)}/s = ${pct(p.rps / n.rps)}, p50 ${p.p50Ms.toFixed(1)} ms, p99 ${p.p99Ms.toFixed(1)} ms, misses ${Number.isNaN(p.missRate) ? '–' : pct(p.missRate)}, not cached ${pct(p.passRate)}, errors/non-2xx ${p.errors}/${p.non2xx}`,
      );
    }
    rows.push(row);
  };

  console.log(`Warming up (${warmup} s each)…`);
  await wrkRun(nginxTarget, warmup);
  for (const audience of audiences) {
    await audience.prepare?.(audience);
    await wrkRun(audience, warmup);
  }
  console.log(
    `Measuring: ${runs} runs × ${seconds} s, wrk ${threads} thread(s), ${connections} connections…`,
  );
  for (const audience of audiences) await measurePairs(audience);
  await stop(product);

  if (only.has('uncached')) {
    console.log('Restarting the product with STORY_CACHE=0…');
    product = await startProduct(false);
    await check(`${base}${openStory}`, { cookie: fresh }, (r) => !r.headers.has('x-bof-story-cache'));
    const uncached = {
      key: 'uncached',
      title: 'uncached render, open story',
      paths: [openStory],
      headers: { cookie: fresh },
      origin: base,
    };
    await wrkRun(uncached, warmup);
    await measurePairs(uncached);
    // Latency at half of the measured throughput, open loop: each request sent when due.
    const rate = Math.max(1, summarize(rows.at(-1).product).median / 2);
    halfLoad = await openLoop({
      origin: base,
      rate,
      seconds: Math.max(10, seconds * 2),
      request: () => ({ path: openStory, headers: { 'accept-encoding': 'br', cookie: fresh } }),
    });
    console.log(
      `  open loop at ${rate.toFixed(1)}/s: p50 ${halfLoad.p50Ms.toFixed(1)} ms, p95 ${halfLoad.p95Ms.toFixed(1)} ms`,
    );
    await stop(product);
  }
  await stop(nginx);
} finally {
  stopAll();
  rmSync(temp, { recursive: true, force: true });
}

const after = machine();
console.log(
  `\nArticle throughput, ${runs} runs × ${seconds} s per side, wrk ${threads} thread(s) × ${connections} connections, nginx 1 worker; ${before.cpus} CPUs (${before.model}), Node ${before.node}; load average (1/5/15 min) before ${before.load}, after ${after.load}; ${before.at}.\n`,
);
console.log(
  '| load | nginx req/s | product req/s | share of nginx | p50 ms | p99 ms | KB/response | cache misses | not cached | errors |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const ratio = summarize(row.ratio);
  console.log(
    `| ${row.title} | ${formatSummary(summarize(row.nginx))} | ${formatSummary(summarize(row.product), row.product[0] < 100 ? 1 : 0)} | ${(ratio.median * 100).toFixed(1)} % (${(ratio.min * 100).toFixed(1)}–${(ratio.max * 100).toFixed(1)}) | ${formatSummary(summarize(row.p50), 1)} | ${formatSummary(summarize(row.p99), 1)} | ${summarize(row.kb).median.toFixed(1)} | ${row.miss.length ? pct(summarize(row.miss).median) : '–'} | ${pct(summarize(row.pass).median)} | ${row.bad} |`,
  );
}
if (halfLoad)
  console.log(
    `\nUncached, open loop at ${halfLoad.asked.toFixed(1)}/s (half the median throughput) for ${halfLoad.count} requests: p50 ${halfLoad.p50Ms.toFixed(1)} ms, p95 ${halfLoad.p95Ms.toFixed(1)} ms, p99 ${halfLoad.p99Ms.toFixed(1)} ms, max ${halfLoad.maxMs.toFixed(1)} ms, ${halfLoad.errors + halfLoad.non2xx} errors.`,
  );
process.exit(0);
