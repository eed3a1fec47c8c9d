import { getTestEnv } from '@bof/config/test';
import type { DatabaseHandle } from '@bof/db/client';
import type { IdentityConfig } from '../identity-config';
import { createPgliteChangeFeed, createPostgresChangeFeed, type ChangeFeed } from '../cache/change-feed';
import { createIdentityServer, type IdentityServerDeps } from '../identity-server';

export const TEST_SITE = 'http://site.test';
export const TEST_BASE = `${TEST_SITE}/identity`;

/** A test configuration: the site on http://site.test, plus one wildcard return host. */
export function testIdentityConfig(overrides: Partial<IdentityConfig> = {}): IdentityConfig {
  return {
    publicBaseUrl: TEST_BASE,
    ui: {
      login: `${TEST_SITE}/user/login/`,
      registration: `${TEST_SITE}/user/register/`,
      recovery: `${TEST_SITE}/user/recovery/`,
      verification: `${TEST_SITE}/user/confirm-email/`,
      settings: `${TEST_SITE}/user/account/`,
      error: `${TEST_SITE}/user/login/`,
    },
    defaultReturnUrl: `${TEST_SITE}/`,
    afterLogoutUrl: `${TEST_SITE}/user/logout/`,
    allowedReturnUrls: [`${TEST_SITE}/`, 'https://*.partner.test/'],
    secureCookies: false,
    sessionLifespanSeconds: 86_400,
    privilegedSessionMaxAgeSeconds: 900,
    flowLifespanSeconds: 3600,
    codeLifespanSeconds: 600,
    maxCodeAttempts: 5,
    rateLimitPerIp: 10_000,
    rateLimitPerIdentifier: 1_000,
    trustedProxies: 0,
    secret: 'test-secret-of-the-identity-server-0123456789',
    devMailbox: true,
    siteName: 'BoF',
    ...overrides,
  };
}

/**
 * The change feed of a test database: PGlite's LISTEN, or on PostgreSQL (TEST_DATABASE_URL) a LISTEN
 * connection to the test's own database.
 */
export async function testChangeFeed(handle: DatabaseHandle): Promise<ChangeFeed> {
  if (handle.pglite) return createPgliteChangeFeed(handle.pglite);
  const { testDatabaseUrl } = getTestEnv();
  const result = (await handle.db.execute('select current_database() as name')) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${result.rows[0]!.name}`;
  return createPostgresChangeFeed(url.toString(), { log: () => undefined });
}

/** The server over a test database with a clock the test moves, and the whoami cache on. */
export function testIdentityServer(
  db: DatabaseHandle['db'],
  overrides: Partial<IdentityConfig> = {},
  deps: Partial<Omit<IdentityServerDeps, 'db' | 'config' | 'clock'>> = {},
) {
  const clock = { now: new Date('2026-03-01T10:00:00Z') };
  const server = createIdentityServer({
    db,
    config: testIdentityConfig(overrides),
    clock: () => clock.now,
    pruneIntervalMs: 0,
    ...deps,
  });
  return {
    server,
    clock,
    advance: (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000)),
  };
}
