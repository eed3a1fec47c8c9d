import { stringMatchesSomePattern } from '@sentry/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { startErrorReporting as StartErrorReporting } from './error-reporting';

const sentry = vi.hoisted(() => ({ imported: 0, init: [] as unknown[] }));
vi.mock('@sentry/nextjs', () => {
  sentry.imported += 1;
  return { init: (options: unknown) => sentry.init.push(options) };
});

const config = (sentryDsn: string | null) =>
  ({
    environment: 'prod',
    deploymentId: '8.57.0',
    analytics: { sentryDsn },
  }) as unknown as Parameters<typeof StartErrorReporting>[0];

beforeEach(() => {
  vi.resetModules();
  sentry.imported = 0;
  sentry.init.length = 0;
});
afterEach(() => vi.restoreAllMocks());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('browser error reporting (spec §8)', () => {
  it('starts Sentry once, lazily, when a DSN is configured, with the ignore list', async () => {
    const { IGNORED_ERRORS, startErrorReporting } = await import('./error-reporting');
    expect(sentry.imported).toBe(0);
    expect(startErrorReporting(config('https://key@o1.ingest.sentry.io/2'))).toBe(true);
    expect(startErrorReporting(config('https://key@o1.ingest.sentry.io/2'))).toBe(false);
    await settle();
    expect(sentry.init).toEqual([
      {
        dsn: 'https://key@o1.ingest.sentry.io/2',
        environment: 'prod',
        release: '8.57.0',
        ignoreErrors: IGNORED_ERRORS,
        tracesSampleRate: 0,
      },
    ]);
  });

  it('leaves errors to the console without a DSN: Sentry is never loaded', async () => {
    const { startErrorReporting } = await import('./error-reporting');
    expect(startErrorReporting(config(null))).toBe(false);
    await settle();
    expect(sentry.imported).toBe(0);
  });

  it('ignores known noise only, as Sentry matches it (substrings and patterns)', async () => {
    const { IGNORED_ERRORS } = await import('./error-reporting');
    const ignored = (message: string) => stringMatchesSomePattern(message, IGNORED_ERRORS);
    for (const noise of [
      'ResizeObserver loop limit exceeded',
      'ResizeObserver loop completed with undelivered notifications.',
      'Non-Error promise rejection captured with value: undefined',
      'Script error.',
      'Error at chrome-extension://abcdef/content.js:1:1',
    ])
      expect(ignored(noise)).toBe(true);
    for (const real of [
      "TypeError: Cannot read properties of undefined (reading 'id')",
      'Script error in checkout',
    ])
      expect(ignored(real)).toBe(false);
  });
});
