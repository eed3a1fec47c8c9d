// Collector throughput: events stored per second by the embedded collector, as the tracker sends them
// (one-event POSTs) and in 10-event batches, loaded by wrk (every event with an id of its own, so every
// one is a new row, written and flushed before its 200). Runs are repeated; medians and ranges. It
// prints how many events were acknowledged (it does not count the stored rows afterwards).
//
//   npm run build   # once (NEXT_DIST_DIR or --dist picks the build)
//   node bench/collector-throughput.mjs --port 4264 --dist .next-perf [--runs 3] [--seconds 5] [--connections 32]
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatSummary, machine, summarize } from './lib/measure.mjs';
import { requireBuild, root, startProduct } from './lib/product.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4264' },
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    wrk: { type: 'string', default: process.env.WRK || '/usr/bin/wrk' },
  },
});
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, `.data/bench-collector-${port}`);
requireBuild(args.dist);

const script = (events) => `math.randomseed(os.time() + math.floor(os.clock() * 1e6))
local n = 0
local prefix = string.format("%08x", math.random(0, 0x7fffffff))
wrk.method = "POST"
wrk.headers["content-type"] = "application/json; charset=UTF-8"
function request()
  local parts = {}
  for i = 1, ${events} do
    n = n + 1
    parts[i] = string.format('{"e":"pv","eid":"%s-%04x-4%03x-a%03x-%012x","tv":"js-4.10.1","p":"web","aid":"frontend","url":"http://localhost/","dtm":"1795400000000"}',
      prefix, math.random(0, 0xffff), math.random(0, 0xfff), math.random(0, 0xfff), n)
  end
  return wrk.format(nil, "/api/collector/com.snowplowanalytics.snowplow/tp2/",
    nil, '{"schema":"iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4","data":[' .. table.concat(parts, ",") .. ']}')
end
local bad = 0
function response(status)
  if status ~= 200 then bad = bad + 1 end
  wrk.thread:set("bad", bad)
end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency)
  local b = 0
  for _, t in ipairs(threads) do b = b + (tonumber(t:get("bad")) or 0) end
  io.write(string.format('WRKJSON {"requests":%d,"durationUs":%d,"p50":%d,"p99":%d,"errors":%d,"non200":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, b))
end
`;

const temp = mkdtempSync(path.join(os.tmpdir(), 'bof-bench-collector-'));
chmodSync(temp, 0o755);
async function wrk(events, seconds) {
  const file = path.join(temp, `collector-${events}.lua`);
  writeFileSync(file, script(events));
  const argv = ['-t1', `-c${args.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', file, `${base}/`];
  const text = await new Promise((resolve, reject) => {
    const child = spawn(args.wrk, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}`))));
  });
  const line = text.split('\n').find((l) => l.startsWith('WRKJSON '));
  if (!line) throw new Error(`wrk printed no result:\n${text}`);
  const r = JSON.parse(line.slice(8));
  const ok = r.requests - r.non200;
  return {
    posts: r.requests / (r.durationUs / 1e6),
    events: (ok * events) / (r.durationUs / 1e6),
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    bad: r.non200 + r.errors,
    ok: ok * events,
  };
}

const before = machine();
await startProduct({
  port,
  dist: args.dist,
  dataDir,
  // One client sends everything here: its per-address limit must not be what is measured.
  env: { COLLECTOR_RATE_LIMIT_BURST: '100000', COLLECTOR_RATE_LIMIT_PER_SECOND: '10000' },
});
process.on('exit', () => rmSync(temp, { recursive: true, force: true }));

const rows = [];
let acknowledged = 0;
for (const events of [1, 10]) {
  acknowledged += (await wrk(events, Number(args.warmup))).ok;
  const runs = [];
  for (let run = 0; run < Number(args.runs); run += 1) {
    const r = await wrk(events, Number(args.seconds));
    acknowledged += r.ok;
    console.log(
      `${events}-event POSTs, run ${run + 1}: ${r.events.toFixed(0)} events/s, ${r.posts.toFixed(0)} POSTs/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.bad} not 200`,
    );
    runs.push(r);
  }
  rows.push({ events, runs });
}
const after = machine();
console.log(
  `\nCollector, wrk 1 thread × ${args.connections} connections, ${args.runs} runs × ${args.seconds} s, ${before.cpus} CPUs (${before.model}), Node ${before.node}; load before ${before.load}, after ${after.load}; ${before.at}.\n`,
);
console.log('| POST | events/s | POSTs/s | p50 ms | p99 ms | not 200 |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const { events, runs } of rows)
  console.log(
    `| ${events} event(s) each | ${formatSummary(summarize(runs.map((r) => r.events)))} | ${formatSummary(summarize(runs.map((r) => r.posts)))} | ${formatSummary(summarize(runs.map((r) => r.p50)), 1)} | ${formatSummary(summarize(runs.map((r) => r.p99)), 1)} | ${runs.reduce((n, r) => n + r.bad, 0)} |`,
  );
console.log(`\nAcknowledged events (200s × events): ${acknowledged}.`);
process.exit(0);
