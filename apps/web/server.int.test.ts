import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const rootDir = path.resolve(webDir, '../..');

/** A production configuration with IDENTITY_BASE_URL left out. */
const productionWithoutIdentity = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production' as const,
  SITE_URL: 'https://www.example.org',
  DATABASE_URL: 'postgres://127.0.0.1:1/none',
  AUTH_ENDPOINT_URL: 'https://www.example.org/api/auth/token/',
  CONSENT_BASE_URL: 'https://static.example.org/consent',
  STATIC_BASE_URL: 'https://static.example.org',
  NEXT_DIST_DIR: '.next-config-check',
};

describe('server start', () => {
  it('refuses a production start with a required variable missing, naming it', () => {
    const result = spawnSync('npx', ['tsx', 'server.ts'], {
      cwd: webDir,
      encoding: 'utf8',
      timeout: 60_000,
      env: productionWithoutIdentity,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('IDENTITY_BASE_URL: is required in production');
    expect(result.stderr).not.toContain('AUTH_ENDPOINT_URL');
  });

  it('refuses `npm start` in production before building, naming every missing variable', () => {
    const result = spawnSync('npm', ['start'], {
      cwd: rootDir,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...productionWithoutIdentity, EMBEDDED: '0' },
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('IDENTITY_BASE_URL: is required in production');
    expect(result.stderr).toContain('SESSION_SIGNING_KEY: is required in production');
    expect(result.stderr).not.toContain('AUTH_ENDPOINT_URL');
    // The configuration is checked before anything is built.
    expect(result.stdout).not.toContain('Building the web app');
  });
});
