import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => ({ imported: 0, init: [] as unknown[], captured: [] as unknown[][] }));
const env = vi.hoisted(() => ({ sentryDsn: null as string | null }));
vi.mock('@sentry/nextjs', () => {
  sentry.imported += 1;
  return {
    init: (options: unknown) => sentry.init.push(options),
    captureRequestError: (...args: unknown[]) => sentry.captured.push(args),
  };
});
vi.mock('@bof/config/server', () => ({
  getServerEnv: () => ({
    environment: 'prod',
    appVersion: '8.57.0',
    analytics: { sentryDsn: env.sentryDsn },
  }),
}));

beforeEach(() => {
  vi.resetModules();
  sentry.imported = 0;
  sentry.init.length = 0;
  sentry.captured.length = 0;
});
afterEach(() => vi.restoreAllMocks());

const request = { path: '/articles/', method: 'GET', headers: {} };
const context = {
  routerKind: 'App Router',
  routePath: '/articles',
  routeType: 'render',
  revalidateReason: undefined,
} as const;

describe('server error reporting', () => {
  it('reports every request error to Sentry when a DSN is configured', async () => {
    env.sentryDsn = 'https://key@o1.ingest.sentry.io/2';
    const { reportRequestError, startErrorReporting } = await import('./error-reporting');
    await startErrorReporting();
    expect(sentry.init).toEqual([
      {
        dsn: 'https://key@o1.ingest.sentry.io/2',
        environment: 'prod',
        release: '8.57.0',
        tracesSampleRate: 0,
      },
    ]);
    const error = new Error('render failed');
    await reportRequestError(error, request, context);
    expect(sentry.captured).toEqual([[error, request, context]]);
    expect(sentry.init).toHaveLength(1);
  });

  it('leaves errors to the console (Next.js logs them) without a DSN, never loading Sentry', async () => {
    env.sentryDsn = null;
    const { reportRequestError, startErrorReporting } = await import('./error-reporting');
    await startErrorReporting();
    await reportRequestError(new Error('render failed'), request, context);
    expect(sentry.imported).toBe(0);
  });
});
