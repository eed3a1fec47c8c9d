import type * as SentryModule from '@sentry/nextjs';
import type { Instrumentation } from 'next';
import { getServerEnv } from '@bof/config/server';

type Sentry = typeof SentryModule;
let sentry: Promise<Sentry | null> | undefined;

/** Server-side error reporting: Sentry when a DSN is configured, otherwise the console (Next logs it). */
function reporter(): Promise<Sentry | null> {
  sentry ??= (async () => {
    const env = getServerEnv();
    const dsn = env.analytics.sentryDsn;
    if (!dsn) return null;
    const sdk = await import('@sentry/nextjs');
    sdk.init({ dsn, environment: env.environment, release: env.appVersion, tracesSampleRate: 0 });
    return sdk;
  })().catch((error: unknown) => {
    console.error('Server error reporting failed to start', error);
    return null;
  });
  return sentry;
}

/** Starts the reporter at server start so the first error is not the one that pays for loading it. */
export async function startErrorReporting(): Promise<void> {
  await reporter();
}

/** Every error a route, page or server action throws, with the request it came from. */
export const reportRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const sdk = await reporter();
  sdk?.captureRequestError(error, request, context);
};
