import { TOKEN_EXPIRY_LEEWAY_SECONDS } from '@bof/config/constants';
import { currentApp } from '../app/app-mode';
import type { AuthState, AuthStore } from './auth-state';
import { LOGIN_POLICY_PATH, loginPolicyFlagged } from './login-policy';
import { clearPendingSignIn, readPendingSignIn } from './pending-sign-in';
import { decodeSessionToken, readSessionCookies } from './session-cookies';
import { isReaderTaskPath } from './reader-task';
import { PRODUCT_STORAGE_PREFIX } from './storage-keys';

export const ONE_MORE_STEP_PATH = '/user/one-more-step/';
/** Tab-scoped: the reader has been asked for their details in this tab. */
export const DETAILS_ASKED_KEY = `${PRODUCT_STORAGE_PREFIX}details_asked`;
/** Tab-scoped: the question waits for the reader, as a prompt (DetailsPrompt), not a redirect. */
export const DETAILS_PROMPT_KEY = `${PRODUCT_STORAGE_PREFIX}details_prompt`;

/** The pages a sign-in happens on (the provider's flows rendered by the site). */
const SIGN_IN_PAGES = ['/user/login/', '/user/register/', '/user/recovery/'];

type SignInEvent = { event: 'login' | 'registered'; data: { app: string; connection: string } };

/** What the browser's auth session needs from the page: injected, so the rules run under a fake clock. */
export interface AuthSessionDeps {
  store: AuthStore;
  readCookies: () => string;
  /** Milliseconds since the epoch. */
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  location: { pathname: () => string; href: () => string; assign: (url: string) => void };
  storage: {
    get(key: string): string | null;
    set(key: string, value: string): void;
    remove(key: string): void;
  };
  /** Tab-scoped flags; `has` answers true when storage is unavailable (never redirect in a loop). */
  sessionFlags: { has(key: string): boolean; set(key: string): void };
  track: (event: SignInEvent) => void;
  /** Calls back when the tab becomes visible again; returns the unsubscribe. */
  onVisible: (listener: () => void) => () => void;
}

/**
 * Runs the browser's auth state for one page (spec §4): the first token check on arrival (a forced
 * refresh when returning from a sign-in this browser started, since neither cookie exists yet), a check
 * whenever the tab becomes visible, and one just after the token enters its expiry leeway. On each state
 * it reports a completed sign-in, sends a flagged reader to the login-policy warning, and asks a new
 * reader or one with missing details for them once per tab: on the way in, except on a story or a
 * checkout (isReaderTaskPath), where the question waits in a prompt for the rest of the tab's visit.
 * Returns the stop function.
 */
export function startAuthSession(deps: AuthSessionDeps): () => void {
  let timer: unknown;
  const schedule = () => {
    deps.clearTimer(timer);
    timer = undefined;
    const claims = decodeSessionToken(readSessionCookies(deps.readCookies()).sessionToken);
    if (!claims) return;
    const dueInMs = (claims.exp - TOKEN_EXPIRY_LEEWAY_SECONDS) * 1000 - deps.now();
    // Half a second into the leeway, so the check surely sees the token as due; never a tight loop.
    timer = deps.setTimer(() => void deps.store.check(), Math.max(1000, dueInMs + 500));
  };

  const unsubscribe = deps.store.subscribe((state) => {
    schedule();
    const signedInJustNow = reportSignIn(state, deps);
    const path = deps.location.pathname();
    if (
      state.status === 'logged-in' &&
      loginPolicyFlagged(deps.readCookies()) &&
      path !== LOGIN_POLICY_PATH
    ) {
      // The reader comes back here once the devices are sorted out.
      deps.location.assign(`${LOGIN_POLICY_PATH}?return_to=${encodeURIComponent(deps.location.href())}`);
    } else if (shouldAskForDetails(state, signedInJustNow, path, deps.sessionFlags)) {
      if (isReaderTaskPath(path) || deps.sessionFlags.has(DETAILS_PROMPT_KEY)) {
        // Back at a story or a checkout: it stays theirs, and the question waits beside it.
        deps.sessionFlags.set(DETAILS_PROMPT_KEY);
      } else {
        // A new reader, or one whose details are missing, completes them first, then comes back here.
        deps.sessionFlags.set(DETAILS_ASKED_KEY);
        deps.location.assign(oneMoreStepUrl(deps.location.href()));
      }
    }
  });
  const stopVisible = deps.onVisible(() => void deps.store.check());
  void (readPendingSignIn(deps.storage, new Date(deps.now()))
    ? deps.store.forceRefresh()
    : deps.store.check());
  return () => {
    unsubscribe();
    stopVisible();
    deps.clearTimer(timer);
  };
}

/**
 * Once a sign-in that this browser started has completed, sends login or registered (spec §5 fields).
 * Returns whether this state completed such a sign-in.
 */
function reportSignIn(
  state: AuthState,
  deps: Pick<AuthSessionDeps, 'storage' | 'now' | 'location' | 'track'>,
) {
  if (state.status === 'unknown') return false;
  const pending = readPendingSignIn(deps.storage, new Date(deps.now()));
  if (!pending) return false;
  if (state.status !== 'logged-in') {
    // Still on a sign-in page (a code to enter, a wrong password): the sign-in goes on. Elsewhere it
    // was abandoned.
    if (!SIGN_IN_PAGES.some((path) => deps.location.pathname().startsWith(path)))
      clearPendingSignIn(deps.storage);
    return false;
  }
  clearPendingSignIn(deps.storage);
  const data = { app: currentApp(), connection: pending.connection };
  deps.track(
    pending.kind === 'register' || state.user.isFirstLogin
      ? { event: 'registered', data }
      : { event: 'login', data },
  );
  return true;
}

/**
 * Right after a sign-in, or on a new account's first visit, a reader whose details are incomplete is
 * asked for them once per tab; never from the pages that must stay reachable.
 */
function shouldAskForDetails(
  state: AuthState,
  signedInJustNow: boolean,
  path: string,
  flags: AuthSessionDeps['sessionFlags'],
): boolean {
  if (state.status !== 'logged-in' || state.user.isUserDataComplete) return false;
  if (!signedInJustNow && !state.user.isFirstLogin) return false;
  if (path.startsWith('/user/') || path.startsWith('/identity/')) return false;
  return !flags.has(DETAILS_ASKED_KEY);
}

/** Where a signed-in reader with missing details goes, returning afterwards to `back`. */
export function oneMoreStepUrl(back: string): string {
  const url = new URL(back);
  if (url.pathname.startsWith(ONE_MORE_STEP_PATH)) return url.toString();
  return `${ONE_MORE_STEP_PATH}?return_to=${encodeURIComponent(url.toString())}`;
}
