// Bundles the service worker (src/sw/sw.ts, with serwist) into public/sw.js: run by `npm run build` and
// by ensure-build before a start. public/sw.js is a build output (gitignored). Each build is a new
// version, so an open app learns of the new site and offers to reload (issue 27, ADR 0040).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildServiceWorker(): Promise<string> {
  const version = createHash('sha256').update(`${Date.now()}:${Math.random()}`).digest('hex').slice(0, 16);
  await build({
    entryPoints: [path.join(webDir, 'src/sw/sw.ts')],
    outfile: path.join(webDir, 'public/sw.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'none',
    define: { __BOF_SW_VERSION__: JSON.stringify(version), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return version;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const version = await buildServiceWorker();
  console.log(`Service worker built (public/sw.js, version ${version})`);
}
