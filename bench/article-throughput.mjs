// Article throughput on one machine, in one run (access issue, "Speed"): nginx serving the compressed
// bytes of one article, the product serving the same article from its story page cache (an open story,
// a walled one, a gated read that counts by its cookie and so is checked against the server's record of
// the browser id and signs a new meter cookie on every request, and a signed-in member whose session
// token is verified, and its identity session checked, on every request), and the product rendering it with
// the cache off. Requests per second and p50/p99 latency from autocannon, and cached throughput as a share
// of nginx's (goal: at least 25 %).
//
//   npm run build                      # once: this builds nothing
//   node bench/article-throughput.mjs [--duration 10] [--connections 10]   # or: npm run bench:article
//
// It starts the product (apps/web/server.ts, production mode, embedded defaults) on port 3960 with a data
// folder of its own (.data/bench-throughput) and Debian's nginx (/usr/sbin/nginx, one worker, as a child
// with a generated configuration in a temporary folder) on port 3961. NEXT_DIST_DIR picks the build.
import { spawn } from 'node:child_process';
import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SignJWT, calculateJwkThumbprint, exportJWK } from 'jose';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    nginx: { type: 'string', default: process.env.NGINX || '/usr/sbin/nginx' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const port = 3960;
const nginxPort = 3961;
const base = `http://127.0.0.1:${port}`;
const dataDir = '.data/bench-throughput';
const distDir = process.env.NEXT_DIST_DIR || '.next';
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
if (!existsSync(args.nginx)) {
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
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not answer ${url} within two minutes.`);
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
      DATA_DIR: dataDir,
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

async function load(title, url, headers = {}) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { 'accept-encoding': 'br', ...headers },
  });
  const ok = result['2xx'];
  if (result.non2xx > 0 || result.errors > 0 || ok === 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${ok} 2xx`);
  // Each row as it is measured, so that a run that fails later (the uncached row times out on a busy
  // machine) still shows the rows before it.
  console.log(`${title}: ${Math.round(result.requests.average)}/s, p50 ${result.latency.p50} ms`);
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kbPerRequest: result.throughput.average / result.requests.average / 1024,
  };
}

async function check(url, headers, expect) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br', ...headers } });
  const body = await response.text();
  if (!expect(response, body)) throw new Error(`Unexpected answer from ${url}: ${response.status}`);
}

rmSync(path.join(root, dataDir), { recursive: true, force: true });
const temp = mkdtempSync(path.join(os.tmpdir(), 'bof-bench-throughput-'));
chmodSync(temp, 0o755); // nginx's worker runs as another user when started as root
const rows = [];
try {
  console.log(`Starting the product (apps/web/${distDir}, story cache on) on port ${port}…`);
  let product = await startProduct(true);
  const { fresh, spent } = await readerCookies();

  // The exact bytes the product sends an open reader, brotli-compressed, for nginx to serve (fetch would
  // decode them).
  const brBytes = await new Promise((resolve, reject) => {
    request(`${base}${openStory}`, { headers: { cookie: fresh, 'accept-encoding': 'br' } }, (res) => {
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

  await check(`${base}${openStory}`, { cookie: fresh }, (r) => r.headers.get('x-bof-story-cache') === 'hit');
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

  console.log(`Loading each for ${duration} s with ${connections} connections…`);
  rows.push(await load('nginx, the same brotli bytes (1 worker)', `http://127.0.0.1:${nginxPort}/article`));
  rows.push(await load('product, cached, open story (free)', `${base}${openStory}`, { cookie: fresh }));
  rows.push(
    await load('product, cached, walled story (registration wall)', `${base}${walledStory}`, {
      cookie: spent,
    }),
  );
  rows.push(
    await load('product, cached, gated read that counts (signs bof_meter)', `${base}${countedStory}`, {
      cookie: fresh,
    }),
  );
  rows.push(
    await load('product, cached, signed-in member (premium story)', `${base}${memberStory}`, {
      cookie: member,
    }),
  );
  await stop(nginx);

  await stop(product);
  console.log('Restarting the product with STORY_CACHE=0…');
  product = await startProduct(false);
  await check(`${base}${openStory}`, { cookie: fresh }, (r) => !r.headers.has('x-bof-story-cache'));
  rows.push(
    await load('product, uncached render, open story (free)', `${base}${openStory}`, { cookie: fresh }),
  );
  await stop(product);
} finally {
  stopAll();
  rmSync(temp, { recursive: true, force: true });
}

const nginxRps = rows[0].rps;
console.log(
  `\nArticle throughput, ${duration} s × ${connections} connections each, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}:\n`,
);
console.log('| load | requests/s | p50 | p99 | KB/response | share of nginx |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows)
  console.log(
    `| ${row.title} | ${Math.round(row.rps)} | ${row.p50} ms | ${row.p99} ms | ${row.kbPerRequest.toFixed(1)} | ${((row.rps / nginxRps) * 100).toFixed(1)} % |`,
  );
const ratio = rows[1].rps / nginxRps;
console.log(
  `\nCached (open story) / nginx: ${(ratio * 100).toFixed(1)} % (goal ≥ 25 %: ${ratio >= 0.25 ? 'met' : 'NOT met'}).`,
);
process.exit(0);
