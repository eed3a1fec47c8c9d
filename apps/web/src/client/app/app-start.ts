// Where the installed app starts (issue 27, spec §2 "non-member mobile app screen"): a signed-out or
// non-member reader opening the app on its front page is taken, once per tab, to the app screen; a member
// stays on the front page.
export const APP_SCREEN_PATH = '/app/';
const SHOWN_KEY = 'bof:app-screen-shown';

export interface AppStartFacts {
  appMode: boolean;
  pathname: string;
  auth: 'unknown' | 'logged-in' | 'logged-out';
  isMember: boolean;
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** Whether to show the app screen now; remembers that it was shown for this tab. */
export function shouldShowAppScreen(facts: AppStartFacts): boolean {
  if (!facts.appMode || facts.pathname !== '/' || facts.auth === 'unknown') return false;
  if (facts.auth === 'logged-in' && facts.isMember) return false;
  try {
    if (facts.session?.getItem(SHOWN_KEY) === '1') return false;
    facts.session?.setItem(SHOWN_KEY, '1');
  } catch {
    // Without storage the screen shows once per start of the page, which still leaves the front reachable.
  }
  return true;
}
