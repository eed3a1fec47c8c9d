// Identity server benchmark: whoami latency under an open-loop load at a fixed rate (each request sent
// when due, its latency counted from then, so a stall is not hidden) over many sessions' tokens (not one
// token answered from the cache every time), password login latency at a
// steady rate, and the time recovery and code login take for known and unknown addresses (they must not
// tell the two apart), against the built-in identity server on a port of its own (its own PGlite folder).
//
//   npm run bench:identity -- [--port 4262] [--rate 1000] [--duration 10] [--tokens 200] [--runs 3]
//       [--login-rate 5]
//   DATABASE_URL=postgres://… npm run bench:identity   # on PostgreSQL instead of the embedded PGlite
//
// Prints a markdown table. Goal (identity issue): whoami p99 ≤ 5 ms at 1,000 requests/s on this machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSummary, machine, openLoop, percentile, summarize } from './lib/measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const rate = arg('rate', 1000);
const duration = arg('duration', 10);
const loginRate = arg('login-rate', 5);
const tokenCount = arg('tokens', 200);
const runs = arg('runs', 3);
const port = arg('port', 4262);
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-bench-identity-'));

// Node itself with tsx's loader (not npx), so stopping the child stops the server.
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'packages/identity/src/cli/serve.ts', String(port)],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      EMBEDDED: '1',
      DATA_DIR: dataDir,
      // The benchmark signs in far more often than a person would.
      IDENTITY_RATE_LIMIT_PER_IP: '100000',
      IDENTITY_RATE_LIMIT_PER_IDENTIFIER: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

async function waitUntilUp() {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/health/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The identity server did not start within four minutes');
}

async function api(pathname, body) {
  const flow = await (await fetch(`${base}/self-service/${pathname}/api`)).json();
  const response = await fetch(flow.ui.action, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Times one submission (flow creation excluded): `rounds` alternating pairs for two bodies. */
async function timePairs(pathname, bodies, rounds) {
  const times = bodies.map(() => []);
  for (let i = 0; i < rounds; i++) {
    for (const [j, body] of bodies.entries()) {
      const flow = await (await fetch(`${base}/self-service/${pathname}/api`)).json();
      const t0 = performance.now();
      const response = await fetch(flow.ui.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      times[j].push(performance.now() - t0);
    }
  }
  return times;
}

await waitUntilUp();
const before = machine();
const email = `bench-${Date.now()}@example.org`;
const password = 'bench-Velvet-Loom-2026!';
const registered = await api('registration', {
  method: 'password',
  traits: { email, name: { first: 'Bench', last: 'Reader' } },
  password,
});
const token = registered.body.session_token;
if (!token) throw new Error(`Registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);

// Many readers' sessions, registered four at a time (each an Argon2id hash).
const tokens = [token];
while (tokens.length < tokenCount) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(4, tokenCount - tokens.length) }, (_, i) =>
      api('registration', {
        method: 'password',
        traits: {
          email: `bench-${Date.now()}-${tokens.length + i}@example.org`,
          name: { first: 'B', last: 'R' },
        },
        password,
      }),
    ),
  );
  for (const result of batch) {
    if (!result.body.session_token) throw new Error(`Registration failed: ${result.status}`);
    tokens.push(result.body.session_token);
  }
}

// whoami at a fixed rate over every token in a scrambled order (a stride prime to the count), open loop,
// after a warm-up (JIT, the cache's first fill), repeated.
const stride = [7919, 104729, 1299709].find((p) => tokens.length % p !== 0) ?? 1;
const whoamiRequest = (i) => ({
  path: '/sessions/whoami',
  headers: { 'x-session-token': tokens[(i * stride) % tokens.length], accept: 'application/json' },
});
await openLoop({ origin: base, rate, seconds: 2, request: whoamiRequest });
const whoamiRuns = [];
for (let run = 0; run < runs; run += 1) {
  const result = await openLoop({ origin: base, rate, seconds: duration, request: whoamiRequest });
  console.log(
    `whoami run ${run + 1}: ${result.done.toFixed(0)}/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, p99.9 ${result.p999Ms.toFixed(2)} ms, ${result.errors + result.non2xx} errors`,
  );
  whoamiRuns.push(result);
}

// Password logins at a steady rate, each a new flow and a submission (Argon2id verification).
const logins = [];
const failures = [];
const started = Date.now();
const pending = [];
for (let i = 0; Date.now() - started < duration * 1000; i++) {
  const due = started + (i * 1000) / loginRate;
  await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  pending.push(
    (async () => {
      const t0 = performance.now();
      const result = await api('login', { method: 'password', identifier: email, password });
      if (result.status === 200) logins.push(performance.now() - t0);
      else failures.push(result.status);
    })(),
  );
}
await Promise.all(pending);

// No account enumeration: recovery and code login for a known and an unknown address, alternating.
const rounds = arg('enumeration-rounds', 40);
const unknown = `nobody-${Date.now()}@example.org`;
const [recoveryKnown, recoveryUnknown] = await timePairs(
  'recovery',
  [
    { method: 'code', email },
    { method: 'code', email: unknown },
  ],
  rounds,
);
const [codeKnown, codeUnknown] = await timePairs(
  'login',
  [
    { method: 'code', identifier: email },
    { method: 'code', identifier: unknown },
  ],
  rounds,
);

const after = machine();
const ms = (key) => formatSummary(summarize(whoamiRuns.map((r) => r[key])), 2);
const errorCount = whoamiRuns.reduce((n, r) => n + r.errors + r.non2xx, 0);
console.log(
  `\nIdentity server (${before.cpus} cores, ${before.model}, Node ${before.node}), ${duration} s per load, load average before ${before.load}, after ${after.load}, ${before.at}:\n`,
);
console.log('| load | rate asked | done/s | p50 | p99 | p99.9 | errors |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
console.log(
  `| GET /sessions/whoami, ${tokens.length} sessions, open loop, median (range) of ${runs} runs | ${rate}/s | ${formatSummary(summarize(whoamiRuns.map((r) => r.done)))} | ${ms('p50Ms')} ms | ${ms('p99Ms')} ms | ${ms('p999Ms')} ms | ${errorCount} |`,
);
console.log(
  `| password login (new flow + submit) | ${loginRate}/s | ${(logins.length / duration).toFixed(1)} | ${percentile(logins, 50).toFixed(0)} ms (p95 ${percentile(logins, 95).toFixed(0)} ms) | ${percentile(logins, 99).toFixed(0)} ms | ${failures.length} |`,
);
const p99 = summarize(whoamiRuns.map((r) => r.p99Ms)).median;
console.log(
  `\nGoal: whoami p99 ≤ 5 ms at 1,000 requests/s: ${p99 <= 5 && rate >= 1000 ? 'met' : 'NOT met'} (median p99 ${p99.toFixed(2)} ms).`,
);
console.log(`\nKnown vs unknown address, ${rounds} submissions each, alternating (ms):\n`);
console.log('| submission | known p50 | unknown p50 | known p95 | unknown p95 | p50 difference |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [name, known, other] of [
  ['recovery, send code', recoveryKnown, recoveryUnknown],
  ['code login, send code', codeKnown, codeUnknown],
]) {
  const k50 = percentile(known, 50);
  const u50 = percentile(other, 50);
  console.log(
    `| ${name} | ${k50.toFixed(1)} | ${u50.toFixed(1)} | ${percentile(known, 95).toFixed(1)} | ${percentile(other, 95).toFixed(1)} | ${(u50 - k50).toFixed(1)} |`,
  );
}
process.exit(0);
