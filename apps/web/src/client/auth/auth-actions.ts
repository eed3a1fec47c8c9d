import { LOGOUT_WAIT_MS } from '@bof/config/constants';
import type { IdentityClient, IdentityFlow } from '../identity/identity-client';
import { IdentityApiError } from '../identity/identity-errors';
import { currentApp } from '../app/app-mode';
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
  /**
   * Ends the product session in this browser at sign-out (its cookies deleted here and on the auth
   * endpoint's answer), before the provider ends the identity session.
   */
  endProductSession?: () => Promise<void>;
  /** Sends the journey's analytics events (spec: logout). */
  track?: (event: { event: 'logout'; data: { app: string } }) => void;
}

/** Where a sign-in that went wrong sends the reader (spec §4 login, step 4). */
export const LOGIN_PAGE = '/user/login/';

/** The provider's answer to a social sign-in named no address to go to. */
export class SocialSignInError extends Error {
  readonly code = 'social_sign_in_failed';
  constructor(readonly provider: SocialProvider) {
    super(`Signing in with ${provider} did not lead to the provider.`);
    this.name = 'SocialSignInError';
  }
}

const PROVIDER_SESSION_ERRORS: ReadonlySet<string> = new Set<ProviderSessionErrorId>([
  'session_already_available',
  'session_inactive',
]);

/** The CSRF token node of a flow's UI. */
export function csrfTokenOf(flow: IdentityFlow): string | undefined {
  const node = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token');
  return typeof node?.attributes.value === 'string' ? node.attributes.value : undefined;
}

export type ProviderSessionErrorId = 'session_already_available' | 'session_inactive';

/** The spec §8 provider session error an error carries, if any. */
export function providerSessionErrorOf(error: unknown): ProviderSessionErrorId | undefined {
  const id = error instanceof IdentityApiError ? error.errorId : undefined;
  return id && PROVIDER_SESSION_ERRORS.has(id) ? (id as ProviderSessionErrorId) : undefined;
}

/**
 * Spec §4 provider session errors: when the provider says a session is already available, or inactive,
 * the product token is out of step with it, so refresh the token. Returns which of the two it was, or
 * undefined (nothing refreshed) for any other error.
 */
export async function handleProviderSessionError(
  error: unknown,
  auth: Pick<AuthStore, 'forceRefresh'>,
): Promise<ProviderSessionErrorId | undefined> {
  const id = providerSessionErrorOf(error);
  if (id) await auth.forceRefresh();
  return id;
}

/** The browser journeys of spec §4: login, logout, register and custom registration. */
export function createAuthActions(deps: AuthActionDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const log = deps.log ?? ((message: string, error: unknown) => console.error(message, error));
  const remember = (pending: PendingSignIn) =>
    recordPendingSignIn(deps.storage, pending, deps.now?.() ?? new Date());
  const target = (kind: 'login' | 'logout', redirectTo?: string | null) =>
    resolveRedirectTarget(redirectTo, { kind, currentUrl: deps.currentUrl(), siteOrigin: deps.siteOrigin });

  /**
   * The address that signs the reader in with a social provider: the login flow's oidc method answers
   * with the provider's address to go to (Kratos: 422 browser_location_change_required). A failure that
   * yields no such address is rethrown (spec §8).
   */
  const socialSignInUrl = async (provider: SocialProvider, returnTo: string): Promise<string> => {
    const flow = await deps.identity.createBrowserFlow('login', { return_to: returnTo });
    try {
      await deps.identity.updateFlow('login', flow.id, {
        method: 'oidc',
        provider,
        csrf_token: csrfTokenOf(flow),
      });
    } catch (error) {
      const body = error instanceof IdentityApiError ? error.body : undefined;
      const redirect = (body as { redirect_browser_to?: unknown } | undefined)?.redirect_browser_to;
      if (error instanceof IdentityApiError && error.status === 422 && typeof redirect === 'string')
        return redirect;
      throw error;
    }
    throw new SocialSignInError(provider);
  };

  return {
    /**
     * Spec §4 login: stores the redirect target, then goes to a login flow, or with a provider to the
     * provider's sign-in page. On error it never leaves the reader stranded: a provider session error
     * (spec §8 session_already_available) refreshes the token and goes on to the target; any other
     * error is logged and the reader goes to /user/login/, keeping the target. The social step rethrows
     * a failure that yields no redirect (spec §8), and this handler is where it lands. Resolves once the
     * browser has been sent somewhere.
     */
    async login(options: { redirectTo?: string | null; provider?: SocialProvider } = {}) {
      const returnTo = target('login', options.redirectTo);
      try {
        deps.storage.set(STORAGE_KEYS.authRedirectTarget, returnTo);
        remember({ kind: 'login', connection: options.provider ?? 'email' });
        deps.navigate(
          options.provider
            ? await socialSignInUrl(options.provider, returnTo)
            : deps.identity.browserFlowUrl('login', { return_to: returnTo }),
        );
      } catch (error) {
        // Already signed in at the provider: with the token refreshed, the reader is where they meant to be.
        const handled = await handleProviderSessionError(error, deps.auth).catch(() => undefined);
        if (handled === 'session_already_available') {
          deps.navigate(returnTo);
          return;
        }
        if (!handled) log('Sign-in failed', error);
        deps.navigate(`${LOGIN_PAGE}?return_to=${encodeURIComponent(returnTo)}`);
      }
    },

    /**
     * Stores the logout redirect and ends the product session in this browser (its cookies go at once);
     * offline, goes to /user/logout/; otherwise to the provider's logout URL, which returns to
     * /user/logout/ to bring the product cookies in step and continue to the stored redirect. Resolves
     * after 2.5 s, while the browser navigates.
     */
    async logout(options: { redirectTo?: string | null } = {}) {
      const returnTo = target('logout', options.redirectTo);
      deps.storage.set(STORAGE_KEYS.userRedirect, returnTo);
      deps.track?.({ event: 'logout', data: { app: currentApp() } });
      // The product session ends first: a stolen or leftover token must not outlive the sign-out.
      await deps
        .endProductSession?.()
        .catch((error: unknown) => log('Ending the product session failed', error));
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
