import path from 'node:path';

/**
 * Files `next build` writes itself. Counting them as sources would make every other build folder look
 * stale after any build (each build rewrites next-env.d.ts), so no start would reuse its build.
 */
const GENERATED = new Set(['next-env.d.ts']);

/** Whether a file under the web app, the packages or the content is a source a build depends on. */
export function isBuildSource(webDir: string, file: string): boolean {
  const name = path.basename(file);
  if (path.dirname(file) === webDir && GENERATED.has(name)) return false;
  if (name.endsWith('.tsbuildinfo')) return false;
  return /\.(tsx?|css|mjs|json|sql)$/.test(name);
}
