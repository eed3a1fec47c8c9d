import { z } from 'zod';
import { ConfigurationError } from './configuration-error';

/** Recurly.js, loaded by the payment pages when Recurly is configured. */
export const DEFAULT_RECURLY_SCRIPT_URL = 'https://js.recurly.com/v4/recurly.js';

const secrets = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().min(16, 'each webhook key must be at least 16 characters')).min(1));

/** The Recurly settings, as they arrive. */
const rawBillingEnv = z.object({
  RECURLY_API_KEY: z.string().trim().min(16, 'must be the private API key of the Recurly site').optional(),
  RECURLY_SUBDOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, 'must be the site subdomain (the part before .recurly.com)')
    .optional(),
  RECURLY_PUBLIC_KEY: z.string().trim().min(8, 'must be the public API key used by Recurly.js').optional(),
  RECURLY_WEBHOOK_SECRETS: secrets.optional(),
  RECURLY_REGION: z.enum(['us', 'eu']).default('us'),
  RECURLY_SCRIPT_URL: z.url({ protocol: /^https$/ }).default(DEFAULT_RECURLY_SCRIPT_URL),
});

/** The variables that together configure Recurly; one set without the others is an error. */
export const RECURLY_VARIABLES = [
  'RECURLY_API_KEY',
  'RECURLY_SUBDOMAIN',
  'RECURLY_PUBLIC_KEY',
  'RECURLY_WEBHOOK_SECRETS',
] as const;

export interface RecurlyEnv {
  /** Private API key: server only, never sent to the browser. */
  apiKey: string;
  subdomain: string;
  region: 'us' | 'eu';
  /** Public key for Recurly.js card fields: browser-safe. */
  publicKey: string;
  scriptUrl: string;
  /** Webhook signing keys of the endpoint; several allow rotation. */
  webhookSecrets: string[];
}

export interface BillingEnv {
  /** Recurly when all of its variables are set; the embedded billing simulator otherwise. */
  recurly: RecurlyEnv | null;
}

/**
 * Reads the billing settings. With none of RECURLY_VARIABLES set, billing runs on the simulator. With
 * some set and others not, the start fails naming the missing ones, in every mode: a half-configured
 * provider must never fall back silently to the simulator (production) or to a partial setup.
 * @throws ConfigurationError naming each variable missing or invalid.
 */
export function parseBillingEnv(env: Record<string, string | undefined>): BillingEnv {
  const parsed = rawBillingEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigurationError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
    );
  }
  const raw = parsed.data;
  const present = RECURLY_VARIABLES.filter((name) => raw[name] !== undefined);
  if (present.length === 0) return { recurly: null };
  const missing = RECURLY_VARIABLES.filter((name) => raw[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigurationError(
      missing.map((variable) => ({
        variable,
        message: `is required with ${present.join(', ')}: Recurly needs all of ${RECURLY_VARIABLES.join(', ')} (or none, for the billing simulator)`,
      })),
    );
  }
  return {
    recurly: {
      apiKey: raw.RECURLY_API_KEY!,
      subdomain: raw.RECURLY_SUBDOMAIN!.toLowerCase(),
      region: raw.RECURLY_REGION,
      publicKey: raw.RECURLY_PUBLIC_KEY!,
      scriptUrl: raw.RECURLY_SCRIPT_URL,
      webhookSecrets: raw.RECURLY_WEBHOOK_SECRETS!,
    },
  };
}
