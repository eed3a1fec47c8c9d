import { z } from 'zod';
import type { AnalyticsEnv } from './analytics-env';
import { APP_NAME, DEPLOYMENT_ID, ENVIRONMENTS } from './constants';

/**
 * The part of the configuration the browser may see. The server derives it from its own settings and
 * hands it to the page through the root layout. Prerendered pages carry it from build time, so `npm start`
 * rebuilds when it changes (apps/web/scripts/ensure-build.ts).
 */
export const clientConfigSchema = z.object({
  siteName: z.string(),
  siteUrl: z.string(),
  identityBaseUrl: z.string(),
  authEndpointUrl: z.string(),
  consentBaseUrl: z.string(),
  staticBaseUrl: z.string(),
  environment: z.enum(ENVIRONMENTS),
  appName: z.literal(APP_NAME),
  appVersion: z.string(),
  deploymentId: z.literal(DEPLOYMENT_ID),
  debugMode: z.boolean(),
  /** Every analytics setting is browser-safe: the collector, tag ids and public SDK keys. */
  analytics: z.custom<AnalyticsEnv>(),
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;

interface ClientConfigSource {
  siteName: string;
  siteUrl: string;
  identityBaseUrl: string;
  authEndpointUrl: string;
  consentBaseUrl: string;
  staticBaseUrl: string;
  environment: ClientConfig['environment'];
  appVersion: string;
  debugMode: boolean;
  analytics: AnalyticsEnv;
}

/** Picks the browser-safe settings; secrets never pass through here. */
export function toClientConfig(env: ClientConfigSource): ClientConfig {
  return {
    siteName: env.siteName,
    siteUrl: env.siteUrl,
    identityBaseUrl: env.identityBaseUrl,
    authEndpointUrl: env.authEndpointUrl,
    consentBaseUrl: env.consentBaseUrl,
    staticBaseUrl: env.staticBaseUrl,
    environment: env.environment,
    appName: APP_NAME,
    appVersion: env.appVersion,
    deploymentId: DEPLOYMENT_ID,
    debugMode: env.debugMode,
    analytics: env.analytics,
  };
}
