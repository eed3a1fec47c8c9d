'use client';

import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useClientConfig } from '../config/client-config';
import { fraudRequestToken } from '../fraud/fraud-detection';
import { createIdentityClient } from '../identity/identity-client';
import { createAuthActions } from './auth-actions';
import { startAuthSession } from './auth-session';
import { createEndProductSession } from './end-product-session';
import { track } from '../analytics/tracker';
import {
  UNKNOWN_AUTH_STATE,
  createAuthEndpointRefresh,
  createAuthStore,
  type AuthState,
  type AuthStore,
} from './auth-state';
import { safeStorage } from './storage-keys';

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
      endProductSession: createEndProductSession({
        endpoint: config.authEndpointUrl,
        writeCookie: (assignment) => {
          document.cookie = assignment;
        },
        secure: () => window.location.protocol === 'https:',
      }),
      track,
    });
    return { store, actions };
  }, [config]);

  useEffect(
    () =>
      startAuthSession({
        store: value.store,
        readCookies: () => document.cookie,
        now: () => Date.now(),
        setTimer: (run, ms) => setTimeout(run, ms),
        clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout> | undefined),
        location: {
          pathname: () => window.location.pathname,
          href: () => window.location.href,
          assign: (url) => window.location.assign(url),
        },
        storage: safeStorage,
        sessionFlags: safeSessionFlag,
        track,
        onVisible: (listener) => {
          const onChange = () => {
            if (document.visibilityState === 'visible') listener();
          };
          document.addEventListener('visibilitychange', onChange);
          return () => document.removeEventListener('visibilitychange', onChange);
        },
      }),
    [value],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

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
