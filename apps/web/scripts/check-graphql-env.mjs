// Fails when src/client/graphql/graphql-env.d.ts (the gql.tada typings) was not regenerated after the
// GraphQL schema changed: generates them afresh into a temporary file and compares.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(webDir, 'src/client/graphql/graphql-env.d.ts');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bof-graphql-env-'));
const fresh = path.join(scratch, 'graphql-env.d.ts');
try {
  const run = spawnSync(
    process.execPath,
    [
      path.join(webDir, '../../node_modules/gql.tada/bin/cli.js'),
      'generate-output',
      '-c',
      'tsconfig.gql-tada.json',
      '-o',
      fresh,
    ],
    { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  let current = '';
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    // A missing file is drift too.
  }
  if (current !== readFileSync(fresh, 'utf8')) {
    console.error('apps/web/src/client/graphql/graphql-env.d.ts is out of date: run `npm run schema:print`.');
    process.exit(1);
  }
  console.log('graphql-env.d.ts is up to date.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
