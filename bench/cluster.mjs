// Throughput and latency of a realistic request mix against 1 and 3 server processes on the local
// PostgreSQL behind nginx (tooling/cluster/cluster.mjs), loopback only, with autocannon.
// Mix per 20 requests: 14 story reads (70 %), 2 front page and section lists (10 %), 2 GraphQL
// queries (10 %), 1 collector event (5 %), 1 sign-in (5 %: a login flow and its submission).
// Usage: npm run bench:cluster [-- --seconds 20 --connections 12 --runs 3]
// Soak: npm run bench:cluster -- --soak 600 [--rate 60]: 3 processes, the same mix at a bounded rate for
// a minute of warm-up and then `--soak` seconds; each process's resident memory (RSS) after the warm-up
// and at the end, with the growth in per cent (the bound: 10 %).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startCluster } from '../tooling/cluster/cluster.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const seconds = arg('seconds', 20);
const connections = arg('connections', 12);
const runs = arg('runs', 3);

const psql = (url, query) => spawnSync('psql', [url, '-tAc', query], { encoding: 'utf8' }).stdout.trim();

function mix(stories, sections, email) {
  const story = (i) => ({ method: 'GET', path: stories[i % stories.length] });
  const graphql = {
    method: 'POST',
    path: '/api/graphql',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ front { latest { headline slug } } }' }),
  };
  const collector = {
    method: 'POST',
    path: '/api/collector/com.snowplowanalytics.snowplow/tp2',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
      data: [
        {
          e: 'pv',
          p: 'web',
          tv: 'js-4.6.0',
          aid: 'bof',
          url: 'http://127.0.0.1/',
          eid: '00000000-0000-4000-8000-000000000001',
        },
      ],
    }),
  };
  const signIn = [
    {
      method: 'GET',
      path: '/identity/self-service/login/api',
      onResponse: (status, body, context) => {
        context.flow = status === 200 ? JSON.parse(body).id : '';
      },
    },
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context) => ({
        ...request,
        path: `/identity/self-service/login?flow=${context.flow}`,
        body: JSON.stringify({ method: 'password', identifier: email, password: 'tailored-coat-19' }),
      }),
    },
  ];
  return [
    ...[0, 1, 2, 3, 4, 5, 6].map(story),
    { method: 'GET', path: '/' },
    graphql,
    ...[7, 8, 9, 10].map(story),
    { method: 'GET', path: sections[0] },
    collector,
    ...[11, 12, 13].map(story),
    ...signIn,
  ];
}

// The mix signs in with one account: it stands for many readers, so its per-identifier limit (10 a
// minute) is raised as the per-address one is (tooling/cluster/cluster.mjs).
const benchEnv = { IDENTITY_RATE_LIMIT_PER_IDENTIFIER: '10000' };

async function prepare(cluster) {
  const rows = psql(
    cluster.databaseUrl,
    `select '/articles/' || s.slug || '/' || a.slug || '/' from articles a join content_sections s on s.id = a.section_id where a.kind = 'article' and a.access in ('free', 'registered') order by a.slug limit 14`,
  ).split('\n');
  const sections = psql(
    cluster.databaseUrl,
    `select '/topics/' || slug || '/' from content_topics limit 1`,
  ).split('\n');
  const email = `bench-${Date.now()}@example.com`;
  const flow = await (await fetch(`${cluster.url}/identity/self-service/registration/api`)).json();
  await fetch(`${cluster.url}/identity/self-service/registration?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', password: 'tailored-coat-19', traits: { email } }),
  });
  return mix(rows, sections, email);
}

/** Resident memory of a process, in MiB (Linux /proc). */
const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function soak(seconds, rate) {
  const cluster = await startCluster({ count: 3, database: 'bof_bench', env: benchEnv });
  try {
    const requests = await prepare(cluster);
    const drive = (duration) =>
      autocannon({ url: cluster.url, connections: 6, overallRate: rate, duration, requests });
    console.log(`soak: warm-up 60 s at ${rate} requests/s (load ${load()})`);
    const warm = await drive(60);
    const after = cluster.processes.map((p) => rssMiB(p.child.pid));
    console.log(
      `  after warm-up: RSS ${after.join(', ')} MiB (${warm.requests.total} requests, load ${load()})`,
    );
    const samples = [];
    const sampler = setInterval(
      () => samples.push(cluster.processes.map((p) => rssMiB(p.child.pid))),
      60_000,
    );
    const r = await drive(seconds);
    clearInterval(sampler);
    const end = cluster.processes.map((p) => rssMiB(p.child.pid));
    const growth = end.map((mib, i) => +((100 * (mib - after[i])) / after[i]).toFixed(1));
    console.log(
      JSON.stringify(
        {
          seconds,
          rate,
          requests: r.requests.total,
          errors: r.errors + r.timeouts,
          non2xx: r.non2xx,
          p50: r.latency.p50,
          p99: r.latency.p99,
          rssAfterWarmUpMiB: after,
          rssEveryMinuteMiB: samples,
          rssEndMiB: end,
          growthPercent: growth,
          load: load(),
        },
        null,
        2,
      ),
    );
  } finally {
    await cluster.stop();
  }
}

async function measure(count) {
  const cluster = await startCluster({ count, database: 'bof_bench', env: benchEnv });
  try {
    const requests = await prepare(cluster);
    // Warm-up: every page rendered once, the caches filled.
    await autocannon({ url: cluster.url, connections: 2, amount: requests.length * 4, requests });
    const results = [];
    for (let run = 0; run < runs; run++) {
      const r = await autocannon({ url: cluster.url, connections, duration: seconds, requests });
      results.push({
        rps: r.requests.average,
        p50: r.latency.p50,
        p95: r.latency.p97_5 !== undefined ? percentile(r, 95) : r.latency.p90,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        total: r.requests.total,
      });
      console.log(`  ${count} process(es), run ${run + 1}: ${JSON.stringify(results.at(-1))}`);
    }
    return results;
  } finally {
    await cluster.stop();
  }
}

/** autocannon reports p90, p97.5 and p99; p95 is read between p90 and p97.5 (linear). */
function percentile(r, p) {
  const { p90, p97_5 } = r.latency;
  return Math.round(p90 + ((p97_5 - p90) * (p - 90)) / 7.5);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (results) =>
  Object.fromEntries(
    ['rps', 'p50', 'p95', 'p99', 'errors', 'non2xx'].map((k) => [
      k,
      {
        median: median(results.map((r) => r[k])),
        min: Math.min(...results.map((r) => r[k])),
        max: Math.max(...results.map((r) => r[k])),
      },
    ]),
  );

const soakSeconds = arg('soak', 0);
if (soakSeconds > 0) {
  await soak(soakSeconds, arg('rate', 60));
  process.exit(0);
}

console.log(
  `bench/cluster.mjs: ${seconds} s × ${runs} runs, ${connections} connections, load ${spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.trim()}`,
);
const one = summary(await measure(1));
const three = summary(await measure(3));
console.log(JSON.stringify({ one, three, ratio: +(three.rps.median / one.rps.median).toFixed(2) }, null, 2));
