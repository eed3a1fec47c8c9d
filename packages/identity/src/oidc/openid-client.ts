import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
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

/** Issuers whose tokens may name them another way (Google's Android tokens lack the scheme). */
const ISSUER_ALIASES: Record<string, string[]> = {
  'https://accounts.google.com': ['accounts.google.com'],
};
const TIMEOUT_SECONDS = 10;

/** A random URL-safe value (state, nonce, PKCE verifier): 32 bytes. */
export const randomValue = () => randomBytes(32).toString('base64url');

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Maps a failure of openid-client while checking a provider's answer to the reader's reason. */
function idTokenFailure(error: unknown): OpenIdError {
  // openid-client wraps oauth4webapi's error, whose `cause` names the claim that failed.
  type Coded = { code?: string; cause?: Coded & { claim?: string } };
  const outer = error as Coded;
  const code = outer.code ?? outer.cause?.code;
  const claim = outer.cause?.claim ?? outer.cause?.cause?.claim;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' && claim === 'exp')
    return new OpenIdError('id_token_expired', `The ID token has expired: ${message}`);
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'nonce')
    return new OpenIdError('nonce_mismatch', 'The supplied nonce does not match the nonce from the id_token');
  return new OpenIdError('id_token_invalid', `The ID token is invalid: ${message} (${code ?? 'no code'})`);
}

/** Whether a failure of the code grant happened at the token endpoint rather than in the token's checks. */
function isTokenEndpointFailure(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return true;
  const code = (error as { code?: string }).code;
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON') return true;
  // A network failure (fetch's TypeError, a timeout) carries no OAuth code.
  return !code || error instanceof TypeError;
}

/** What identifies the answer of the token endpoint: the Configuration's ID token claims, normalised. */
function claimsOf(payload: client.IDToken): IdTokenClaims {
  const text = (value: unknown, max: number) =>
    typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;
  return {
    subject: payload.sub,
    email: text(payload.email, 320)?.toLowerCase(),
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    givenName: text(payload.given_name, 100),
    familyName: text(payload.family_name, 100),
  };
}

/**
 * The relying party of the `oidc` strategy, on `openid-client`: discovery (each provider's configuration
 * cached for `cacheSeconds`, failures not cached), the authorization URL (PKCE S256, state, nonce), the
 * code grant with `client_secret_post` and the ID token checks (signature by the provider's JWKS, `iss`,
 * `aud`/`azp`, `exp`, `iat`, `nonce`), and the check of an ID token a native app obtained itself.
 */
export function createOpenIdClient(options: { cacheSeconds?: number } = {}) {
  const cacheMs = (options.cacheSeconds ?? 3600) * 1000;
  const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();
  const nativeCache = new WeakMap<client.Configuration, Map<string, client.Configuration>>();

  async function discover(provider: OidcProviderConfig): Promise<client.Configuration> {
    const insecure = provider.issuerUrl.startsWith('http:');
    try {
      const config = await client.discovery(
        new URL(provider.issuerUrl),
        provider.clientId,
        undefined,
        client.ClientSecretPost(provider.clientSecret),
        { timeout: TIMEOUT_SECONDS, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
      );
      config.timeout = TIMEOUT_SECONDS;
      return config;
    } catch (error) {
      throw new OpenIdError(
        'discovery_failed',
        `Discovery at ${provider.issuerUrl} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  function configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    const key = `${provider.issuerUrl} ${provider.clientId}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < cacheMs) return hit.config;
    const entry = { at: Date.now(), config: discover(provider) };
    entry.config.catch(() => cache.delete(key));
    cache.set(key, entry);
    return entry.config;
  }

  /** A configuration that takes a bare ID token (`response_type=id_token`), under the issuer it names. */
  function nativeConfiguration(base: client.Configuration, provider: OidcProviderConfig, issuer: string) {
    let byIssuer = nativeCache.get(base);
    if (!byIssuer) nativeCache.set(base, (byIssuer = new Map()));
    let native = byIssuer.get(issuer);
    if (!native) {
      native = new client.Configuration(
        { ...(JSON.parse(JSON.stringify(base.serverMetadata())) as client.ServerMetadata), issuer },
        provider.clientId,
        undefined,
        client.ClientSecretPost(provider.clientSecret),
      );
      native.timeout = TIMEOUT_SECONDS;
      if (provider.issuerUrl.startsWith('http:')) client.allowInsecureRequests(native);
      client.useIdTokenResponseType(native);
      byIssuer.set(issuer, native);
    }
    return native;
  }

  return {
    /** The provider's authorization endpoint with the request of an authorization code flow. */
    async authorizationUrl(
      provider: OidcProviderConfig,
      request: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
    ): Promise<string> {
      const config = await configuration(provider);
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: request.redirectUri,
          scope: provider.scope.join(' '),
          state: request.state,
          nonce: request.nonce,
          code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
          code_challenge_method: 'S256',
          ...(provider.responseMode ? { response_mode: provider.responseMode } : {}),
        })
        .toString();
    },

    /**
     * Completes the authorization code flow: checks the callback's `state`, trades the code (with the PKCE
     * verifier and the client secret) and verifies the ID token, whose claims it returns.
     */
    async completeAuthorization(
      provider: OidcProviderConfig,
      request: {
        redirectUri: string;
        callbackParams: URLSearchParams;
        state: string;
        nonce: string;
        codeVerifier: string;
      },
    ): Promise<IdTokenClaims> {
      const config = await configuration(provider);
      const callback = new URL(request.redirectUri);
      callback.search = request.callbackParams.toString();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: request.codeVerifier,
          expectedNonce: request.nonce,
          expectedState: request.state,
          idTokenExpected: true,
        });
      } catch (error) {
        if (isTokenEndpointFailure(error))
          throw new OpenIdError(
            'token_exchange_failed',
            `The code exchange failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        throw idTokenFailure(error);
      }
      const claims = tokens.claims();
      if (!claims) throw new OpenIdError('token_exchange_failed', 'The token response has no id_token.');
      return claimsOf(claims);
    },

    /**
     * Verifies an ID token a native app got from the provider's SDK (Kratos's `id_token` with
     * `id_token_nonce`): signed by the provider's JWKS, for this client, unexpired, carrying `nonce`.
     */
    async verifyIdToken(
      provider: OidcProviderConfig,
      idToken: string,
      nonce: string,
    ): Promise<IdTokenClaims> {
      // Kratos requires the nonce (only some Apple devices may omit it, a case not handled here).
      if (!nonce)
        throw new OpenIdError('nonce_mismatch', 'No nonce was provided but is required by the provider');
      const config = await configuration(provider);
      const issuer = config.serverMetadata().issuer;
      let named: unknown;
      try {
        named = (
          JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { iss?: unknown }
        ).iss;
      } catch {
        throw new OpenIdError('id_token_invalid', 'The ID token is not a JWT.');
      }
      const alias = typeof named === 'string' && ISSUER_ALIASES[issuer]?.includes(named) ? named : issuer;
      const native = nativeConfiguration(config, provider, alias);
      const response = new URL(`${provider.issuerUrl}/native`);
      response.hash = new URLSearchParams({ id_token: idToken }).toString();
      try {
        return claimsOf(await client.implicitAuthentication(native, response, nonce));
      } catch (error) {
        throw idTokenFailure(error);
      }
    },
  };
}

export type OpenIdClient = ReturnType<typeof createOpenIdClient>;
