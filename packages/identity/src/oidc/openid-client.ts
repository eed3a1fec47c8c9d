import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { OidcProviderConfig } from '../identity-config';

/** Why talking to a provider failed; the callback turns each into a message for the reader. */
export type OpenIdErrorCode =
  'discovery_failed' | 'token_exchange_failed' | 'id_token_expired' | 'id_token_invalid' | 'nonce_mismatch';

export class OpenIdError extends Error {
  constructor(
    readonly code: OpenIdErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OpenIdError';
  }
}

/** What the product takes from a verified ID token. */
export interface IdTokenClaims {
  subject: string;
  email: string | undefined;
  /** The provider vouches for the address (Apple sends `"true"` as a string). */
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

interface ProviderMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  algorithms: string[];
}

/** Issuers that sign with another spelling of themselves (Google's older tokens lack the scheme). */
const ISSUER_ALIASES: Record<string, string[]> = {
  'https://accounts.google.com': ['accounts.google.com'],
};
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^ES256K$|^EdDSA$/;
const TIMEOUT_MS = 10_000;

/** A random URL-safe value (state, nonce, PKCE verifier): 32 bytes. */
export const randomValue = () => randomBytes(32).toString('base64url');

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Compares two secrets in constant time; false when either is missing. */
export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The relying party of the `oidc` strategy: discovery (cached per issuer for `cacheSeconds`, failures not
 * cached), the authorization URL, the code exchange (`client_secret_post`, PKCE) and ID token
 * verification (signature by the provider's JWKS, `iss`, `aud`/`azp`, `exp`/`nbf`, `nonce`).
 */
export function createOpenIdClient(options: { fetch?: typeof fetch; cacheSeconds?: number } = {}) {
  const fetchFn = options.fetch ?? fetch;
  const cacheMs = (options.cacheSeconds ?? 3600) * 1000;
  const cache = new Map<string, { at: number; metadata: Promise<ProviderMetadata> }>();

  async function load(issuer: string): Promise<ProviderMetadata> {
    let doc: Record<string, unknown>;
    try {
      const response = await fetchFn(`${issuer}/.well-known/openid-configuration`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      doc = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      throw new OpenIdError('discovery_failed', `Discovery at ${issuer} failed: ${String(error)}`);
    }
    const endpoint = (name: string) => {
      const value = doc[name];
      if (typeof value !== 'string' || !/^https?:\/\//.test(value))
        throw new OpenIdError('discovery_failed', `Discovery at ${issuer} has no ${name}.`);
      return value;
    };
    // OpenID Connect Discovery §4.3: the document's issuer is exactly the one asked for.
    if (typeof doc.issuer !== 'string' || doc.issuer.replace(/\/+$/, '') !== issuer)
      throw new OpenIdError('discovery_failed', `Discovery at ${issuer} names another issuer.`);
    const algorithms = Array.isArray(doc.id_token_signing_alg_values_supported)
      ? doc.id_token_signing_alg_values_supported.filter(
          (a): a is string => typeof a === 'string' && ASYMMETRIC.test(a),
        )
      : [];
    return {
      issuer: doc.issuer,
      authorizationEndpoint: endpoint('authorization_endpoint'),
      tokenEndpoint: endpoint('token_endpoint'),
      jwks: createRemoteJWKSet(new URL(endpoint('jwks_uri')), { timeoutDuration: TIMEOUT_MS }),
      algorithms: algorithms.length ? algorithms : ['RS256'],
    };
  }

  function metadata(provider: OidcProviderConfig): Promise<ProviderMetadata> {
    const hit = cache.get(provider.issuerUrl);
    if (hit && Date.now() - hit.at < cacheMs) return hit.metadata;
    const entry = { at: Date.now(), metadata: load(provider.issuerUrl) };
    entry.metadata.catch(() => cache.delete(provider.issuerUrl));
    cache.set(provider.issuerUrl, entry);
    return entry.metadata;
  }

  return {
    /** The provider's authorization endpoint with the request of an authorization code flow. */
    async authorizationUrl(
      provider: OidcProviderConfig,
      request: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
    ): Promise<string> {
      const { authorizationEndpoint } = await metadata(provider);
      const url = new URL(authorizationEndpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', provider.clientId);
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('scope', provider.scope.join(' '));
      url.searchParams.set('state', request.state);
      url.searchParams.set('nonce', request.nonce);
      url.searchParams.set('code_challenge', pkceChallenge(request.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      if (provider.responseMode) url.searchParams.set('response_mode', provider.responseMode);
      return url.toString();
    },

    /** Trades the authorization code for the ID token (the access token is not kept). */
    async exchangeCode(
      provider: OidcProviderConfig,
      request: { code: string; redirectUri: string; codeVerifier: string },
    ): Promise<{ idToken: string }> {
      const { tokenEndpoint } = await metadata(provider);
      let body: Record<string, unknown>;
      try {
        const response = await fetchFn(tokenEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: request.code,
            redirect_uri: request.redirectUri,
            client_id: provider.clientId,
            client_secret: provider.clientSecret,
            code_verifier: request.codeVerifier,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        body = (await response.json()) as Record<string, unknown>;
        if (!response.ok) throw new Error(`status ${response.status}: ${String(body.error)}`);
      } catch (error) {
        throw new OpenIdError('token_exchange_failed', `The code exchange failed: ${String(error)}`);
      }
      if (typeof body.id_token !== 'string')
        throw new OpenIdError('token_exchange_failed', 'The token response has no id_token.');
      return { idToken: body.id_token };
    },

    /** Verifies an ID token for this client and flow; `now` is the server's clock. */
    async verifyIdToken(
      provider: OidcProviderConfig,
      idToken: string,
      expected: { nonce: string; now: Date },
    ): Promise<IdTokenClaims> {
      const { issuer, jwks, algorithms } = await metadata(provider);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          issuer: [issuer, ...(ISSUER_ALIASES[issuer] ?? [])],
          audience: provider.clientId,
          algorithms,
          currentDate: expected.now,
          clockTolerance: 60,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          throw new OpenIdError('id_token_expired', 'The ID token has expired.');
        throw new OpenIdError('id_token_invalid', `The ID token is invalid: ${String(error)}`);
      }
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (audiences.length > 1 && payload.azp !== provider.clientId)
        throw new OpenIdError('id_token_invalid', 'The ID token was issued to another party (azp).');
      if (!sameSecret(typeof payload.nonce === 'string' ? payload.nonce : undefined, expected.nonce))
        throw new OpenIdError('nonce_mismatch', 'The ID token does not carry the nonce of this flow.');
      const text = (value: unknown, max: number) =>
        typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;
      return {
        subject: payload.sub!,
        email: text(payload.email, 320)?.toLowerCase(),
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        givenName: text(payload.given_name, 100),
        familyName: text(payload.family_name, 100),
      };
    },
  };
}

export type OpenIdClient = ReturnType<typeof createOpenIdClient>;
