'use client';

import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { TOKEN_EXPIRY_LEEWAY_SECONDS } from '@bof/config/constants';
import { parseCookies } from '../../site/cookie-jar';
import { useClientConfig } from '../config/client-config';
import { fraudRequestToken } from '../fraud/fraud-detection';
import { createIdentityClient } from '../identity/identity-client';
import { PENDING_SIGN_IN_KEY, createAuthActions, type PendingSignIn } from './auth-actions';
import { track } from '../analytics/tracker';
import {
  UNKNOWN_AUTH_STATE,
  createAuthEndpointRefresh,
  createAuthStore,
  type AuthState,
  type AuthStore,
} from './auth-state';
import { decodeSessionToken, readSessionCookies } from './session-cookies';
import { safeStorage } from './storage-keys';

export const LOGIN_POLICY_PATH = '/user/login-policy-warning/';

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
      reportSignIn(state);
      const flagged = parseCookies(document.cookie).get('bof_login_policy') === '1';
      if (state.status === 'logged-in' && flagged && window.location.pathname !== LOGIN_POLICY_PATH) {
        window.location.assign(LOGIN_POLICY_PATH);
      }
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void store.check();
    };
    document.addEventListener('visibilitychange', onVisible);
    void store.check();
    return () => {
      unsubscribe();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [value]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Once a sign-in that this browser started has completed, sends login or registered (spec §5 fields). */
function reportSignIn(state: AuthState) {
  if (state.status !== 'logged-in') return;
  const raw = safeStorage.get(PENDING_SIGN_IN_KEY);
  if (!raw) return;
  safeStorage.remove(PENDING_SIGN_IN_KEY);
  try {
    const pending = JSON.parse(raw) as PendingSignIn;
    const data = { app: 'web', connection: pending.connection };
    track(
      pending.kind === 'register' || state.user.isFirstLogin
        ? { event: 'registered', data }
        : { event: 'login', data },
    );
  } catch {
    // A malformed marker is dropped; analytics never breaks sign-in.
  }
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
