import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-state';
import { DETAILS_ASKED_KEY, DETAILS_PROMPT_KEY, oneMoreStepUrl, startAuthSession } from './auth-session';
import { LOGIN_POLICY_PATH } from './login-policy';
import { PENDING_SIGN_IN_KEY } from './pending-sign-in';

const site = 'https://www.example.org';
const start = Date.UTC(2027, 0, 10, 9, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

const token = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
const claims = (overrides: Record<string, unknown> = {}) => ({
  user_id: 'u1',
  email: 'a@example.org',
  membership_level: 'None',
  membership_type: 'None',
  is_bof_admin: false,
  is_first_login: false,
  unclaimed_membership_account_id: null,
  is_challenged: false,
  is_user_data_complete: true,
  exp: seconds(start) + 900,
  ...overrides,
});
const signedIn = (overrides: Record<string, unknown> = {}, extra = '') =>
  `bof_session=${token(claims(overrides))}; bof_paywall_session=pw${extra}`;

/** A page with the auth session running on the fake clock; the auth endpoint is `endpoint`. */
function page(options: {
  cookies: string;
  path?: string;
  endpoint?: (now: number) => string;
  storage?: Record<string, string>;
  flags?: string[];
}) {
  let cookies = options.cookies;
  let path = options.path ?? '/articles/news/a-story/';
  const refresh = vi.fn(async () => {
    if (options.endpoint) cookies = options.endpoint(Date.now());
  });
  const store = createAuthStore({ readCookies: () => cookies, refresh, now: () => new Date() });
  const storage = new Map(Object.entries(options.storage ?? {}));
  const flags = new Set(options.flags ?? []);
  const assigned: string[] = [];
  const tracked: unknown[] = [];
  let visible: (() => void) | undefined;
  const stop = startAuthSession({
    store,
    readCookies: () => cookies,
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout> | undefined),
    location: {
      pathname: () => path,
      href: () => `${site}${path}`,
      assign: (url) => assigned.push(url),
    },
    storage: {
      get: (k) => storage.get(k) ?? null,
      set: (k, v) => void storage.set(k, v),
      remove: (k) => void storage.delete(k),
    },
    sessionFlags: { has: (k) => flags.has(k), set: (k) => void flags.add(k) },
    track: (event) => tracked.push(event),
    onVisible: (listener) => {
      visible = listener;
      return () => (visible = undefined);
    },
  });
  return {
    store,
    refresh,
    assigned,
    tracked,
    storage,
    flags,
    stop,
    setCookies: (c: string) => (cookies = c),
    setPath: (p: string) => (path = p),
    becomeVisible: () => visible?.(),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the auth session of a page (spec §4), on a fake clock', () => {
  it('checks once on arrival: settled logged in without a refresh', async () => {
    const p = page({ cookies: signedIn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(p.store.getState().status).toBe('logged-in');
    expect(p.refresh).not.toHaveBeenCalled();
  });

  it('refreshes just after the token enters its 60 s leeway, and keeps doing so for each new token', async () => {
    const p = page({
      cookies: signedIn(),
      endpoint: (now) => signedIn({ exp: seconds(now) + 900 }),
    });
    await vi.advanceTimersByTimeAsync(0);
    // Due at exp - 60 s = 840 s, checked half a second later.
    await vi.advanceTimersByTimeAsync(840_000);
    expect(p.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(p.refresh).toHaveBeenCalledTimes(1);
    expect(p.store.getState().status).toBe('logged-in');
    // The new token's exp is the refresh time in whole seconds plus 900: due 840 s after the refresh
    // (its half second was cut off), checked half a second after that.
    await vi.advanceTimersByTimeAsync(839_999);
    expect(p.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.refresh).toHaveBeenCalledTimes(2);
    p.stop();
  });

  it('signed out at the provider meanwhile: the timed refresh settles logged out and stops the timer', async () => {
    const p = page({ cookies: signedIn(), endpoint: () => '' });
    await vi.advanceTimersByTimeAsync(841_000);
    expect(p.store.getState().status).toBe('logged-out');
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(p.refresh).toHaveBeenCalledTimes(1);
  });

  it('a token already inside its leeway is refreshed on arrival, and never in a tight loop', async () => {
    const p = page({
      cookies: signedIn({ exp: seconds(start) + 30 }),
      endpoint: () => signedIn({ exp: seconds(start) + 30 }),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(p.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(p.refresh).toHaveBeenCalledTimes(1);
    p.stop();
  });

  it('stopping clears the timer', async () => {
    const p = page({ cookies: signedIn(), endpoint: () => signedIn() });
    await vi.advanceTimersByTimeAsync(0);
    p.stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(p.refresh).not.toHaveBeenCalled();
  });

  it('checks again when the tab becomes visible', async () => {
    const p = page({ cookies: signedIn(), endpoint: () => '' });
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(start + 850_000);
    p.becomeVisible();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.refresh).toHaveBeenCalledTimes(1);
    expect(p.store.getState().status).toBe('logged-out');
  });

  it('back from a sign-in this browser started, asks for the token at once and reports it', async () => {
    const p = page({
      cookies: '',
      endpoint: () => signedIn(),
      storage: {
        [PENDING_SIGN_IN_KEY]: JSON.stringify({
          kind: 'login',
          connection: 'email',
          startedAt: start - 60_000,
        }),
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(p.refresh).toHaveBeenCalledTimes(1);
    expect(p.tracked).toEqual([{ event: 'login', data: { app: 'web', connection: 'email' } }]);
    expect(p.storage.has(PENDING_SIGN_IN_KEY)).toBe(false);
  });

  describe('login policy', () => {
    it('sends a flagged reader to the warning, returning to the page afterwards', async () => {
      const p = page({ cookies: signedIn({}, '; bof_login_policy=1') });
      await vi.advanceTimersByTimeAsync(0);
      expect(p.assigned).toEqual([
        `${LOGIN_POLICY_PATH}?return_to=${encodeURIComponent(`${site}/articles/news/a-story/`)}`,
      ]);
    });

    it('not from the warning page itself, nor when signed out, nor without the flag', async () => {
      const onWarning = page({ cookies: signedIn({}, '; bof_login_policy=1'), path: LOGIN_POLICY_PATH });
      const signedOut = page({ cookies: 'bof_login_policy=1' });
      const unflagged = page({ cookies: signedIn() });
      await vi.advanceTimersByTimeAsync(0);
      expect([onWarning.assigned, signedOut.assigned, unflagged.assigned]).toEqual([[], [], []]);
    });

    it('a flag set by a later refresh sends the reader there too', async () => {
      const p = page({
        cookies: signedIn(),
        endpoint: (now) => signedIn({ exp: seconds(now) + 900 }, '; bof_login_policy=1'),
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(p.assigned).toEqual([]);
      await vi.advanceTimersByTimeAsync(840_500);
      expect(p.assigned[0]).toMatch(/^\/user\/login-policy-warning\/\?return_to=/);
    });
  });

  describe('one more step', () => {
    it('asks a new reader with missing details once per tab, returning to the page', async () => {
      const p = page({
        cookies: signedIn({ is_first_login: true, is_user_data_complete: false }),
        path: '/case-studies/',
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(p.assigned).toEqual([oneMoreStepUrl(`${site}/case-studies/`)]);
      expect(p.flags.has(DETAILS_ASKED_KEY)).toBe(true);
      const again = page({
        cookies: signedIn({ is_first_login: true, is_user_data_complete: false }),
        path: '/case-studies/',
        flags: [...p.flags],
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(again.assigned).toEqual([]);
    });

    it('asks a returning reader right after signing in, not on later visits', async () => {
      const justSignedIn = page({
        cookies: '',
        path: '/',
        endpoint: () => signedIn({ is_user_data_complete: false }),
        storage: {
          [PENDING_SIGN_IN_KEY]: JSON.stringify({ kind: 'login', connection: 'email', startedAt: start }),
        },
      });
      const later = page({ cookies: signedIn({ is_user_data_complete: false }), path: '/' });
      await vi.advanceTimersByTimeAsync(0);
      expect(justSignedIn.assigned).toEqual([oneMoreStepUrl(`${site}/`)]);
      expect(later.assigned).toEqual([]);
    });

    it('never from the account pages, nor with complete details', async () => {
      const onAccount = page({
        cookies: signedIn({ is_first_login: true, is_user_data_complete: false }),
        path: '/user/account/',
      });
      const complete = page({ cookies: signedIn({ is_first_login: true, is_user_data_complete: true }) });
      await vi.advanceTimersByTimeAsync(0);
      expect([onAccount.assigned, complete.assigned]).toEqual([[], []]);
    });

    it('never takes a story or a checkout away: the question waits in a prompt for the tab', async () => {
      const registeredFromWall = page({
        cookies: '',
        endpoint: () => signedIn({ is_first_login: true, is_user_data_complete: false }),
        storage: {
          [PENDING_SIGN_IN_KEY]: JSON.stringify({ kind: 'register', connection: 'email', startedAt: start }),
        },
      });
      const atCheckout = page({
        cookies: signedIn({ is_first_login: true, is_user_data_complete: false }),
        path: '/subscriptions/individuals/payment/',
      });
      await vi.advanceTimersByTimeAsync(0);
      expect([registeredFromWall.assigned, atCheckout.assigned]).toEqual([[], []]);
      expect(registeredFromWall.flags.has(DETAILS_PROMPT_KEY)).toBe(true);
      expect(registeredFromWall.flags.has(DETAILS_ASKED_KEY)).toBe(false);
      // The next page of the tab keeps the prompt rather than sending the reader away.
      const next = page({
        cookies: signedIn({ is_first_login: true, is_user_data_complete: false }),
        path: '/',
        flags: [...registeredFromWall.flags],
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(next.assigned).toEqual([]);
    });

    it('the login policy comes first', async () => {
      const p = page({
        cookies: signedIn({ is_first_login: true, is_user_data_complete: false }, '; bof_login_policy=1'),
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(p.assigned).toHaveLength(1);
      expect(p.assigned[0]).toMatch(/^\/user\/login-policy-warning\//);
    });
  });

  it('oneMoreStepUrl does not nest itself', () => {
    expect(oneMoreStepUrl(`${site}/user/one-more-step/?return_to=x`)).toBe(
      `${site}/user/one-more-step/?return_to=x`,
    );
  });
});
