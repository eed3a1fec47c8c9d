import type { Database } from '@bof/db/client';
import type { IdentityConfig } from '../identity-config';
import { createIdentityServer } from '../identity-server';

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
    devMailbox: true,
    siteName: 'BoF',
    ...overrides,
  };
}

/** The server over a test database with a clock the test moves. */
export function testIdentityServer(db: Database, overrides: Partial<IdentityConfig> = {}) {
  const clock = { now: new Date('2026-03-01T10:00:00Z') };
  const server = createIdentityServer({ db, config: testIdentityConfig(overrides), clock: () => clock.now });
  return {
    server,
    clock,
    advance: (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000)),
  };
}
