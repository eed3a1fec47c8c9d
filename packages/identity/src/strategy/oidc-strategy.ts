import { setCookieHeader } from '@bof/http/cookies';
import type { IdentityConfig, OidcProviderConfig } from '../identity-config';
import { KratosError } from '../http/kratos-error';
import { OpenIdError, randomValue, type IdTokenClaims } from '../oidc/openid-client';
import type { FlowRecord } from '../store/flow-store';
import { submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import type { FlowContext } from '../flows/flow-context';
import type { FlowOutcome } from '../flows/flow-outcome';
import type { FlowSubmission } from '../flows/flow-submission';
import { signInWithClaims } from './oidc-identity';

/** Binds a social sign-in to the browser that started it; only the callback path receives it. */
export const OIDC_STATE_COOKIE = 'ory_kratos_oidc_state';
const STATE_LIFESPAN_SECONDS = 1800;

export const findOidcProvider = (config: IdentityConfig, id: string | undefined) =>
  (config.oidcProviders ?? []).find((p) => p.id === id);

/** Where the provider sends the browser back (Kratos `/self-service/methods/oidc/callback/{provider}`). */
export const oidcRedirectUri = (config: IdentityConfig, provider: OidcProviderConfig) =>
  `${config.publicBaseUrl}/self-service/methods/oidc/callback/${provider.id}`;

const stateCookiePath = (config: IdentityConfig) =>
  `${new URL(config.publicBaseUrl).pathname.replace(/\/+$/, '')}/self-service/methods/oidc/callback/`;

/** The Set-Cookie value that carries (or, with no state, clears) the state of a sign-in under way. */
export const oidcStateCookie = (config: IdentityConfig, state: string | undefined) =>
  setCookieHeader(OIDC_STATE_COOKIE, state ?? '', {
    secure: config.secureCookies,
    httpOnly: true,
    path: stateCookiePath(config),
    maxAgeSeconds: state ? STATE_LIFESPAN_SECONDS : 0,
  });

/** One submit button per configured provider (`name=provider`), for login or registration. */
export function oidcNodes(config: IdentityConfig, type: 'login' | 'registration'): UiNode[] {
  return (config.oidcProviders ?? []).map((p) =>
    submit(
      'oidc',
      'provider',
      p.id,
      type === 'login' ? texts.loginWith(p.label, p.id) : texts.registrationWith(p.label, p.id),
    ),
  );
}

/**
 * `method=oidc`: sends the browser to the provider's authorization endpoint with a `state` bound to the
 * flow (and, for a browser flow, to a cookie), a `nonce` and a PKCE S256 challenge, all kept in the flow
 * for the callback. An unknown provider or one that cannot be reached is shown on the flow by `fail`.
 */
export async function startOidc(
  ctx: FlowContext,
  flow: FlowRecord,
  providerId: string | undefined,
  fail: (messages: UiText[]) => FlowOutcome,
): Promise<FlowOutcome> {
  const provider = findOidcProvider(ctx.config, providerId);
  if (!provider)
    return fail([
      texts.systemGeneric(`Signing in with "${providerId ?? ''}" is not available on this site.`),
    ]);
  const oidc = {
    provider: provider.id,
    state: `${flow.id}.${randomValue()}`,
    nonce: randomValue(),
    codeVerifier: randomValue(),
  };
  let to: string;
  try {
    to = await ctx.openId.authorizationUrl(provider, {
      redirectUri: oidcRedirectUri(ctx.config, provider),
      ...oidc,
    });
  } catch (error) {
    if (!(error instanceof OpenIdError)) throw error;
    console.error('Social sign-in could not start', error.message);
    return fail([
      texts.systemGeneric(
        `Signing in with ${provider.label} is not possible right now. Please try again in a moment, or use another way to sign in.`,
      ),
    ]);
  }
  flow.internal.oidc = oidc;
  // An API flow's answer goes to the app, which may hand the cookie to the browser it opens (Kratos sets
  // its continuity cookie alike); a flow with a token exchange is bound by its codes instead.
  return { kind: 'provider', flow, to, cookies: [oidcStateCookie(ctx.config, oidc.state)] };
}

/**
 * `method=oidc` on login or registration: with an `id_token` (a native app signed in with the provider's
 * SDK), the token is verified with the provider's keys and the person signed in at once, as Kratos does;
 * without one, the browser is sent to the provider.
 * @throws KratosError 403 when the ID token cannot be verified, 502 when its nonce does not match.
 */
export async function submitOidc(
  ctx: FlowContext,
  flow: FlowRecord,
  body: FlowSubmission,
  fail: (messages: UiText[]) => FlowOutcome,
): Promise<FlowOutcome> {
  const providerId = body.provider;
  const idToken = body.id_token;
  if (!idToken) return startOidc(ctx, flow, providerId, fail);
  const provider = findOidcProvider(ctx.config, providerId);
  if (!provider)
    return fail([
      texts.systemGeneric(`Signing in with "${providerId ?? ''}" is not available on this site.`),
    ]);
  let claims: IdTokenClaims;
  try {
    claims = await ctx.openId.verifyIdToken(provider, idToken, body.id_token_nonce ?? '');
  } catch (error) {
    if (!(error instanceof OpenIdError)) throw error;
    console.warn(`A native sign-in with ${provider.id} was refused:`, error.message);
    if (error.code === 'discovery_failed')
      return fail([
        texts.systemGeneric(`${provider.label} cannot be reached right now. Please try again in a moment.`),
      ]);
    if (error.code === 'nonce_mismatch')
      throw new KratosError(
        502,
        undefined,
        'An upstream server encountered an error or returned a malformed response.',
        error.message,
      );
    throw new KratosError(403, undefined, 'The requested action was forbidden', 'Could not verify id_token');
  }
  const outcome = await signInWithClaims(ctx, flow, provider, claims, null);
  switch (outcome.kind) {
    case 'refused':
      return fail(outcome.messages);
    case 'link':
      return { kind: 'flow', flow: outcome.loginFlow, status: 400 };
    case 'signed_in':
      return {
        kind: 'session',
        flow,
        session: outcome.session,
        token: outcome.token,
        identity: outcome.identity,
        returnTo: flow.returnTo ?? ctx.config.defaultReturnUrl,
        continueWith: [],
        registration: flow.flowType === 'registration',
      };
  }
}
