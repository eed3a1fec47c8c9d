// Whether the page runs inside the installed app (issue 27): the manifest starts the app at
// `/?app=1`, and an installed app shows in the `standalone` display mode. The marker is remembered for
// the tab, so the app's later pages (which carry no marker) still say it is the app.

/** The manifest's start address: the front page with the `app` marker. */
export const APP_START_URL = '/?app=1';
export const APP_MARKER_PARAM = 'app';
const SESSION_KEY = 'bof:app-mode';

/** The `app` field of analytics events (login, logout, registered, app_screen_viewed). */
export type AppName = 'app' | 'web';

export interface AppModeEnvironment {
  search: string;
  standalone: boolean;
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** Decides app or browser; a marker seen once is remembered in the tab's session storage. */
export function detectAppMode(env: AppModeEnvironment): boolean {
  const marked = new URLSearchParams(env.search).get(APP_MARKER_PARAM) === '1';
  try {
    if (marked) env.session?.setItem(SESSION_KEY, '1');
    if (env.standalone || marked) return true;
    return env.session?.getItem(SESSION_KEY) === '1';
  } catch {
    // Storage refused (private mode, say): only the marker and display mode count.
    return env.standalone || marked;
  }
}

function browserEnvironment(): AppModeEnvironment | null {
  if (typeof window === 'undefined') return null;
  let session: Storage | null = null;
  try {
    session = window.sessionStorage;
  } catch {
    session = null;
  }
  return {
    search: window.location.search,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    session,
  };
}

/** True in the installed app (standalone display or started with the marker); false on the server. */
export function isAppMode(): boolean {
  const env = browserEnvironment();
  return env ? detectAppMode(env) : false;
}

/** The `app` value events carry. */
export function currentApp(): AppName {
  return isAppMode() ? 'app' : 'web';
}
