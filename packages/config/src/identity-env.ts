import { z } from 'zod';
import { ConfigurationError } from './configuration-error';

const url = z.url({ protocol: /^https?$/ });

const rawIdentityEnv = z.object({
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().trim().min(3).max(200).default('The Business of Fashion <no-reply@localhost>'),
  IDENTITY_SESSION_LIFESPAN_SECONDS: z.coerce.number().int().min(300).max(31_536_000).default(86_400),
  IDENTITY_PRIVILEGED_SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  IDENTITY_ALLOWED_RETURN_URLS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(url.or(z.string().regex(/^https?:\/\/\*\.[a-z0-9.-]+(:\d+)?(\/.*)?$/i))))
    .optional(),
  IDENTITY_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(60),
  IDENTITY_RATE_LIMIT_PER_IDENTIFIER: z.coerce.number().int().min(1).max(10_000).default(10),
  IDENTITY_ADMIN_URL: url.optional(),
  IDENTITY_ADMIN_TOKEN: z
    .string()
    .min(16, 'must be the admin API key (at least 16 characters)')
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'must be one token of printable characters')
    .optional(),
});

/** The identity server's settings: sessions, return URLs, rate limits and the courier's SMTP server. */
export interface IdentityEnv {
  /** SMTP server of the courier; without it e-mails go to the outbox table (`/_dev/mail/`). */
  smtpUrl: string | undefined;
  smtpFrom: string;
  sessionLifespanSeconds: number;
  privilegedSessionMaxAgeSeconds: number;
  /** Extra `return_to` targets beyond the site itself (Kratos `selfservice.allowed_return_urls`). */
  allowedReturnUrls: string[];
  rateLimitPerIp: number;
  rateLimitPerIdentifier: number;
  /**
   * Kratos's admin API (e.g. Ory Kratos's port 4434 or the Ory Network project URL), without a trailing
   * slash; unset, the product calls the built-in identity server's admin API in-process.
   */
  adminUrl: string | undefined;
  /** Bearer token sent to `adminUrl` (an Ory API key). */
  adminToken: string | undefined;
}

/** @throws ConfigurationError naming each identity variable that is invalid. */
export function parseIdentityEnv(env: Record<string, string | undefined>): IdentityEnv {
  const parsed = rawIdentityEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigurationError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const raw = parsed.data;
  if (raw.IDENTITY_ADMIN_TOKEN && !raw.IDENTITY_ADMIN_URL) {
    throw new ConfigurationError([
      { variable: 'IDENTITY_ADMIN_TOKEN', message: 'is only used with IDENTITY_ADMIN_URL, which is not set' },
    ]);
  }
  return {
    smtpUrl: raw.SMTP_URL,
    smtpFrom: raw.SMTP_FROM,
    sessionLifespanSeconds: raw.IDENTITY_SESSION_LIFESPAN_SECONDS,
    privilegedSessionMaxAgeSeconds: raw.IDENTITY_PRIVILEGED_SESSION_MAX_AGE_SECONDS,
    allowedReturnUrls: raw.IDENTITY_ALLOWED_RETURN_URLS ?? [],
    rateLimitPerIp: raw.IDENTITY_RATE_LIMIT_PER_IP,
    rateLimitPerIdentifier: raw.IDENTITY_RATE_LIMIT_PER_IDENTIFIER,
    adminUrl: raw.IDENTITY_ADMIN_URL?.replace(/\/+$/, ''),
    adminToken: raw.IDENTITY_ADMIN_TOKEN,
  };
}
