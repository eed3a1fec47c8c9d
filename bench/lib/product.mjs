// Starting the product for a bench: the production server (apps/web/server.ts under Node with tsx's
// loader, so the child's pid is the server's own), on the embedded defaults, with a data folder of its
// own, stopped with the bench (exit, Ctrl-C, SIGTERM); resolves once /api/health/ answers.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDir = path.join(root, 'apps/web');

/** Stops the bench with a clear message when `dist` holds no build (a bench builds nothing itself). */
export function requireBuild(dist) {
  if (existsSync(path.join(webDir, dist, 'BUILD_ID'))) return;
  console.error(`No build in apps/web/${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

/**
 * Starts the product on `port` from the build in `dist`, with an empty `dataDir` and `env` on top of the
 * embedded production defaults. Returns the server's child process and its base address.
 */
export async function startProduct({ port, dist, dataDir, env = {} }) {
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: webDir,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      EMBEDDED: '1',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: dist,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      ...env,
    },
  });
  process.on('exit', () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Gone.
    }
  });
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) break;
    } catch {
      // Not up yet.
    }
    if (i > 480) throw new Error('The product did not start within four minutes.');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { server, base };
}
