import type { ClientConfig } from '@bof/config/client';

/** Known noise from browsers and extensions, never reported (spec §8: a short ignore list). */
export const IGNORED_ERRORS = [
  'ResizeObserver loop limit exceeded',
  'ResizeObserver loop completed with undelivered notifications',
  'Non-Error promise rejection captured',
  /^Script error\.?$/,
  /chrome-extension:\/\//,
  /moz-extension:\/\//,
];

let started = false;

/**
 * Starts browser error reporting (Sentry) when a DSN is configured, loading the SDK lazily; without
 * one, errors stay in the console. Returns whether reporting was started.
 */
export function startErrorReporting(
  config: Pick<ClientConfig, 'analytics' | 'environment' | 'deploymentId'>,
): boolean {
  const dsn = config.analytics.sentryDsn;
  if (!dsn || started) return false;
  started = true;
  void import('@sentry/nextjs')
    .then((sentry) =>
      sentry.init({
        dsn,
        environment: config.environment,
        release: config.deploymentId,
        ignoreErrors: IGNORED_ERRORS,
        tracesSampleRate: 0,
      }),
    )
    .catch((error: unknown) => console.error('Error reporting failed to start', error));
  return true;
}
