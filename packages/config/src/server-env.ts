import path from 'node:path';
import { z } from 'zod';
import { parseAnalyticsEnv, type AnalyticsEnv } from './analytics-env';
import { parseBillingEnv, type BillingEnv } from './billing-env';
import { parseMediaEnv, type MediaEnv } from './media-env';
import { parseWebPushEnv, type WebPushEnv } from './web-push-env';
import { ConfigurationError } from './configuration-error';
import { parseIdentityEnv, type IdentityEnv } from './identity-env';
import {
  DEPLOYMENT_ID,
  ENVIRONMENTS,
  METER_MAX_FREE_READS,
  PRODUCTION_ENVIRONMENT,
  type Environment,
} from './constants';
import { parseIpRanges, type IpRange } from './ip-ranges';
import { findRepoRoot } from './repo-root';

export { ConfigurationError } from './configuration-error';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const url = z.url({ protocol: /^https?$/ });
const optionalUrl = url.optional();

/** Every environment variable the server reads, as it arrives. */
const rawServerEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  EMBEDDED: flag.optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  SITE_NAME: z.string().trim().min(1).max(80).default('The Business of Fashion'),
  SITE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  IDENTITY_BASE_URL: optionalUrl,
  AUTH_ENDPOINT_URL: optionalUrl,
  CONSENT_BASE_URL: optionalUrl,
  STATIC_BASE_URL: optionalUrl,
  APP_ENV: z.enum(ENVIRONMENTS).optional(),
  APP_VERSION: z.string().min(1).max(64).optional(),
  DEBUG_MODE: flag.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SESSION_SIGNING_KEY: z
    .string()
    .transform((v) => v.replace(/\\n/g, '\n'))
    .pipe(z.string().regex(/-----BEGIN PRIVATE KEY-----/, 'must be a PKCS#8 PEM private key'))
    .optional(),
  SESSION_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  PAYWALL_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOGIN_POLICY_MAX_SESSIONS: z.coerce.number().int().min(1).max(100).default(3),
  METER_ANONYMOUS_READS: z.coerce.number().int().min(0).max(METER_MAX_FREE_READS).default(2),
  METER_REGISTERED_EXTRA_READS: z.coerce.number().int().min(0).max(METER_MAX_FREE_READS).default(3),
  METER_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  METER_CRAWLER_IP_RANGES: z
    .string()
    .max(20_000)
    .transform((value, ctx) => {
      const ranges = parseIpRanges(value);
      if (typeof ranges === 'string') {
        ctx.addIssue({ code: 'custom', message: `must list CIDR ranges: ${ranges}` });
        return z.NEVER;
      }
      return ranges;
    })
    .default([]),
  WALL_EXPERIMENTS: z
    .string()
    .max(2000)
    .regex(
      /^$|^\s*(WALL|WALL_DESIGN|WALL_OFFER|WALL_CTA)\s*=\s*[\w-]+(\s*\|\s*[\w-]+)+\s*(;\s*(WALL|WALL_DESIGN|WALL_OFFER|WALL_CTA)\s*=\s*[\w-]+(\s*\|\s*[\w-]+)+\s*)*$/,
      'must read like WALL_CTA=default|trial;WALL_DESIGN=default|minimal',
    )
    .default(''),
  CASTLE_API_SECRET: z.string().min(16, 'must be the 32-character API secret').max(128).optional(),
  CONTACT_INBOX: z.email().max(254).optional(),
  AI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(2048)
    .optional(),
  AI_API_KEY: z.string().min(1).max(512).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  /** E-mail addresses made newsroom admins (with the admin flag) when they sign in: the first staff. */
  NEWSROOM_ADMINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('NEWSROOM_ADMINS lists e-mail addresses, comma-separated.'))),
  STORY_CACHE: flag.default(true),
  DEV_TOOLS_ALLOW_REMOTE: flag.default(false),
  STORY_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  STORY_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  STORY_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
});

/** Settings that production must name explicitly (spec §8: a missing one is a configuration error). */
const REQUIRED_IN_PRODUCTION = [
  'SITE_URL',
  'DATABASE_URL',
  'IDENTITY_BASE_URL',
  'AUTH_ENDPOINT_URL',
  'CONSENT_BASE_URL',
  'STATIC_BASE_URL',
  'SESSION_SIGNING_KEY',
  'PAYWALL_COOKIE_SECRET',
  // Sign-in codes, e-mail changes and enquiries go out through it; the outbox is read only when embedded.
  'SMTP_URL',
] as const;

export interface ServerEnv {
  nodeEnv: 'development' | 'production' | 'test';
  /** True when the embedded defaults stand in for outside services (docs/architecture.md §1). */
  embedded: boolean;
  port: number;
  host: string;
  siteName: string;
  /** Site base address, without a trailing slash. */
  siteUrl: string;
  dataDir: string;
  /** PostgreSQL when set; PGlite in `dataDir` otherwise. */
  databaseUrl: string | undefined;
  identityBaseUrl: string;
  authEndpointUrl: string;
  consentBaseUrl: string;
  staticBaseUrl: string;
  environment: Environment;
  appVersion: string;
  debugMode: boolean;
  shutdownTimeoutMs: number;
  /** PKCS#8 PEM of the ES256 key signing `bof_session`; embedded: generated under `dataDir/keys`. */
  sessionSigningKey: string | undefined;
  sessionTokenTtlSeconds: number;
  /** HMAC secret of the paywall and meter cookies; embedded: generated under `dataDir/keys`. */
  paywallCookieSecret: string | undefined;
  /** Free gated reads per rolling window: anonymous, then further ones once registered (access issue). */
  meter: { anonymousReads: number; registeredExtraReads: number; windowDays: number };
  /**
   * Client address ranges of verified search crawlers (METER_CRAWLER_IP_RANGES): anonymous requests from
   * them read metered stories without the meter (docs/access.md). Empty: no crawler is treated so.
   */
  meterCrawlerIpRanges: IpRange[];
  /** Running wall experiments, `WALL_CTA=default|trial;…` (parsed and checked by the access module). */
  wallExperiments: string;
  /** Concurrent sessions an account may hold before the login-policy warning. */
  loginPolicyMaxSessions: number;
  /**
   * The OpenAI-compatible chat endpoint AI answers use (AI_BASE_URL, AI_API_KEY, AI_MODEL, all three or
   * none); null: answers are extractive, composed from the search results without a model.
   */
  aiAnswers: { baseUrl: string; apiKey: string; model: string } | null;
  /** Castle's server-side API secret: with it, sign-ins get a risk verdict. Never sent to the browser. */
  fraudDetectionApiSecret: string | undefined;
  /** Analytics collector, consented tags, consent layer and the other third parties (analytics-env.ts). */
  analytics: AnalyticsEnv;
  /** Billing provider: Recurly when RECURLY_* are all set, the simulator otherwise (billing-env.ts). */
  billing: BillingEnv;
  /** Where uploaded photos are stored: S3-compatible storage when MEDIA_S3_* are set (media-env.ts). */
  media: MediaEnv;
  /**
   * The Web Push sender's VAPID keys when WEB_PUSH_VAPID_* are set (web-push-env.ts); otherwise the
   * embedded defaults keep a generated pair under `dataDir/keys` and production sends no push.
   */
  webPush: WebPushEnv;
  /** The built-in identity server: sessions, return URLs, rate limits, courier (identity-env.ts). */
  identity: IdentityEnv;
  /** Where enquiries from the contact pages are e-mailed (the desks' shared inbox). */
  contactInbox: string;
  /** NEWSROOM_ADMINS: addresses that become newsroom admins when they sign in (lower-case). */
  newsroomAdmins: string[];
  /**
   * The embedded development tools (the outbox at `/_dev/mail/`, the billing simulator's clock, card
   * tokens and 3-D Secure page) answer clients on other machines too; by default only loopback clients.
   */
  devToolsAllowRemote: boolean;
  /** Rendered story pages kept compressed for readers who share a decision (production server only). */
  storyCache: { enabled: boolean; maxBytes: number; ttlMs: number; staleMs: number };
}

const trimSlash = (value: string) => value.replace(/\/+$/, '');

/**
 * Validates the environment once. Embedded defaults apply when NODE_ENV is not production or
 * EMBEDDED=1; otherwise every variable of REQUIRED_IN_PRODUCTION must be set.
 * @throws ConfigurationError naming each variable that is missing or invalid.
 */
export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const problems: { variable: string; message: string }[] = [];
  // Each group is checked even when an earlier one failed, so one start names every variable at fault.
  const collect = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const parsed = rawServerEnv.safeParse(cleaned);
  if (!parsed.success) {
    problems.push(
      ...parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  // The groups below need a few core settings; invalid ones fall back to their defaults for that check.
  const raw = parsed.success ? parsed.data : rawServerEnv.parse({});
  if (parsed.success && raw.METER_ANONYMOUS_READS + raw.METER_REGISTERED_EXTRA_READS > METER_MAX_FREE_READS) {
    problems.push({
      variable: 'METER_REGISTERED_EXTRA_READS',
      message: `with METER_ANONYMOUS_READS must allow at most ${METER_MAX_FREE_READS} free stories in all (the meter cookie keeps ${METER_MAX_FREE_READS} reads)`,
    });
  }
  const embeddedFlag = flag.safeParse(cleaned.EMBEDDED);
  const embedded = embeddedFlag.success ? embeddedFlag.data : cleaned.NODE_ENV !== 'production';
  if (!embedded) {
    for (const variable of REQUIRED_IN_PRODUCTION) {
      if (cleaned[variable] === undefined)
        problems.push({
          variable,
          message: 'is required in production (set EMBEDDED=1 to run on the embedded defaults)',
        });
    }
  }
  const siteUrl = trimSlash(raw.SITE_URL ?? `http://localhost:${raw.PORT}`);
  const environment = raw.APP_ENV ?? (embedded ? 'dev' : PRODUCTION_ENVIRONMENT);
  const staticBaseUrl = trimSlash(raw.STATIC_BASE_URL ?? `${siteUrl}/static`);
  const analytics = collect(() =>
    parseAnalyticsEnv(cleaned, { embedded, environment, siteUrl, staticBaseUrl }),
  );
  if (raw.CASTLE_API_SECRET && analytics && !analytics.fraudDetection) {
    // Sign-ins without a request token are denied, and only the browser library makes one.
    problems.push({
      variable: 'FRAUD_DETECTION_PUBLISHABLE_KEY',
      message: 'is required when CASTLE_API_SECRET is set',
    });
  }
  const aiVariables = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const;
  const aiSet = aiVariables.filter((variable) => cleaned[variable] !== undefined);
  if (aiSet.length > 0 && aiSet.length < aiVariables.length)
    for (const variable of aiVariables.filter((v) => !aiSet.includes(v)))
      problems.push({ variable, message: `is required when ${aiSet.join(' and ')} is set` });
  const billing = collect(() => parseBillingEnv(cleaned));
  const identity = collect(() => parseIdentityEnv(cleaned, { embedded }));
  const media = collect(() => parseMediaEnv(cleaned));
  const webPush = collect(() => parseWebPushEnv(cleaned));
  if (problems.length > 0 || !analytics || !billing || !identity || !media || !webPush)
    throw new ConfigurationError(problems);
  const root = findRepoRoot();
  return {
    nodeEnv: raw.NODE_ENV,
    embedded,
    port: raw.PORT,
    host: raw.HOST,
    siteName: raw.SITE_NAME,
    siteUrl,
    dataDir: path.resolve(/* turbopackIgnore: true */ root, raw.DATA_DIR ?? '.data'),
    databaseUrl: raw.DATABASE_URL,
    identityBaseUrl: trimSlash(raw.IDENTITY_BASE_URL ?? `${siteUrl}/identity`),
    authEndpointUrl: raw.AUTH_ENDPOINT_URL ?? `${siteUrl}/api/auth/token/`,
    consentBaseUrl: trimSlash(raw.CONSENT_BASE_URL ?? `${siteUrl}/consent`),
    staticBaseUrl,
    environment,
    appVersion: raw.APP_VERSION ?? DEPLOYMENT_ID,
    debugMode: raw.DEBUG_MODE,
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS,
    sessionSigningKey: raw.SESSION_SIGNING_KEY,
    sessionTokenTtlSeconds: raw.SESSION_TOKEN_TTL_SECONDS,
    paywallCookieSecret: raw.PAYWALL_COOKIE_SECRET,
    loginPolicyMaxSessions: raw.LOGIN_POLICY_MAX_SESSIONS,
    meter: {
      anonymousReads: raw.METER_ANONYMOUS_READS,
      registeredExtraReads: raw.METER_REGISTERED_EXTRA_READS,
      windowDays: raw.METER_WINDOW_DAYS,
    },
    meterCrawlerIpRanges: raw.METER_CRAWLER_IP_RANGES,
    wallExperiments: raw.WALL_EXPERIMENTS,
    fraudDetectionApiSecret: raw.CASTLE_API_SECRET,
    aiAnswers:
      raw.AI_BASE_URL && raw.AI_API_KEY && raw.AI_MODEL
        ? { baseUrl: trimSlash(raw.AI_BASE_URL), apiKey: raw.AI_API_KEY, model: raw.AI_MODEL }
        : null,
    contactInbox: raw.CONTACT_INBOX ?? `enquiries@${new URL(siteUrl).hostname}`,
    newsroomAdmins: raw.NEWSROOM_ADMINS,
    analytics,
    billing,
    media,
    webPush,
    identity,
    devToolsAllowRemote: raw.DEV_TOOLS_ALLOW_REMOTE,
    storyCache: {
      enabled: raw.STORY_CACHE,
      maxBytes: raw.STORY_CACHE_MAX_MB * 1024 * 1024,
      ttlMs: raw.STORY_CACHE_TTL_SECONDS * 1000,
      staleMs: raw.STORY_CACHE_STALE_SECONDS * 1000,
    },
  };
}

let cached: ServerEnv | undefined;

/** The server's configuration, read from `process.env` on first use and then kept. */
export function getServerEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
