// Identity server benchmark: whoami throughput and latency at a fixed rate, password login latency at a
// steady rate, and the time recovery and code login take for known and unknown addresses (they must not
// tell the two apart), against the built-in identity server on a port of its own (its own PGlite folder).
//
//   npm run bench:identity   # node bench/identity-sessions.mjs [--rate 1000] [--duration 10] [--login-rate 5]
//   DATABASE_URL=postgres://… npm run bench:identity   # on PostgreSQL instead of the embedded PGlite
//
// Prints a markdown table. Goal (identity issue): whoami p99 ≤ 5 ms at 1,000 requests/s on this machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const rate = arg('rate', 1000);
const duration = arg('duration', 10);
const loginRate = arg('login-rate', 5);
const port = 3970;
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
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/health/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The identity server did not start');
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

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

await waitUntilUp();
const email = `bench-${Date.now()}@example.org`;
const password = 'bench-Velvet-Loom-2026!';
const registered = await api('registration', {
  method: 'password',
  traits: { email, name: { first: 'Bench', last: 'Reader' } },
  password,
});
const token = registered.body.session_token;
if (!token) throw new Error(`Registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);

// whoami at a fixed overall rate, after two seconds of warm-up (JIT, the cache's first fill).
await autocannon({
  url: `${base}/sessions/whoami`,
  headers: { 'x-session-token': token, accept: 'application/json' },
  connections: 20,
  overallRate: rate,
  duration: 2,
});
const whoami = await autocannon({
  url: `${base}/sessions/whoami`,
  headers: { 'x-session-token': token, accept: 'application/json' },
  connections: 20,
  overallRate: rate,
  duration,
});

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

const ok2xx = whoami['2xx'];
console.log(
  `\nIdentity server (${os.cpus().length} cores, Node ${process.version}), ${duration} s per load:\n`,
);
console.log('| load | rate asked | done/s | p50 | p99 | errors |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
console.log(
  `| GET /sessions/whoami (session token) | ${rate}/s | ${whoami.requests.average} | ${whoami.latency.p50} ms | ${whoami.latency.p99} ms | ${whoami.non2xx + whoami.errors} of ${ok2xx + whoami.non2xx} |`,
);
console.log(
  `| password login (new flow + submit) | ${loginRate}/s | ${(logins.length / duration).toFixed(1)} | ${percentile(logins, 50).toFixed(0)} ms (p95 ${percentile(logins, 95).toFixed(0)} ms) | ${percentile(logins, 99).toFixed(0)} ms | ${failures.length} |`,
);
console.log(`\nGoal: whoami p99 ≤ 5 ms at 1,000 requests/s: ${whoami.latency.p99 <= 5 ? 'met' : 'NOT met'}.`);
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
