/**
 * Business constants of the product specification (§9). These are fixed by the specification, not
 * configuration: change them here only when the specification changes.
 */

/** Session and auth (spec §9). */
export const TOKEN_EXPIRY_LEEWAY_SECONDS = 60;
export const LOGOUT_WAIT_MS = 2500;
export const MEMBERSHIP_CHANGE_RETRY = { attempts: 5, baseDelayMs: 1000, factor: 2 } as const;
export const LAZY_LOAD_SPINNER_DELAY_MS = 200;

/** Cookie names (spec §9). The paywall session cookie carries the spec's `zephrToken`. */
export const SESSION_COOKIE = 'bof_session';
export const PAYWALL_SESSION_COOKIE = 'bof_paywall_session';
/** An anonymous reader's meter and A/B groups (docs/adr/0003-anonymous-meter-cookie.md). */
export const METER_COOKIE = 'bof_meter';
/**
 * The most free gated reads the meter settings may allow in a window (anonymous plus registered): the
 * meter cookies keep the newest this many reads (@bof/paywall METER_COOKIE_CAPACITY; a test keeps the two
 * equal), and a meter that allowed more would forget reads it still counts.
 */
export const METER_MAX_FREE_READS = 20;
export const CONSENT_COOKIE = 'bof_cc';

/** Deployment (spec §9). The environment itself is configuration (`APP_ENV`). */
export const DEPLOYMENT_ID = '8.57.0';
export const APP_NAME = 'frontend';
export const ENVIRONMENTS = ['dev', 'test', 'qa', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const PRODUCTION_ENVIRONMENT: Environment = 'prod';

/**
 * Fraud-detection library (spec §9). The spec names version 2.5.1, which the npm registry no longer
 * offers (it lists 2.0.4, 2.1.8, 2.1.15, 2.8.4 and 2.8.5): 2.8.5, with the same API, is the one installed
 * (docs/adr/0007-fraud-detection-at-sign-in.md).
 */
export const FRAUD_DETECTION = {
  specLibraryVersion: '2.5.1',
  libraryVersion: '2.8.5',
  requestTimeoutMs: 1000,
  clientIdCookieLifetimeSeconds: 34_560_000,
  formEventThrottleMs: 300,
  customEventBatchMax: 100,
  customEventBatchDelayMs: 500,
  customEventSendThrottleMs: 300,
} as const;

/** Analytics (spec §9). */
export const ANALYTICS = {
  libraryVersion: '0.12.5',
  sessionTimeoutSeconds: 1800,
  cookieLifetimeSeconds: 63_072_000,
  eventQueueCapacity: 1000,
  collectorRequestTimeoutMs: 5000,
  maxPostBytes: 40_000,
  bufferSize: 1,
  errorMessageMaxLength: 2048,
  errorStackMaxLength: 8192,
  pagePingMinimumVisitSeconds: 10,
  heartbeatDelaySeconds: 10,
  pluginReadinessWaitMs: 10_000,
  pluginQueueFlushMs: 3000,
} as const;

/** Currencies the product sells in (spec §4, §9). */
export const CURRENCIES = ['EUR', 'GBP', 'INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Whether this is a production build. The bundler replaces the expression at build time, so code kept
 * for development only (the browser's event validator) is left out of a production build entirely.
 */
export const PRODUCTION_BUILD = process.env.NODE_ENV === 'production';

/**
 * The site's name (`SITE_NAME`) as written into the web build by next.config. Only the last-resort error
 * page needs it: it replaces the root layout, which hands every other page its configuration. Empty
 * outside a Next.js build.
 */
export const SITE_NAME_AT_BUILD = process.env.BOF_SITE_NAME ?? '';
