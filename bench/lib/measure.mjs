// Shared by the benchmarks: options every bench takes (port, build folder), statistics (median and range
// of repeated runs, percentiles), the machine's load, wrk runs (both sides of a comparison through the
// same load generator) and an open-loop load whose latencies count from when each request was due.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';

/** The value at percentile `p` (0–100) of `values`, nearest rank; NaN for none. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Median, lowest and highest of repeated runs' figures. */
export function summarize(values) {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

/** "12.3 (10.1–14.0)" with `digits` decimals. */
export function formatSummary({ median, min, max }, digits = 0) {
  const f = (v) =>
    v.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${f(median)} (${f(min)}–${f(max)})`;
}

/** The machine: cores, model, load averages, and what else is running (busy processes). */
export function machine() {
  const [one, five, fifteen] = os.loadavg();
  return {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    load: `${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)}`,
    at: new Date().toISOString(),
  };
}

/**
 * A Zipf-like order of `count` requests over `addresses` (rank r asked in proportion to 1/r^s), shuffled
 * deterministically: a few stories are read often and a long tail rarely, as on a news site.
 */
export function zipfSequence(addresses, count, s = 1, seed = 1) {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const weights = addresses.map((_, r) => 1 / (r + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const x = random();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    out.push(addresses[lo]);
  }
  return out;
}

const luaString = (value) => `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/**
 * A wrk script: each connection walks `paths` from its own offset, sends `headers` (and `method` with
 * `body`, for POSTs; with `cookies`, each request the next of them as its Cookie, many readers' own
 * browsers over few connections), counts the answers'
 * statuses and the story cache header (hit, miss, shared, none), and prints one JSON line at the end.
 */
export function wrkScript(paths, headers, { method, body, cookies } = {}) {
  return `local paths = { ${paths.map(luaString).join(', ')} }
local cookies = { ${(cookies ?? []).map(luaString).join(', ')} }
${method ? `wrk.method = ${luaString(method)}` : ''}
${body !== undefined ? `wrk.body = ${luaString(body)}` : ''}
${Object.entries(headers)
  .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
  .join('\n')}
local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end
local at, hits, misses, shared, none, bad = 0, 0, 0, 0, 0, 0
function init(args)
  at = (tonumber(wrk.thread:get("id")) or 0) * 7919
end
function request()
  at = at + 1
  if #cookies > 0 then wrk.headers["cookie"] = cookies[(at % #cookies) + 1] end
  return wrk.format(nil, paths[(at % #paths) + 1])
end
function response(status, headers, body)
  if status < 200 or status > 299 then bad = bad + 1 end
  local cache = headers["x-bof-story-cache"] or headers["X-Bof-Story-Cache"]
  if cache == "hit" then hits = hits + 1
  elseif cache == "miss" then misses = misses + 1
  elseif cache == "shared" then shared = shared + 1
  else none = none + 1 end
  wrk.thread:set("hits", hits)
  wrk.thread:set("misses", misses)
  wrk.thread:set("shared", shared)
  wrk.thread:set("none", none)
  wrk.thread:set("bad", bad)
end
function done(summary, latency, requests)
  local h, m, s, n, b = 0, 0, 0, 0, 0
  for _, t in ipairs(threads) do
    h = h + (tonumber(t:get("hits")) or 0)
    m = m + (tonumber(t:get("misses")) or 0)
    s = s + (tonumber(t:get("shared")) or 0)
    n = n + (tonumber(t:get("none")) or 0)
    b = b + (tonumber(t:get("bad")) or 0)
  end
  local e = summary.errors
  io.write(string.format('WRKJSON {"requests":%d,"durationUs":%d,"bytes":%d,"p50":%d,"p95":%d,"p99":%d,"socketErrors":%d,"non2xx":%d,"hits":%d,"misses":%d,"shared":%d,"none":%d}\\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.connect + e.read + e.write + e.timeout, b, h, m, s, n))
end
`;
}

/** Reads the JSON line of wrkScript's `done` from wrk's output. */
export function parseWrkOutput(text) {
  const line = text.split('\n').find((l) => l.startsWith('WRKJSON '));
  if (!line) throw new Error(`wrk printed no result:\n${text}`);
  const r = JSON.parse(line.slice('WRKJSON '.length));
  const seconds = r.durationUs / 1e6;
  const cached = r.hits + r.misses + r.shared;
  return {
    requests: r.requests,
    rps: r.requests / seconds,
    p50Ms: r.p50 / 1000,
    p95Ms: r.p95 / 1000,
    p99Ms: r.p99 / 1000,
    kbPerResponse: r.requests ? r.bytes / r.requests / 1024 : 0,
    errors: r.socketErrors,
    non2xx: r.non2xx,
    hits: r.hits,
    misses: r.misses + r.shared,
    missRate: cached ? (r.misses + r.shared) / cached : Number.NaN,
    // Answers without the cache's header: passed by the cache (not a cacheable page).
    passRate: r.requests ? r.none / r.requests : Number.NaN,
  };
}

/** Runs wrk against `origin` with the script for `paths` and `headers`; resolves to parseWrkOutput's. */
export async function runWrk({
  wrk = 'wrk',
  origin,
  paths,
  headers = {},
  method,
  body,
  cookies,
  seconds,
  connections,
  threads,
  scriptFile,
}) {
  writeFileSync(scriptFile, wrkScript(paths, headers, { method, body, cookies }));
  const argv = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    scriptFile,
    origin,
  ];
  const output = await new Promise((resolve, reject) => {
    const child = spawn(wrk, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`)),
    );
  });
  return parseWrkOutput(output);
}

/**
 * An open-loop load: `rate` requests per second for `seconds`, each sent when it is due whether or not
 * earlier ones have answered, its latency counted from when it was due (so a stall is not hidden by
 * requests that were never sent: no coordinated omission). `request(i)` gives the i-th request's path
 * and headers. Latencies in milliseconds with fractions.
 */
export function openLoop({ origin, rate, seconds, request, maxSockets = 512 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const total = Math.floor(rate * seconds);
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  let finished = 0;
  let sent = 0;
  const url = new URL(origin);
  return new Promise((resolve) => {
    const start = performance.now();
    const due = (i) => start + (i * 1000) / rate;
    const complete = () => {
      finished += 1;
      if (finished === total) {
        agent.destroy();
        const elapsed = (performance.now() - start) / 1000;
        resolve({
          asked: rate,
          done: latencies.length / elapsed,
          count: latencies.length,
          errors,
          non2xx,
          p50Ms: percentile(latencies, 50),
          p90Ms: percentile(latencies, 90),
          p95Ms: percentile(latencies, 95),
          p99Ms: percentile(latencies, 99),
          p999Ms: percentile(latencies, 99.9),
          maxMs: latencies.length ? Math.max(...latencies) : Number.NaN,
        });
      }
    };
    const send = (i) => {
      const intended = due(i);
      const { path, headers } = request(i);
      const req = http.request({ host: url.hostname, port: url.port, path, headers, agent }, (res) => {
        if (res.statusCode < 200 || res.statusCode > 299) non2xx += 1;
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - intended);
          complete();
        });
      });
      req.on('error', () => {
        errors += 1;
        complete();
      });
      req.end();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && due(sent) <= now) send(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, due(sent) - performance.now()));
    };
    if (total === 0) resolve({ asked: rate, done: 0, count: 0, errors: 0, non2xx: 0 });
    else tick();
  });
}
