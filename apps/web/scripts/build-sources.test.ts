import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBuildSource } from './build-sources';

const webDir = path.resolve('/repo/apps/web');

describe('isBuildSource', () => {
  it('counts source, style, data and migration files', () => {
    for (const file of ['src/app/page.tsx', 'server.ts', 'src/app/globals.css', 'package.json']) {
      expect(isBuildSource(webDir, path.join(webDir, file))).toBe(true);
    }
    expect(isBuildSource(webDir, '/repo/packages/db/migrations/0001_x.sql')).toBe(true);
  });

  it('leaves out next-env.d.ts, which every build rewrites, and compiler caches', () => {
    expect(isBuildSource(webDir, path.join(webDir, 'next-env.d.ts'))).toBe(false);
    expect(isBuildSource(webDir, path.join(webDir, 'tsconfig.tsbuildinfo'))).toBe(false);
  });

  it('still counts a declaration file of the same name elsewhere, and leaves out other files', () => {
    expect(isBuildSource(webDir, path.join(webDir, 'src/next-env.d.ts'))).toBe(true);
    expect(isBuildSource(webDir, path.join(webDir, 'README.md'))).toBe(false);
  });
});
