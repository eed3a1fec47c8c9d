// Starts the product as several server processes on one PostgreSQL database behind nginx (round-robin,
// no stickiness), for the cluster suite, the rolling restart and bench/cluster.mjs. Loopback only.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(root, 'apps/web');

/** Ports: nginx on the first, the processes on the next ones (CLUSTER_PORT, default 4230). */
export const basePort = Number(process.env.CLUSTER_PORT || 4230);
export const serverUrl = process.env.CLUSTER_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'pipe', encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

/** A fresh database for the cluster, migrated as a release step would (`npm run db:migrate`). */
export function freshDatabase(name) {
  const url = new URL(serverUrl);
  run('psql', [serverUrl, '-qc', `drop database if exists ${name} with (force)`]);
  run('psql', [serverUrl, '-qc', `create database ${name}`]);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  run('npm', ['run', 'db:migrate'], { env: { ...process.env, DATABASE_URL: databaseUrl, EMBEDDED: '1' } });
  return databaseUrl;
}

/** Imports content (the demo edition, or a file) into the cluster's database, as an editor would. */
export function importContent(databaseUrl, source) {
  return run('npm', ['run', 'content:import', '--', source], {
    env: { ...process.env, DATABASE_URL: databaseUrl, EMBEDDED: '1' },
  });
}

/** The settings every process shares: the same database and the same secrets (production names them). */
export function clusterEnv(databaseUrl, dataDir) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const vapid = webpush.generateVAPIDKeys();
  return {
    ...process.env,
    NODE_ENV: 'production',
    EMBEDDED: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${basePort}`,
    SESSION_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    PAYWALL_COOKIE_SECRET: randomBytes(32).toString('hex'),
    IDENTITY_SECRET: randomBytes(32).toString('hex'),
    WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_VAPID_SUBJECT: 'mailto:notifications@example.org',
    // nginx is the one proxy in front: the client's address is the one it adds to X-Forwarded-For.
    IDENTITY_TRUSTED_PROXIES: '1',
    // Every request comes from one loopback address, standing for many readers' (the rolling restart's
    // stream of sign-ups, the bench's sign-ins): the per-address limit (60 a minute) would refuse them as
    // one client. The per-identifier limit stays at its default and is checked across processes.
    IDENTITY_RATE_LIMIT_PER_IP: '100000',
    SHUTDOWN_TIMEOUT_MS: '15000',
  };
}

/** Builds the web app for the cluster's settings when its build is missing or was made for others. */
export function ensureBuild(env) {
  const result = spawnSync('node', ['--import', 'tsx', 'scripts/ensure-build.ts'], {
    cwd: webDir,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('building the web app failed');
}

async function waitHealthy(url, child, ms = 300_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child && child.exitCode !== null) throw new Error(`the process on ${url} exited (${child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy`);
}

/** One server process (the built app: run `npm run build` first), on its own port. */
export function startProcess(env, index, logDir) {
  const port = basePort + 1 + index;
  const log = path.join(logDir, `server-${index + 1}.log`);
  mkdirSync(logDir, { recursive: true });
  const out = spawn('node', ['--import', 'tsx', 'server.ts'], {
    cwd: webDir,
    env: { ...env, PORT: String(port), APP_VERSION: `cluster-${index + 1}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const keep = (chunk) => {
    lines.push(chunk.toString());
    writeFileSync(log, lines.join(''));
  };
  out.stdout.on('data', keep);
  out.stderr.on('data', keep);
  const exited = new Promise((resolve) => out.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child: out,
    exited,
    log,
    ready: () => waitHealthy(`http://127.0.0.1:${port}`, out),
    async stop(signal = 'SIGTERM') {
      if (out.exitCode === null) out.kill(signal);
      return exited;
    },
  };
}

/**
 * A process, started again (as an orchestrator would) when it exits while starting: on a loaded machine
 * its first database connections can time out.
 */
async function startReady(env, index, logDir, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const started = startProcess(env, index, logDir);
    try {
      await started.ready();
      return started;
    } catch (error) {
      await started.stop();
      const tail = spawnSync('tail', ['-15', started.log], { encoding: 'utf8' }).stdout ?? '';
      if (attempt >= attempts) throw new Error(`${error.message}\n${tail}`);
      console.warn(`  process ${index + 1} exited while starting (${error.message}); starting it again`);
      console.warn(tail.replace(/^/gm, '    | '));
    }
  }
}

/** nginx in front of `ports`: round-robin, no stickiness, the upstream's port in X-Upstream. */
export function startNginx(ports, dir) {
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream app {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${basePort};
    client_max_body_size 2m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A process that is stopping refuses new connections: the request goes to the next one.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => nginx.on('exit', resolve));
  return {
    url: `http://127.0.0.1:${basePort}`,
    async stop() {
      if (nginx.exitCode === null) nginx.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The whole cluster: a fresh database with the demo edition, `count` processes and nginx. `stop()` ends
 * every process it started.
 */
export async function startCluster({ count = 3, database = 'bof_cluster', env: extra = {} } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bof-cluster-'));
  const databaseUrl = freshDatabase(database);
  importContent(databaseUrl, 'content/demo-edition');
  const env = { ...clusterEnv(databaseUrl, path.join(dir, 'data')), ...extra };
  ensureBuild(env);
  const processes = [];
  try {
    // Together, as a deployment starts them: they seed one at a time (an advisory lock), and a process
    // whose first database connections time out on a loaded machine is started again.
    const starting = Array.from({ length: count }, (_, i) => startReady(env, i, path.join(dir, 'logs')));
    const settled = await Promise.allSettled(starting);
    for (const s of settled) if (s.status === 'fulfilled') processes.push(s.value);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await Promise.all(processes.map((p) => p.stop()));
    for (const p of processes) {
      console.error(`--- ${p.log}`);
      console.error(spawnSync('tail', ['-40', p.log]).stdout?.toString());
    }
    throw error;
  }
  const nginx = startNginx(
    processes.map((p) => p.port),
    path.join(dir, 'nginx'),
  );
  await waitHealthy(nginx.url);
  return {
    dir,
    env,
    databaseUrl,
    processes,
    nginx,
    url: nginx.url,
    async restart(index) {
      const old = processes[index];
      await old.stop('SIGTERM');
      const next = await startReady(env, index, path.join(dir, 'logs-restart'));
      processes[index] = next;
      return next;
    },
    async stop() {
      await nginx.stop();
      await Promise.all(processes.map((p) => p.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
