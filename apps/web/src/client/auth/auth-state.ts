import { LOGGED_OUT_USER, currentUserFromClaims, type CurrentUser } from './current-user';
import { decodeSessionToken, needsRefresh, readSessionCookies } from './session-cookies';

/** Spec §4: unknown until the first token check, then logged in or logged out. */
export type AuthState =
  | { status: 'unknown'; user: CurrentUser }
  | { status: 'logged-in'; user: CurrentUser }
  | { status: 'logged-out'; user: CurrentUser };

export interface AuthStateDeps {
  /** The browser's cookie string (`document.cookie`). */
  readCookies: () => string;
  /** POSTs to the product auth endpoint; its response is not read (spec §7). */
  refresh: () => Promise<void>;
  now: () => Date;
  onError?: (error: unknown) => void;
}

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: (state: AuthState) => void): () => void;
  /** Reads the cookies, refreshing first when spec §4 says so. Emits on the first check and on a new token. */
  check(): Promise<AuthState>;
  /** Always refreshes, then emits even when nothing changed (spec §4: re-emitted on a forced refresh). */
  forceRefresh(): Promise<AuthState>;
}

export const UNKNOWN_AUTH_STATE: AuthState = Object.freeze({ status: 'unknown', user: LOGGED_OUT_USER });

/** The browser's auth state as a small observable store, independent of React. */
export function createAuthStore(deps: AuthStateDeps): AuthStore {
  let state: AuthState = UNKNOWN_AUTH_STATE;
  let lastToken: string | undefined | null = null; // null: never checked
  let refreshing: Promise<void> | undefined;
  const listeners = new Set<(state: AuthState) => void>();

  const emit = () => {
    for (const listener of listeners) listener(state);
  };

  // Concurrent callers share one request to the auth endpoint.
  const refreshOnce = () => {
    refreshing ??= deps
      .refresh()
      .catch((error: unknown) => deps.onError?.(error))
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  const settle = (force: boolean): AuthState => {
    const cookies = readSessionCookies(deps.readCookies());
    const claims = decodeSessionToken(cookies.sessionToken);
    const token = claims ? cookies.sessionToken : undefined;
    const changed = token !== lastToken || cookies.paywallToken !== state.user.zephrToken;
    if (!force && !changed && state.status !== 'unknown') return state;
    lastToken = token;
    const user = currentUserFromClaims(claims, claims ? cookies.paywallToken : undefined);
    state = { status: user.isLoggedIn ? 'logged-in' : 'logged-out', user };
    emit();
    return state;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async check() {
      if (needsRefresh(readSessionCookies(deps.readCookies()), deps.now())) await refreshOnce();
      return settle(false);
    },
    async forceRefresh() {
      await refreshOnce();
      return settle(true);
    },
  };
}

/** The product auth endpoint call of spec §7. */
export function createAuthEndpointRefresh(options: {
  endpoint: string;
  currentUrl: () => string;
  castleRequestToken?: () => Promise<string | undefined>;
}): () => Promise<void> {
  return async () => {
    const castleRequestToken = (await options.castleRequestToken?.()) ?? null;
    const response = await fetch(options.endpoint, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ castleRequestToken, currentUrl: options.currentUrl() }),
    });
    // The cookies carry the answer; the body is drained unread so the request completes.
    await response.arrayBuffer().catch(() => undefined);
  };
}
