import { z } from 'zod';
import { ConfigurationError } from './configuration-error';

const url = z.url({ protocol: /^https?$/ });

/** The sign-in providers the `oidc` strategy offers, with the issuer each defaults to. */
const OIDC_PROVIDERS = [
  { id: 'google', variable: 'GOOGLE', defaultIssuer: 'https://accounts.google.com' },
  { id: 'apple', variable: 'APPLE', defaultIssuer: 'https://appleid.apple.com' },
] as const;

/** An issuer is https; plain http only on this machine (a test or development provider). */
const issuerUrl = url.refine(
  (value) =>
    value.startsWith('https:') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(value),
  'must be an https URL (http only for localhost)',
);

const clientToken = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7e]+$/, 'must be one token of printable characters');

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
  IDENTITY_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  IDENTITY_SECRET: z
    .string()
    .min(32, 'must be a random secret of at least 32 characters')
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'must be one token of printable characters')
    .optional(),
  IDENTITY_ADMIN_URL: url.optional(),
  IDENTITY_ADMIN_TOKEN: z
    .string()
    .min(16, 'must be the admin API key (at least 16 characters)')
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'must be one token of printable characters')
    .optional(),
  IDENTITY_BREACHED_PASSWORD_CHECK: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  IDENTITY_BREACHED_PASSWORD_API_URL: url.default('https://api.pwnedpasswords.com'),
  IDENTITY_OIDC_GOOGLE_CLIENT_ID: clientToken(512).optional(),
  IDENTITY_OIDC_GOOGLE_CLIENT_SECRET: clientToken(4096).optional(),
  IDENTITY_OIDC_GOOGLE_ISSUER_URL: issuerUrl.optional(),
  // Apple's client secret is the signed JWT made from the team's key (at most six months valid).
  IDENTITY_OIDC_APPLE_CLIENT_ID: clientToken(512).optional(),
  IDENTITY_OIDC_APPLE_CLIENT_SECRET: clientToken(4096).optional(),
  IDENTITY_OIDC_APPLE_ISSUER_URL: issuerUrl.optional(),
});

/** A sign-in provider of the `oidc` strategy (Kratos `selfservice.methods.oidc.config.providers[]`). */
export interface OidcProviderEnv {
  id: (typeof OIDC_PROVIDERS)[number]['id'];
  clientId: string;
  clientSecret: string;
  /** Where `/.well-known/openid-configuration` is found, without a trailing slash. */
  issuerUrl: string;
}

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
   * Reverse proxies in front of the server whose `X-Forwarded-For` entries are trusted: 0 uses the
   * socket's address; N takes the address the N-th proxy (counted from the server) saw.
   */
  trustedProxies: number;
  /**
   * Key of the HMACs over one-time codes and logout tokens; unset, the embedded defaults generate one under
   * `DATA_DIR/keys` (every replica of a production deployment must share one).
   */
  secret: string | undefined;
  /**
   * Kratos's admin API (e.g. Ory Kratos's port 4434 or the Ory Network project URL), without a trailing
   * slash; unset, the product calls the built-in identity server's admin API in-process.
   */
  adminUrl: string | undefined;
  /** Bearer token sent to `adminUrl` (an Ory API key). */
  adminToken: string | undefined;
  /** Social sign-in providers; one is offered only when its client id and secret are both set. */
  oidcProviders: OidcProviderEnv[];
  /**
   * The k-anonymity breached-password check (Pwned Passwords range API) at registration and password
   * change: its base URL when on, null when off. `IDENTITY_BREACHED_PASSWORD_CHECK`; on by default in
   * production (as Kratos's `haveibeenpwned_enabled`), off by default on the embedded defaults.
   */
  breachedPasswordCheckUrl: string | null;
}

/**
 * `embedded` (the embedded defaults are in use) chooses the defaults that differ from production's.
 * @throws ConfigurationError naming each identity variable that is invalid.
 */
export function parseIdentityEnv(
  env: Record<string, string | undefined>,
  context: { embedded: boolean } = { embedded: true },
): IdentityEnv {
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
  const oidcProviders = parseOidcProviders(raw);
  return {
    smtpUrl: raw.SMTP_URL,
    smtpFrom: raw.SMTP_FROM,
    sessionLifespanSeconds: raw.IDENTITY_SESSION_LIFESPAN_SECONDS,
    privilegedSessionMaxAgeSeconds: raw.IDENTITY_PRIVILEGED_SESSION_MAX_AGE_SECONDS,
    allowedReturnUrls: raw.IDENTITY_ALLOWED_RETURN_URLS ?? [],
    rateLimitPerIp: raw.IDENTITY_RATE_LIMIT_PER_IP,
    rateLimitPerIdentifier: raw.IDENTITY_RATE_LIMIT_PER_IDENTIFIER,
    trustedProxies: raw.IDENTITY_TRUSTED_PROXIES,
    secret: raw.IDENTITY_SECRET,
    adminUrl: raw.IDENTITY_ADMIN_URL?.replace(/\/+$/, ''),
    adminToken: raw.IDENTITY_ADMIN_TOKEN,
    oidcProviders,
    breachedPasswordCheckUrl:
      (raw.IDENTITY_BREACHED_PASSWORD_CHECK ?? !context.embedded)
        ? raw.IDENTITY_BREACHED_PASSWORD_API_URL.replace(/\/+$/, '')
        : null,
  };
}

/**
 * A provider is configured all or nothing: its client id and secret together (the issuer is optional).
 * @throws ConfigurationError naming the missing half, or an issuer given without the client.
 */
function parseOidcProviders(raw: z.infer<typeof rawIdentityEnv>): OidcProviderEnv[] {
  const problems: { variable: string; message: string }[] = [];
  const providers: OidcProviderEnv[] = [];
  for (const { id, variable, defaultIssuer } of OIDC_PROVIDERS) {
    const name = (suffix: string) => `IDENTITY_OIDC_${variable}_${suffix}`;
    const clientId = raw[`IDENTITY_OIDC_${variable}_CLIENT_ID`];
    const clientSecret = raw[`IDENTITY_OIDC_${variable}_CLIENT_SECRET`];
    const issuer = raw[`IDENTITY_OIDC_${variable}_ISSUER_URL`];
    if (clientId && !clientSecret)
      problems.push({ variable: name('CLIENT_SECRET'), message: `must be set with ${name('CLIENT_ID')}` });
    else if (clientSecret && !clientId)
      problems.push({ variable: name('CLIENT_ID'), message: `must be set with ${name('CLIENT_SECRET')}` });
    else if (issuer && !clientId)
      problems.push({
        variable: name('ISSUER_URL'),
        message: `is only used with ${name('CLIENT_ID')} and ${name('CLIENT_SECRET')}, which are not set`,
      });
    else if (clientId && clientSecret)
      providers.push({
        id,
        clientId,
        clientSecret,
        issuerUrl: (issuer ?? defaultIssuer).replace(/\/+$/, ''),
      });
  }
  if (problems.length) throw new ConfigurationError(problems);
  return providers;
}
