import { LOGOUT_WAIT_MS } from '@bof/config/constants';
import type { IdentityClient, IdentityFlow } from '../identity/identity-client';
import { IdentityApiError } from '../identity/identity-errors';
import type { AuthStore } from './auth-state';
import { resolveRedirectTarget } from './redirect-target';
import { STORAGE_KEYS } from './storage-keys';

import { recordPendingSignIn, type PendingSignIn, type SocialProvider } from './pending-sign-in';

export type { SocialProvider } from './pending-sign-in';

export interface AuthActionDeps {
  identity: IdentityClient;
  auth: Pick<AuthStore, 'forceRefresh'>;
  storage: { set(key: string, value: string): void };
  navigate: (url: string) => void;
  reload: () => void;
  isOnline: () => boolean;
  currentUrl: () => string;
  siteOrigin: string;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  log?: (message: string, error: unknown) => void;
  /** Sends the journey's analytics events (spec: logout). */
  track?: (event: { event: 'logout'; data: { app: string } }) => void;
}

const PROVIDER_SESSION_ERRORS = new Set(['session_already_available', 'session_inactive']);

/** The CSRF token node of a flow's UI. */
export function csrfTokenOf(flow: IdentityFlow): string | undefined {
  const node = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token');
  return typeof node?.attributes.value === 'string' ? node.attributes.value : undefined;
}

/**
 * Spec §4 provider session errors: when the provider says a session is already available, or inactive,
 * the product token is out of step with it, so refresh the token. Returns whether it was one of those.
 */
export async function handleProviderSessionError(error: unknown, auth: Pick<AuthStore, 'forceRefresh'>) {
  if (error instanceof IdentityApiError && error.errorId && PROVIDER_SESSION_ERRORS.has(error.errorId)) {
    await auth.forceRefresh();
    return true;
  }
  return false;
}

/** The browser journeys of spec §4: login, logout, register and custom registration. */
export function createAuthActions(deps: AuthActionDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const log = deps.log ?? ((message: string, error: unknown) => console.error(message, error));
  const remember = (pending: PendingSignIn) =>
    recordPendingSignIn(deps.storage, pending, deps.now?.() ?? new Date());
  const target = (kind: 'login' | 'logout', redirectTo?: string | null) =>
    resolveRedirectTarget(redirectTo, { kind, currentUrl: deps.currentUrl(), siteOrigin: deps.siteOrigin });

  return {
    /**
     * Stores the redirect target, then goes to a login flow (or, with a provider, to the provider's
     * sign-in page). On error: handled (a provider session error refreshes the token) and the reader goes
     * to /user/login/. A failed social login that yields no redirect is rethrown.
     */
    async login(options: { redirectTo?: string | null; provider?: SocialProvider } = {}) {
      const returnTo = target('login', options.redirectTo);
      deps.storage.set(STORAGE_KEYS.authRedirectTarget, returnTo);
      remember({ kind: 'login', connection: options.provider ?? 'email' });
      if (!options.provider) {
        deps.navigate(deps.identity.browserFlowUrl('login', { return_to: returnTo }));
        return;
      }
      try {
        const flow = await deps.identity.createBrowserFlow('login', { return_to: returnTo });
        await deps.identity.updateFlow('login', flow.id, {
          method: 'oidc',
          provider: options.provider,
          csrf_token: csrfTokenOf(flow),
        });
        // A provider that needs no redirect has signed the reader in already.
        deps.navigate(returnTo);
      } catch (error) {
        const redirect = (error as IdentityApiError).body as { redirect_browser_to?: string } | undefined;
        if (error instanceof IdentityApiError && error.status === 422 && redirect?.redirect_browser_to) {
          deps.navigate(redirect.redirect_browser_to);
          return;
        }
        if (await handleProviderSessionError(error, deps.auth)) {
          deps.navigate(returnTo);
          return;
        }
        log('Social sign-in failed', error);
        throw error;
      }
    },

    /**
     * Stores the logout redirect; offline, goes to /user/logout/; otherwise to the provider's logout URL,
     * which returns to /user/logout/ to clear the product cookies and continue to the stored redirect.
     * Resolves after 2.5 s, while the browser navigates.
     */
    async logout(options: { redirectTo?: string | null } = {}) {
      const returnTo = target('logout', options.redirectTo);
      deps.storage.set(STORAGE_KEYS.userRedirect, returnTo);
      deps.track?.({ event: 'logout', data: { app: 'web' } });
      if (!deps.isOnline()) {
        deps.navigate('/user/logout/');
      } else {
        try {
          const { logout_url } = await deps.identity.createBrowserLogoutFlow({
            return_to: `${deps.siteOrigin}/user/logout/`,
          });
          deps.navigate(logout_url);
        } catch (error) {
          // session_inactive: already signed out at the provider; bring the product token in step.
          if (!(await handleProviderSessionError(error, deps.auth))) log('Logout failed', error);
          deps.navigate('/user/logout/');
        }
      }
      await sleep(LOGOUT_WAIT_MS);
    },

    /** Stores the redirect and goes to the registration flow; offline, reloads the page. */
    register(options: { redirectTo?: string | null } = {}) {
      const returnTo = target('login', options.redirectTo);
      deps.storage.set(STORAGE_KEYS.authRedirectTarget, returnTo);
      remember({ kind: 'register', connection: 'email' });
      if (!deps.isOnline()) {
        deps.reload();
        return;
      }
      deps.navigate(deps.identity.browserFlowUrl('registration', { return_to: returnTo }));
    },

    /**
     * Spec §4 custom registration: creates a registration flow, submits the e-mail with the code method
     * (a 400, the flow asking for more, is expected and ignored), then opens /user/register/?flow={id}.
     */
    async customRegistration(options: { email: string; redirectTo?: string | null }) {
      const returnTo = target('login', options.redirectTo);
      deps.storage.set(STORAGE_KEYS.authRedirectTarget, returnTo);
      remember({ kind: 'register', connection: 'email' });
      const flow = await deps.identity.createBrowserFlow('registration', { return_to: returnTo });
      try {
        await deps.identity.updateFlow('registration', flow.id, {
          method: 'code',
          traits: { email: options.email },
          csrf_token: csrfTokenOf(flow),
        });
      } catch (error) {
        if (!(error instanceof IdentityApiError && error.status === 400)) throw error;
      }
      deps.navigate(`/user/register/?flow=${encodeURIComponent(flow.id)}`);
    },
  };
}
