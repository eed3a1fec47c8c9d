'use client';

import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { TOKEN_EXPIRY_LEEWAY_SECONDS } from '@bof/config/constants';
import { parseCookies } from '../../site/cookie-jar';
import { useClientConfig } from '../config/client-config';
import { fraudRequestToken } from '../fraud/fraud-detection';
import { createIdentityClient } from '../identity/identity-client';
import { createAuthActions } from './auth-actions';
import { clearPendingSignIn, readPendingSignIn } from './pending-sign-in';
import { track } from '../analytics/tracker';
import {
  UNKNOWN_AUTH_STATE,
  createAuthEndpointRefresh,
  createAuthStore,
  type AuthState,
  type AuthStore,
} from './auth-state';
import { decodeSessionToken, readSessionCookies } from './session-cookies';
import { PRODUCT_STORAGE_PREFIX, safeStorage } from './storage-keys';

export const LOGIN_POLICY_PATH = '/user/login-policy-warning/';
export const ONE_MORE_STEP_PATH = '/user/one-more-step/';

interface AuthContextValue {
  store: AuthStore;
  actions: ReturnType<typeof createAuthActions>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Owns the browser's auth state: checks the token on load, when the tab regains focus and just before
 * the token expires, and sends the reader to the login-policy page when the auth endpoint flags it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const config = useClientConfig();
  const value = useMemo<AuthContextValue>(() => {
    const store = createAuthStore({
      readCookies: () => document.cookie,
      refresh: createAuthEndpointRefresh({
        endpoint: config.authEndpointUrl,
        currentUrl: () => window.location.href,
        castleRequestToken: async () => (await fraudRequestToken(config)) ?? undefined,
      }),
      now: () => new Date(),
      onError: (error) => console.error('Refreshing the session failed', error),
    });
    const actions = createAuthActions({
      identity: createIdentityClient({ baseUrl: config.identityBaseUrl }),
      auth: store,
      storage: safeStorage,
      navigate: (url) => window.location.assign(url),
      reload: () => window.location.reload(),
      isOnline: () => navigator.onLine,
      currentUrl: () => window.location.href,
      siteOrigin: new URL(config.siteUrl).origin,
      track,
    });
    return { store, actions };
  }, [config]);

  useEffect(() => {
    const { store } = value;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const claims = decodeSessionToken(readSessionCookies(document.cookie).sessionToken);
      if (!claims) return;
      const dueInMs = (claims.exp - TOKEN_EXPIRY_LEEWAY_SECONDS) * 1000 - Date.now();
      timer = setTimeout(() => void store.check(), Math.max(1000, dueInMs + 500));
    };
    const unsubscribe = store.subscribe((state) => {
      schedule();
      const signedInJustNow = reportSignIn(state);
      const flagged = parseCookies(document.cookie).get('bof_login_policy') === '1';
      if (state.status === 'logged-in' && flagged && window.location.pathname !== LOGIN_POLICY_PATH) {
        // The reader comes back here once the devices are sorted out.
        window.location.assign(`${LOGIN_POLICY_PATH}?return_to=${encodeURIComponent(window.location.href)}`);
      } else if (shouldAskForDetails(state, signedInJustNow)) {
        // A new reader, or one whose details are missing, completes them first, then comes back here.
        safeSessionFlag.set(DETAILS_ASKED_KEY);
        window.location.assign(oneMoreStepUrl(window.location.href));
      }
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void store.check();
    };
    document.addEventListener('visibilitychange', onVisible);
    // Back from the identity provider: no product cookie exists yet, so ask for the token now.
    void (readPendingSignIn(safeStorage, new Date()) ? store.forceRefresh() : store.check());
    return () => {
      unsubscribe();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [value]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Once a sign-in that this browser started has completed, sends login or registered (spec §5 fields).
 * Returns whether this state completed such a sign-in.
 */
function reportSignIn(state: AuthState): boolean {
  if (state.status === 'unknown') return false;
  const pending = readPendingSignIn(safeStorage, new Date());
  if (!pending) return false;
  if (state.status !== 'logged-in') {
    // Still on a sign-in page (a code to enter, a wrong password): the sign-in goes on. Elsewhere it
    // was abandoned.
    if (!SIGN_IN_PAGES.some((path) => window.location.pathname.startsWith(path)))
      clearPendingSignIn(safeStorage);
    return false;
  }
  clearPendingSignIn(safeStorage);
  const data = { app: 'web', connection: pending.connection };
  track(
    pending.kind === 'register' || state.user.isFirstLogin
      ? { event: 'registered', data }
      : { event: 'login', data },
  );
  return true;
}

/** The pages a sign-in happens on (the provider's flows rendered by the site). */
const SIGN_IN_PAGES = ['/user/login/', '/user/register/', '/user/recovery/'];

const DETAILS_ASKED_KEY = `${PRODUCT_STORAGE_PREFIX}details_asked`;

/** Tab-scoped flags that never throw (storage may be disabled). */
const safeSessionFlag = {
  has: (key: string) => {
    try {
      return window.sessionStorage.getItem(key) === '1';
    } catch {
      return true; // without storage, never redirect: a loop would be worse than a missed prompt
    }
  },
  set: (key: string) => {
    try {
      window.sessionStorage.setItem(key, '1');
    } catch {
      // See above.
    }
  },
};

/**
 * Right after a sign-in, or on a new account's first visit, a reader whose details are incomplete is
 * asked for them once per tab; never from the pages that must stay reachable.
 */
function shouldAskForDetails(state: AuthState, signedInJustNow: boolean): boolean {
  if (state.status !== 'logged-in' || state.user.isUserDataComplete) return false;
  if (!signedInJustNow && !state.user.isFirstLogin) return false;
  const path = window.location.pathname;
  if (path.startsWith('/user/') || path.startsWith('/identity/')) return false;
  return !safeSessionFlag.has(DETAILS_ASKED_KEY);
}

/** Where a signed-in reader with missing details goes, returning afterwards to `back`. */
export function oneMoreStepUrl(back: string): string {
  const url = new URL(back);
  if (url.pathname.startsWith(ONE_MORE_STEP_PATH)) return url.toString();
  return `${ONE_MORE_STEP_PATH}?return_to=${encodeURIComponent(url.toString())}`;
}

function useAuthContext(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}

/** The current auth state; `unknown` during server rendering and until the first check. */
export function useAuth(): AuthState & { actions: AuthContextValue['actions']; store: AuthStore } {
  const { store, actions } = useAuthContext();
  const state = useSyncExternalStore(store.subscribe, store.getState, () => UNKNOWN_AUTH_STATE);
  return { ...state, actions, store };
}
