import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder above `from` holding the workspace lockfile. */
export function findRepoRoot(from: string = process.cwd()): string {
  // Resolved at run time on purpose: the bundler must not trace the whole project from here.
  let dir = path.resolve(/* turbopackIgnore: true */ from);
  for (;;) {
    if (existsSync(path.join(/* turbopackIgnore: true */ dir, 'package-lock.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(/* turbopackIgnore: true */ from);
    dir = parent;
  }
}
