import { randomBytes } from 'node:crypto';
import { ConfigurationError, type ServerEnv } from '@bof/config/server';
import { readOrCreateSecret } from '@bof/http/secret-file';

/** Everything the identity server is told from outside; built once from the validated environment. */
export interface IdentityConfig {
  /** Where this server is reachable from browsers, without a trailing slash (`…/identity`). */
  publicBaseUrl: string;
  /** The site's pages that render each flow (Kratos `selfservice.flows.*.ui_url`). */
  ui: {
    login: string;
    registration: string;
    recovery: string;
    verification: string;
    settings: string;
    error: string;
  };
  /** Where a browser goes after a flow when no `return_to` was given. */
  defaultReturnUrl: string;
  /** Where a browser goes after signing out when no `return_to` was given (Kratos `logout.after`). */
  afterLogoutUrl: string;
  /** `return_to` must match one of these (scheme, host and path prefix; `*.` allows subdomains). */
  allowedReturnUrls: string[];
  /** Secure cookies (production, or an https site). */
  secureCookies: boolean;
  sessionLifespanSeconds: number;
  /** A settings change of password or e-mail needs a sign-in at most this old. */
  privilegedSessionMaxAgeSeconds: number;
  flowLifespanSeconds: number;
  codeLifespanSeconds: number;
  /** Wrong codes accepted per flow before the flow must be restarted. */
  maxCodeAttempts: number;
  /** Requests per minute per client IP, and per identifier, on flow submissions. */
  rateLimitPerIp: number;
  rateLimitPerIdentifier: number;
  /** Reverse proxies whose `X-Forwarded-For` entries are believed (0: the socket's address). */
  trustedProxies: number;
  /** Key of the HMACs over one-time codes and logout tokens (at least 32 characters). */
  secret: string;
  /** The outbox page at `/_dev/mail/` is served only in the embedded mode. */
  devMailbox: boolean;
  /**
   * The outbox answers clients on other machines too (`DEV_TOOLS_ALLOW_REMOTE`); by default only this
   * machine's (loopback) clients, since it shows every reader's sign-in codes.
   */
  devToolsAllowRemote?: boolean;
  /** The Pwned Passwords range API checked at registration and password change; unset, no such check. */
  breachedPasswordCheckUrl?: string | null;
  siteName: string;
  /** Social sign-in providers of the `oidc` strategy; none when omitted (no `oidc` nodes). */
  oidcProviders?: readonly OidcProviderConfig[];
}

/** An OpenID Connect provider (Kratos `selfservice.methods.oidc.config.providers[]`). */
export interface OidcProviderConfig {
  /** The id in URLs and forms (`provider=google`, `…/oidc/callback/google`). */
  id: string;
  /** The name readers see (`Sign in with Google`). */
  label: string;
  clientId: string;
  clientSecret: string;
  /** The issuer, without a trailing slash; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuerUrl: string;
  scope: readonly string[];
  /** Apple posts the answer back (`form_post`) when names or e-mail are asked for. */
  responseMode?: 'form_post';
}

const PROVIDER_DEFAULTS: Record<string, Pick<OidcProviderConfig, 'label' | 'scope' | 'responseMode'>> = {
  google: { label: 'Google', scope: ['openid', 'email', 'profile'] },
  // Apple knows no `profile` scope: `name` and `email`, answered by a form post.
  apple: { label: 'Apple', scope: ['openid', 'email', 'name'], responseMode: 'form_post' },
};

/**
 * The HMAC key: `IDENTITY_SECRET`, or on the embedded defaults one generated once under
 * `<dataDir>/keys/identity-secret` with owner-only permissions.
 * @throws ConfigurationError in production without `IDENTITY_SECRET` (replicas must share one key).
 */
export function identitySecret(env: Pick<ServerEnv, 'identity' | 'embedded' | 'dataDir'>): string {
  if (env.identity.secret) return env.identity.secret;
  if (!env.embedded)
    throw new ConfigurationError([
      {
        variable: 'IDENTITY_SECRET',
        message: 'is required in production when the built-in identity server runs',
      },
    ]);
  return readOrCreateSecret({
    dataDir: env.dataDir,
    name: 'identity-secret',
    generate: () => randomBytes(48).toString('base64url'),
  });
}

/** The configuration the product runs the identity server with, derived from the server environment. */
export function identityConfigFromEnv(env: ServerEnv): IdentityConfig {
  const site = env.siteUrl;
  const identity = env.identity;
  return {
    publicBaseUrl: env.identityBaseUrl,
    ui: {
      login: `${site}/user/login/`,
      registration: `${site}/user/register/`,
      recovery: `${site}/user/recovery/`,
      verification: `${site}/user/confirm-email/`,
      settings: `${site}/user/account/`,
      error: `${site}/user/login/`,
    },
    defaultReturnUrl: `${site}/`,
    afterLogoutUrl: `${site}/user/logout/`,
    allowedReturnUrls: [`${site}/`, ...identity.allowedReturnUrls],
    secureCookies: env.nodeEnv === 'production' || site.startsWith('https:'),
    sessionLifespanSeconds: identity.sessionLifespanSeconds,
    privilegedSessionMaxAgeSeconds: identity.privilegedSessionMaxAgeSeconds,
    flowLifespanSeconds: 3600,
    codeLifespanSeconds: 600,
    maxCodeAttempts: 5,
    rateLimitPerIp: identity.rateLimitPerIp,
    rateLimitPerIdentifier: identity.rateLimitPerIdentifier,
    trustedProxies: identity.trustedProxies,
    secret: identitySecret(env),
    devMailbox: env.embedded,
    devToolsAllowRemote: env.devToolsAllowRemote,
    breachedPasswordCheckUrl: identity.breachedPasswordCheckUrl,
    siteName: env.siteName,
    oidcProviders: identity.oidcProviders.map((p) => ({ ...p, ...PROVIDER_DEFAULTS[p.id]! })),
  };
}
