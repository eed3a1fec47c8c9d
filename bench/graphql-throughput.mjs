// GraphQL lists of 20 against a raw Node.js JSON server, both loaded by the same generator (wrk, one
// thread) back to back, pair by pair, every pair repeated; the figure that counts is each pair's ratio
// (GraphQL / raw Node), printed as median and range. The raw server (node:http, one process, as the
// product is one) reads each POST body and answers the very bytes the GraphQL endpoint answered for
// that document: what a request would cost with no GraphQL, no framework and no database.
//
// Documents: `countries(first: 20)` (a reference list by cursor) and the busiest topic's first page of
// 20 stories (`topic(slug) { stories { … } }`, each story with its section and bylines; under the cost
// at which anonymous clients are rate-limited, 1,000, so every answer is a 200 and the bench says so).
//
//   npm run build      # once, for --mode product (NEXT_DIST_DIR or --dist picks the build)
//   npm run bench:graphql -- --port 3115 --dist .next-3115 [--mode product|handler] [--runs 3]
//       [--seconds 5] [--warmup 3] [--connections 10] [--synthetic 150]
//
// --mode product (default) starts the product (apps/web/server.ts, production, embedded defaults, its
// own data folder .data/bench-graphql-PORT with --synthetic more stories) and posts to /api/graphql/;
// --mode handler serves the GraphQL handler alone over node:http (bench/graphql-handler-server.ts, an
// in-memory database), which leaves the Next.js route-handler layer out. The raw server listens on
// --raw-port (port + 1).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatSummary, machine, runWrk, summarize } from './lib/measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    'raw-port': { type: 'string' },
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    mode: { type: 'string', default: 'product' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    synthetic: { type: 'string', default: '150' },
    wrk: { type: 'string', default: process.env.WRK || '/usr/bin/wrk' },
  },
});
if (!args.port) {
  console.error('--port is required (a port of your own; the raw server takes --raw-port, port + 1).');
  process.exit(64);
}
if (!['product', 'handler'].includes(args.mode)) {
  console.error('--mode is product or handler.');
  process.exit(64);
}
const port = Number(args.port);
const rawPort = Number(args['raw-port'] ?? port + 1);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, `.data/bench-graphql-${port}`);
const runs = Number(args.runs);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
if (args.mode === 'product' && !existsSync(path.join(webDir, args.dist, 'BUILD_ID'))) {
  console.error(
    `No build in apps/web/${args.dist}: run \`npm run build\` first (this benchmark builds nothing).`,
  );
  process.exit(1);
}
if (!existsSync(args.wrk)) {
  console.error(`wrk was not found at ${args.wrk} (apt-get install -y wrk, or --wrk PATH).`);
  process.exit(1);
}

const children = new Set();
let exited; // the first child process that ended, while the bench waits for it
const stopAll = () => {
  for (const child of children)
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
};
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
const start = (command, argv, options) => {
  const child = spawn(command, argv, { ...options, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    exited ||= `${command} ${argv[0]}: ${signal ?? code}`;
  });
  return child;
};
async function waitFor(check, what) {
  for (let i = 0; i < 720; i++) {
    if (exited) throw new Error(`${what}: its process ended (${exited}) before it answered.`);
    try {
      if (await check()) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not answer within six minutes.`);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const endpoint = '/api/graphql/';
const post = async (query) => {
  const response = await fetch(`${base}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, text: await response.text() };
};

const before = machine();
const temp = mkdtempSync(path.join(os.tmpdir(), 'bof-bench-graphql-'));
chmodSync(temp, 0o755);
const scriptFile = path.join(temp, 'load.lua');
const rows = [];
try {
  if (args.mode === 'product') {
    rmSync(dataDir, { recursive: true, force: true });
    const env = { ...process.env, EMBEDDED: '1', DATA_DIR: dataDir };
    if (Number(args.synthetic) > 0) {
      const corpus = path.join(temp, 'corpus.ndjson');
      for (const argv of [
        ['packages/api/src/cli/content-generate.ts', args.synthetic, corpus],
        ['packages/api/src/cli/content-import.ts', corpus],
      ]) {
        const result = spawnSync(tsx, argv, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
        if (result.status !== 0) throw new Error(`${argv[0]} failed (${result.status}).`);
      }
    }
    console.log(`Starting the product (apps/web/${args.dist}) on port ${port}…`);
    start(tsx, ['server.ts'], {
      cwd: webDir,
      env: {
        ...env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        NEXT_DIST_DIR: args.dist,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: `http://localhost:${port}`,
      },
    });
  } else {
    console.log(`Starting the GraphQL handler alone on port ${port}…`);
    start(tsx, ['bench/graphql-handler-server.ts', '--port', String(port), '--synthetic', args.synthetic], {
      cwd: root,
    });
  }
  await waitFor(async () => (await post('{ siteInfo { url } }')).status === 200, 'The GraphQL endpoint');

  const topics = JSON.parse((await post('{ topics { slug } }')).text).data.topics;
  const documents = [
    {
      title: 'countries(first: 20)',
      query:
        '{ countries(first: 20) { ... on CountryConnection { edges { cursor node { id key title } } pageInfo { hasNextPage endCursor } } } }',
      count: (data) => data.countries.edges.length,
    },
    {
      title: `topic.stories, busiest topic (${topics[0].slug}), page 1`,
      query: `{ topic(slug: "${topics[0].slug}") { slug name stories { total page pageCount stories { id slug headline url publishedAt section { name } authors { name } } } } }`,
      count: (data) => data.topic.stories.stories.length,
    },
  ];
  for (const document of documents) {
    const { status, text } = await post(document.query);
    const body = JSON.parse(text);
    if (status !== 200 || body.errors) throw new Error(`${document.title}: ${status} ${text.slice(0, 400)}`);
    if (document.count(body.data) !== 20)
      throw new Error(`${document.title}: ${document.count(body.data)} items, not 20 (more --synthetic?)`);
    document.body = JSON.stringify({ query: document.query });
    document.answer = text;
  }

  // The raw server: reads the body, answers the bytes GraphQL answered for that body.
  const answers = Object.fromEntries(documents.map((d) => [d.body, d.answer]));
  start(
    process.execPath,
    [
      '-e',
      `const answers = ${JSON.stringify(answers)};
       require('node:http').createServer((req, res) => {
         const chunks = [];
         req.on('data', (c) => chunks.push(c));
         req.on('end', () => {
           const answer = answers[Buffer.concat(chunks).toString()];
           if (answer === undefined) { res.writeHead(400).end(); return; }
           const bytes = Buffer.from(answer);
           res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
           res.end(bytes);
         });
       }).listen(${rawPort}, '127.0.0.1');`,
    ],
    {},
  );
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${rawPort}/`, { method: 'POST', body: documents[0].body })).ok,
    'The raw server',
  );

  const wrkRun = (origin, document, secs) =>
    runWrk({
      wrk: args.wrk,
      origin,
      paths: [origin.endsWith(`:${rawPort}`) ? '/' : endpoint],
      method: 'POST',
      body: document.body,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      seconds: secs,
      connections,
      threads: 1,
      scriptFile,
    });
  const raw = `http://127.0.0.1:${rawPort}`;
  console.log(`Warming up (${args.warmup} s each)…`);
  for (const document of documents) {
    await wrkRun(raw, document, Number(args.warmup));
    const warm = await wrkRun(base, document, Number(args.warmup));
    if (warm.errors || warm.non2xx)
      throw new Error(`${document.title}: ${warm.non2xx} answers not 2xx, ${warm.errors} socket errors`);
  }
  console.log(`Measuring: ${runs} pairs × ${seconds} s, wrk 1 thread, ${connections} connections…`);
  for (const document of documents) {
    const row = { title: document.title, raw: [], graphql: [], ratio: [], p50: [], p99: [], bad: 0 };
    for (let run = 1; run <= runs; run += 1) {
      const r = await wrkRun(raw, document, seconds);
      const g = await wrkRun(base, document, seconds);
      row.raw.push(r.rps);
      row.graphql.push(g.rps);
      row.ratio.push(g.rps / r.rps);
      row.p50.push(g.p50Ms);
      row.p99.push(g.p99Ms);
      row.bad += g.errors + g.non2xx + r.errors + r.non2xx;
      console.log(
        `  run ${run}: ${document.title}: ${Math.round(g.rps)}/s vs raw Node ${Math.round(r.rps)}/s = ${((g.rps / r.rps) * 100).toFixed(1)} %, p50 ${g.p50Ms.toFixed(1)} ms, p99 ${g.p99Ms.toFixed(1)} ms, errors/non-2xx ${g.errors}/${g.non2xx}`,
      );
    }
    rows.push(row);
  }
} finally {
  stopAll();
  rmSync(temp, { recursive: true, force: true });
}

const after = machine();
console.log(
  `\nGraphQL (${args.mode === 'product' ? 'the product, /api/graphql/' : 'the handler alone, no Next.js'}) vs raw Node, ${runs} pairs × ${seconds} s, wrk 1 thread × ${connections} connections; ${before.cpus} CPUs (${before.model}), Node ${before.node}; load average (1/5/15 min) before ${before.load}, after ${after.load}; ${before.at}.\n`,
);
console.log('| list of 20 | raw Node req/s | GraphQL req/s | share of raw Node | p50 ms | p99 ms | errors |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const ratio = summarize(row.ratio);
  console.log(
    `| ${row.title} | ${formatSummary(summarize(row.raw))} | ${formatSummary(summarize(row.graphql))} | ${(ratio.median * 100).toFixed(1)} % (${(ratio.min * 100).toFixed(1)}–${(ratio.max * 100).toFixed(1)}) | ${formatSummary(summarize(row.p50), 1)} | ${formatSummary(summarize(row.p99), 1)} | ${row.bad} |`,
  );
}
process.exit(0);
