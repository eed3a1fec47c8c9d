// Memory under an hour of mixed load: the product's resident set (RSS, from /proc) after a warm-up and
// then every minute while an open-loop load at a steady rate asks what readers and the site's own clients
// ask: every address of the sitemap (stories, sections, topics, people, companies, careers, events…)
// Zipf-distributed, some with a campaign parameter of their own (each a new story cache key, as links
// shared with `utm_*` tags are), read by a new reader, a reader whose free reads are spent, or a crawler
// without cookies; the front page; searches; RSS feeds; GraphQL lists; the tracker's one-event POSTs. The
// figure: RSS at the end against RSS after the warm-up (the target is at most 20 % growth).
//
//   npm run build   # once (NEXT_DIST_DIR or --dist picks the build)
//   npm run bench:soak -- --port 4270 --dist .next-perf [--minutes 60] [--warmup 5] [--rate 40]
//
// It starts the product itself (node apps/web/server.ts, production, embedded defaults, its own data
// folder .data/bench-soak-PORT) so the process whose memory is read is the server's own.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machine, percentile, zipfSequence } from './lib/measure.mjs';
import { requireBuild, root, startProduct } from './lib/product.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4270' },
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    minutes: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    rate: { type: 'string', default: '40' },
  },
});
const port = Number(args.port);
const rate = Number(args.rate);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, `.data/bench-soak-${port}`);
requireBuild(args.dist);

const { server } = await startProduct({
  port,
  dist: args.dist,
  dataDir,
  // One client sends everything here: its per-address limits must not be what is measured.
  env: { COLLECTOR_RATE_LIMIT_BURST: '100000', COLLECTOR_RATE_LIMIT_PER_SECOND: '10000' },
});

/** The server process's resident set in MB (VmRSS). */
function rssMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const addresses = [];
for (const entry of locs(await (await fetch(`${base}/sitemap.xml`)).text())) {
  if (entry.endsWith('.xml')) addresses.push(...locs(await (await fetch(`${base}${entry}`)).text()));
  else addresses.push(entry);
}
const stories = addresses.filter((a) => /^\/(?:articles\/[^/]+|case-studies)\/[^/]+\/$/.test(a));
const feeds = [
  ...new Set(
    addresses
      .filter((a) => /^\/(articles|topics)\/[^/]+\/$/.test(a))
      .map((a) => `${a}feed.xml`)
      .slice(0, 20),
  ),
];

/** A browser's meter cookie after reading `count` metered stories (following the cookie check). */
async function meterCookieAfter(count) {
  let jar = '';
  for (const story of stories.slice(0, count)) {
    let url = `${base}${story}`;
    for (let hops = 0; hops < 5; hops += 1) {
      const response = await fetch(url, { redirect: 'manual', headers: jar ? { cookie: jar } : {} });
      const set = response.headers
        .getSetCookie()
        .find((c) => c.startsWith('bof_meter='))
        ?.split(';')[0];
      if (set) jar = set;
      await response.arrayBuffer();
      const location = response.headers.get('location');
      if (!location) break;
      url = new URL(location, url).href;
    }
  }
  return jar;
}
const spent = await meterCookieAfter(12);

const words = ['luxury', 'sneakers', 'china', 'resale', 'beauty', 'retail', 'denim', 'ceo', 'sustainability'];
const graphQL = [
  '{ countries(first: 20) { edges { cursor node { id key title } } pageInfo { hasNextPage endCursor } } }',
  '{ topic(slug: "luxury") { slug name stories { total page pageCount stories { id slug headline url } } } }',
];
const event = (n) =>
  JSON.stringify({
    schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
    data: [
      {
        e: 'pv',
        eid: `5a0c0d0e-0000-4000-a000-${n.toString(16).padStart(12, '0')}`,
        tv: 'js-4.10.1',
        p: 'web',
        aid: 'frontend',
        url: `http://localhost:${port}/`,
        dtm: String(Date.now()),
      },
    ],
  });

const popular = zipfSequence(addresses, 100_000, 1, 7);
const popularStories = zipfSequence(stories, 100_000, 1, 11);
/** The i-th request of the mix. */
function request(i) {
  const slot = i % 20;
  const browser = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (soak)' };
  if (slot < 6) return { path: popular[i % popular.length], headers: browser };
  if (slot < 8) {
    // A story shared with a campaign tag: a new cache key every time (the cache's bound is what holds).
    return { path: `${popularStories[i % popularStories.length]}?utm_source=soak-${i}`, headers: browser };
  }
  if (slot < 10)
    return { path: popularStories[i % popularStories.length], headers: { ...browser, cookie: spent } };
  if (slot === 10) return { path: '/', headers: browser };
  if (slot === 11) return { path: `/search/?q=${words[i % words.length]}`, headers: browser };
  if (slot === 12) return { path: feeds[i % feeds.length] ?? '/sitemap.xml', headers: browser };
  if (slot < 15)
    return {
      path: '/api/graphql/',
      method: 'POST',
      body: JSON.stringify({ query: graphQL[i % graphQL.length] }),
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    };
  return {
    path: '/api/collector/com.snowplowanalytics.snowplow/tp2/',
    method: 'POST',
    body: event(i),
    headers: { 'content-type': 'application/json; charset=UTF-8', origin: `http://localhost:${port}` },
  };
}

// The load: `rate` requests a second, each sent when due (open loop), never more than 256 at once (a
// stalled server is then seen as a backlog in the figures, not hidden by a closed loop). A rate the server
// cannot keep up with measures the backlog's memory, not the server's: the "waiting" column shows it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const statuses = new Map();
let latencies = [];
let errors = 0;
let sent = 0;
let inFlight = 0;
const start = performance.now();
const totalMs = (Number(args.warmup) + Number(args.minutes)) * 60_000;
const tick = () => {
  const now = performance.now();
  while (start + (sent * 1000) / rate <= now && now - start < totalMs) {
    const due = start + (sent * 1000) / rate;
    const { path: address, method = 'GET', body, headers } = request(sent++);
    inFlight += 1;
    const req = http.request({ host: '127.0.0.1', port, path: address, method, headers, agent }, (res) => {
      const status = res.statusCode ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      res.resume();
      res.on('end', () => {
        inFlight -= 1;
        latencies.push(performance.now() - due);
      });
    });
    req.on('error', () => {
      inFlight -= 1;
      errors += 1;
    });
    req.end(body);
  }
  if (now - start < totalMs) setTimeout(tick, 5);
};

const before = machine();
console.log(
  `Soak: ${rate} requests/s for ${args.warmup} + ${args.minutes} minutes, ${addresses.length} addresses (${stories.length} stories); ${before.cpus} CPUs, Node ${before.node}, load ${before.load}, ${before.at}.`,
);
console.log(`RSS at the start (after the set-up requests): ${rssMb().toFixed(0)} MB`);
console.log('| minute | RSS MB | answered | waiting | p50 ms | p99 ms | errors so far | statuses |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
tick();
const samples = [];
for (let minute = 1; minute <= Number(args.warmup) + Number(args.minutes); minute++) {
  await new Promise((r) => setTimeout(r, start + minute * 60_000 - performance.now()));
  const rss = rssMb();
  samples.push({ minute, rss });
  const shown = [...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`);
  console.log(
    `| ${minute}${minute === Number(args.warmup) ? ' (warm)' : ''} | ${rss.toFixed(0)} | ${latencies.length} | ${inFlight} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${errors} | ${shown.join(', ')} |`,
  );
  latencies = [];
  statuses.clear();
}
const warm = samples.find((s) => s.minute === Number(args.warmup))?.rss ?? samples[0].rss;
const end = samples.at(-1).rss;
const after = machine();
console.log(
  `\nRSS after the warm-up ${warm.toFixed(0)} MB, at the end ${end.toFixed(0)} MB: ${(((end - warm) / warm) * 100).toFixed(1)} % growth over ${args.minutes} minutes (highest ${Math.max(...samples.map((s) => s.rss)).toFixed(0)} MB). Load after ${after.load}.`,
);
agent.destroy();
process.exit(0);
