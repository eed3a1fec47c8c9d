import type { IdentityConfig, OidcProviderConfig } from '../identity-config';
import { serializeCookie } from '../http/cookies';
import { OpenIdError, randomValue } from '../oidc/openid-client';
import type { FlowRecord } from '../store/flow-store';
import { submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import type { FlowContext } from './flow-context';
import type { FlowOutcome } from './flow-outcome';

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
  serializeCookie(OIDC_STATE_COOKIE, state ?? '', {
    secure: config.secureCookies,
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
  const cookies = flow.kind === 'browser' ? [oidcStateCookie(ctx.config, oidc.state)] : [];
  return { kind: 'provider', flow, to, cookies };
}
