import { z } from 'zod';
import { ConfigurationError } from './configuration-error';
import type { Environment } from './constants';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const url = z.url({ protocol: /^https?$/ });
const pixelId = z.string().regex(/^\d{5,20}$/, 'must be the ad pixel id (digits)');
const tagId = z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a tag manager container id (GTM-…)');

/** The analytics and third-party settings, as they arrive (spec §9: ids per environment). */
const rawAnalyticsEnv = z.object({
  ANALYTICS_COLLECTOR_URL: url.optional(),
  AD_PIXEL_ENABLED: flag.optional(),
  AD_PIXEL_ID_DEV: pixelId.optional(),
  AD_PIXEL_ID_TEST: pixelId.optional(),
  AD_PIXEL_ID_QA: pixelId.optional(),
  AD_PIXEL_ID_PROD: pixelId.optional(),
  AD_PIXEL_SCRIPT_URL: url.default('https://connect.facebook.net/en_US/fbevents.js'),
  TAG_MANAGER_ENABLED: flag.optional(),
  TAG_MANAGER_ID_DEV: tagId.optional(),
  TAG_MANAGER_ID_TEST: tagId.optional(),
  TAG_MANAGER_ID_QA: tagId.optional(),
  TAG_MANAGER_ID_PROD: tagId.optional(),
  TAG_MANAGER_SCRIPT_URL: url.default('https://www.googletagmanager.com/gtm.js'),
  MESSAGING_API_KEY: z.string().min(8).max(128).optional(),
  MESSAGING_BASE_URL: z.string().min(3).max(255).default('sdk.fra-02.braze.eu'),
  FRAUD_DETECTION_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_.{32}$/, 'missing or wrong publishableKey (35 characters starting pk_)')
    .optional(),
  SENTRY_DSN: url.optional(),
  COLLECTOR_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(100_000).default(200),
  COLLECTOR_RATE_LIMIT_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(10),
});

/** Where the browser's consent layer comes from: bundled with the app, or the static base URL. */
export type ConsentAssets = { kind: 'bundled' } | { kind: 'static'; scriptUrl: string; styleUrl: string };

/** A third-party tag that loads only after non-essential consent. */
export interface ConsentedTag {
  id: string;
  scriptUrl: string;
}

export interface AnalyticsEnv {
  /** The tracker's endpoint; the tracker adds the protocol paths to it. */
  collectorUrl: string;
  /** True when the endpoint is this site's own collector (`/api/collector`). */
  embeddedCollector: boolean;
  adPixel: ConsentedTag | null;
  tagManager: ConsentedTag | null;
  consentAssets: ConsentAssets;
  /** In-app messaging: skipped when no API key is set (spec §8). */
  messaging: { apiKey: string; baseUrl: string } | null;
  /** Fraud detection: off without a publishable key (the embedded default). */
  fraudDetection: { publishableKey: string } | null;
  /** Error reporting: the console without a DSN. */
  sentryDsn: string | null;
  /**
   * The embedded collector's limit per client address (a token bucket): `burst` units at once, refilled
   * at `perSecond`; a request costs one unit per started 4 KB of body.
   */
  collectorRateLimit: { burst: number; perSecond: number };
}

/** The version of vanilla-cookieconsent whose files the static base URL serves. */
export const CONSENT_LAYER_VERSION = '3.1.0';

const suffix = (environment: Environment) => environment.toUpperCase() as 'DEV' | 'TEST' | 'QA' | 'PROD';

/**
 * Reads the analytics settings. The ad pixel and the tag manager are on by default outside the embedded
 * mode; one that is on needs its id for the running environment (`AD_PIXEL_ID_PROD`, …), or the start
 * fails naming the variable. Outside the embedded mode the collector URL is required too.
 * @throws ConfigurationError naming each variable at fault.
 */
export function parseAnalyticsEnv(
  env: Record<string, string | undefined>,
  context: { embedded: boolean; environment: Environment; siteUrl: string; staticBaseUrl: string },
): AnalyticsEnv {
  const parsed = rawAnalyticsEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigurationError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
    );
  }
  const raw = parsed.data;
  const problems: { variable: string; message: string }[] = [];
  const envSuffix = suffix(context.environment);

  const tag = (name: 'AD_PIXEL' | 'TAG_MANAGER', scriptUrl: string): ConsentedTag | null => {
    const enabled = raw[`${name}_ENABLED`] ?? !context.embedded;
    if (!enabled) return null;
    const variable = `${name}_ID_${envSuffix}` as const;
    const id = raw[variable];
    if (!id) {
      problems.push({ variable, message: `is required when ${name}_ENABLED is on (spec §8)` });
      return null;
    }
    return { id, scriptUrl };
  };
  const adPixel = tag('AD_PIXEL', raw.AD_PIXEL_SCRIPT_URL);
  const tagManager = tag('TAG_MANAGER', raw.TAG_MANAGER_SCRIPT_URL);

  if (!context.embedded && !raw.ANALYTICS_COLLECTOR_URL) {
    problems.push({ variable: 'ANALYTICS_COLLECTOR_URL', message: 'is required in production (spec §8)' });
  }
  if (problems.length > 0) throw new ConfigurationError(problems);

  const embeddedCollectorUrl = `${context.siteUrl}/api/collector`;
  const collectorUrl = (raw.ANALYTICS_COLLECTOR_URL ?? embeddedCollectorUrl).replace(/\/+$/, '');
  const consentBase = `${context.staticBaseUrl}/vanilla-cookieconsent/${CONSENT_LAYER_VERSION}`;
  return {
    collectorUrl,
    embeddedCollector: collectorUrl === embeddedCollectorUrl,
    adPixel,
    tagManager,
    consentAssets: context.embedded
      ? { kind: 'bundled' }
      : {
          kind: 'static',
          scriptUrl: `${consentBase}/cookieconsent.umd.js`,
          styleUrl: `${consentBase}/cookieconsent.css`,
        },
    messaging: raw.MESSAGING_API_KEY
      ? { apiKey: raw.MESSAGING_API_KEY, baseUrl: raw.MESSAGING_BASE_URL }
      : null,
    fraudDetection: raw.FRAUD_DETECTION_PUBLISHABLE_KEY
      ? { publishableKey: raw.FRAUD_DETECTION_PUBLISHABLE_KEY }
      : null,
    sentryDsn: raw.SENTRY_DSN ?? null,
    collectorRateLimit: {
      burst: raw.COLLECTOR_RATE_LIMIT_BURST,
      perSecond: raw.COLLECTOR_RATE_LIMIT_PER_SECOND,
    },
  };
}
