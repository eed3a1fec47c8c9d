import type { FlowType } from '../client/identity/identity-client';
import { resolveRedirectTarget, type RedirectKind } from '../client/auth/redirect-target';

/** The flows the identity provider starts for a browser: the self-service flows, and logout. */
export type StartableFlow = FlowType | 'logout';

/**
 * Which spec §5 rule a flow's return target follows: every flow that ends signed in, or on the way to it
 * (login, registration, recovery, verification, settings), the login rule; logout the logout rule.
 */
export function redirectKindOf(type: StartableFlow): RedirectKind {
  return type === 'logout' ? 'logout' : 'login';
}

/**
 * The identity provider's address that starts a browser flow of `type`, returning to `returnTo` once
 * spec §5 has made it safe: on this site only (the front page when none is given or it is refused), with
 * the flow's own rule applied.
 */
export function flowStartUrl(options: {
  type: StartableFlow;
  returnTo: string | undefined;
  siteUrl: string;
  identityBaseUrl: string;
  extra?: Record<string, string>;
}): string {
  const origin = new URL(options.siteUrl).origin;
  const target = resolveRedirectTarget(options.returnTo ?? `${origin}/`, {
    kind: redirectKindOf(options.type),
    currentUrl: `${origin}/`,
    siteOrigin: origin,
  });
  const search = new URLSearchParams({ ...options.extra, return_to: target });
  return `${options.identityBaseUrl.replace(/\/+$/, '')}/self-service/${options.type}/browser?${search.toString()}`;
}
