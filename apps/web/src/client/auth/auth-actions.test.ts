import { describe, expect, it, vi } from 'vitest';
import { createIdentityClient } from '../identity/identity-client';
import { MissingParameterError } from '../identity/identity-errors';
import { SocialSignInError, createAuthActions, type AuthActionDeps } from './auth-actions';
import { FALLBACK_ERROR_TEXT, FETCH_ERROR_TEXT, authErrorText } from './auth-error-text';
import { IdentityApiError, IdentityFetchError } from '../identity/identity-errors';

const site = 'https://www.example.org';
const flow = {
  id: 'flow-1',
  type: 'browser',
  expires_at: '2030-01-01T00:00:00Z',
  ui: {
    action: `${site}/identity/self-service/registration?flow=flow-1`,
    method: 'POST',
    nodes: [
      {
        type: 'input',
        group: 'default',
        attributes: { node_type: 'input', name: 'csrf_token', value: 'csrf-1' },
        messages: [],
        meta: {},
      },
    ],
  },
};

function setup(routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>, online = true) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const key = Object.keys(routes).find((k) => url.includes(k));
    if (!key) throw new TypeError('fetch failed');
    return routes[key]!(init);
  });
  const identity = createIdentityClient({ baseUrl: `${site}/identity/`, fetch: fetchFn as typeof fetch });
  const stored = new Map<string, string>();
  const navigate = vi.fn();
  const reload = vi.fn();
  const forceRefresh = vi.fn(async () => ({}) as never);
  const sleep = vi.fn(async () => undefined);
  const track = vi.fn();
  const logged: [string, unknown][] = [];
  const deps: AuthActionDeps = {
    identity,
    auth: { forceRefresh },
    storage: { set: (k, v) => stored.set(k, v) },
    navigate,
    reload,
    isOnline: () => online,
    currentUrl: () => `${site}/articles/news/story/`,
    siteOrigin: site,
    sleep,
    log: (message, error) => logged.push([message, error]),
    track,
  };
  const actions = createAuthActions(deps);
  return { actions, deps, calls, stored, navigate, reload, forceRefresh, sleep, track, logged };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('login (spec §4)', () => {
  it('stores the redirect target and goes to a login flow returning there', async () => {
    const s = setup({});
    await s.actions.login({ redirectTo: '/topics/beauty/' });
    expect(s.stored.get('authRedirectTarget')).toBe(`${site}/topics/beauty/`);
    expect(s.navigate).toHaveBeenCalledWith(
      `${site}/identity/self-service/login/browser?return_to=${encodeURIComponent(`${site}/topics/beauty/`)}`,
    );
  });

  it('remembers how the sign-in started, for the signed-in event', async () => {
    const s = setup({});
    await s.actions.login();
    expect(JSON.parse(s.stored.get('bof_pending_sign_in')!)).toMatchObject({
      kind: 'login',
      connection: 'email',
    });
    s.actions.register();
    expect(JSON.parse(s.stored.get('bof_pending_sign_in')!)).toMatchObject({
      kind: 'register',
      connection: 'email',
    });
  });

  it('never stores a hostile redirect', async () => {
    const s = setup({});
    await s.actions.login({ redirectTo: '//evil.com/' });
    expect(s.stored.get('authRedirectTarget')).toBe(`${site}/`);
  });

  it('goes to the social provider named by the flow', async () => {
    const s = setup({
      '/self-service/login/browser': () => json(200, flow),
      '/self-service/login?flow=flow-1': () =>
        json(422, {
          error: { id: 'browser_location_change_required' },
          redirect_browser_to: 'https://accounts.google.test/auth',
        }),
    });
    await s.actions.login({ provider: 'google' });
    expect(JSON.parse(String(s.calls[1]?.init?.body))).toEqual({
      method: 'oidc',
      provider: 'google',
      csrf_token: 'csrf-1',
    });
    expect(s.navigate).toHaveBeenCalledWith('https://accounts.google.test/auth');
  });

  it('a failed social login without a redirect is rethrown to the handler, which goes to /user/login/', async () => {
    const s = setup({
      '/self-service/login/browser': () => json(200, flow),
      '/self-service/login?flow=flow-1': () =>
        json(400, { ...flow, ui: { ...flow.ui, messages: [{ id: 4000001, type: 'error', text: 'no' }] } }),
    });
    await s.actions.login({ provider: 'apple', redirectTo: '/careers/' });
    expect(s.logged).toEqual([['Sign-in failed', expect.any(IdentityApiError)]]);
    expect(s.navigate).toHaveBeenCalledTimes(1);
    expect(s.navigate).toHaveBeenCalledWith(
      `/user/login/?return_to=${encodeURIComponent(`${site}/careers/`)}`,
    );
    expect(s.forceRefresh).not.toHaveBeenCalled();
  });

  it('an answer that names no provider address is a failure too, never a silent success', async () => {
    const s = setup({
      '/self-service/login/browser': () => json(200, flow),
      '/self-service/login?flow=flow-1': () => json(200, { session: {} }),
    });
    await s.actions.login({ provider: 'google' });
    expect(s.logged[0]?.[1]).toBeInstanceOf(SocialSignInError);
    expect(s.navigate.mock.calls).toEqual([
      [`/user/login/?return_to=${encodeURIComponent(`${site}/articles/news/story/`)}`],
    ]);
  });

  it('a provider that cannot be reached sends the reader to /user/login/', async () => {
    const s = setup({});
    await s.actions.login({ provider: 'google', redirectTo: '/topics/beauty/' });
    expect(s.logged[0]?.[1]).toBeInstanceOf(IdentityFetchError);
    expect(s.navigate.mock.calls[0]?.[0]).toMatch(/^\/user\/login\/\?return_to=/);
    expect(s.stored.get('authRedirectTarget')).toBe(`${site}/topics/beauty/`);
  });

  it('any error on the way, even storing the target, ends on /user/login/', async () => {
    const s = setup({});
    const actions = createAuthActions({
      ...s.deps,
      storage: {
        set: () => {
          throw new Error('quota');
        },
      },
    });
    await expect(actions.login()).resolves.toBeUndefined();
    expect(s.navigate.mock.calls[0]?.[0]).toMatch(/^\/user\/login\//);
  });

  it('refreshes the token when the provider says a session is already available, and goes on', async () => {
    const s = setup({
      '/self-service/login/browser': () =>
        json(400, { error: { id: 'session_already_available', message: 'signed in' } }),
    });
    await s.actions.login({ provider: 'google', redirectTo: '/careers/' });
    expect(s.forceRefresh).toHaveBeenCalledTimes(1);
    expect(s.navigate).toHaveBeenCalledWith(`${site}/careers/`);
    expect(s.logged).toEqual([]);
  });

  it('with an inactive provider session, refreshes the token and goes to /user/login/', async () => {
    const s = setup({
      '/self-service/login/browser': () => json(200, flow),
      '/self-service/login?flow=flow-1': () =>
        json(401, { error: { id: 'session_inactive', message: 'No active session.' } }),
    });
    await s.actions.login({ provider: 'google', redirectTo: '/careers/' });
    expect(s.forceRefresh).toHaveBeenCalledTimes(1);
    expect(s.navigate).toHaveBeenCalledWith(
      `/user/login/?return_to=${encodeURIComponent(`${site}/careers/`)}`,
    );
  });
});

describe('logout (spec §4)', () => {
  it('stores the redirect, goes to the provider logout URL and waits 2.5 s', async () => {
    const s = setup({
      '/self-service/logout/browser': () =>
        json(200, { logout_token: 't', logout_url: `${site}/identity/self-service/logout?token=t` }),
    });
    await s.actions.logout({ redirectTo: '/user/one-more-step/' });
    expect(s.stored.get('userRedirect')).toBe(`${site}/`);
    expect(s.navigate).toHaveBeenCalledWith(`${site}/identity/self-service/logout?token=t`);
    expect(s.calls[0]?.url).toBe(
      `${site}/identity/self-service/logout/browser?return_to=${encodeURIComponent(`${site}/user/logout/`)}`,
    );
    expect(s.sleep).toHaveBeenCalledWith(2500);
    expect(s.track).toHaveBeenCalledWith({ event: 'logout', data: { app: 'web' } });
  });

  it('ends the product session in the browser before going to the provider, online or not', async () => {
    for (const online of [true, false]) {
      const s = setup(
        {
          '/self-service/logout/browser': () =>
            json(200, { logout_token: 't', logout_url: `${site}/identity/self-service/logout?token=t` }),
        },
        online,
      );
      const order: string[] = [];
      s.navigate.mockImplementation(() => order.push('navigate'));
      const endProductSession = vi.fn(async () => void order.push('ended'));
      await createAuthActions({ ...s.deps, endProductSession }).logout();
      expect(order).toEqual(['ended', 'navigate']);
    }
  });

  it('still signs out at the provider when ending the product session fails', async () => {
    const s = setup({
      '/self-service/logout/browser': () =>
        json(200, { logout_token: 't', logout_url: `${site}/identity/self-service/logout?token=t` }),
    });
    const failing = vi.fn(async () => {
      throw new Error('Ending the product session answered 503');
    });
    await createAuthActions({ ...s.deps, endProductSession: failing }).logout();
    expect(s.navigate).toHaveBeenCalledWith(`${site}/identity/self-service/logout?token=t`);
    expect(s.logged).toEqual([['Ending the product session failed', expect.any(Error)]]);
  });

  it('by the clock, resolves 2.5 s after sending the browser to the provider, not before', async () => {
    vi.useFakeTimers();
    try {
      const s = setup({
        '/self-service/logout/browser': () =>
          json(200, { logout_token: 't', logout_url: `${site}/identity/self-service/logout?token=t` }),
      });
      const { sleep: _ignored, ...withRealSleep } = s.deps;
      let done = false;
      const pending = createAuthActions(withRealSleep)
        .logout()
        .then(() => (done = true));
      await vi.advanceTimersByTimeAsync(2499);
      expect(s.navigate).toHaveBeenCalledTimes(1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offline, goes to /user/logout/', async () => {
    const s = setup({}, false);
    await s.actions.logout();
    expect(s.navigate).toHaveBeenCalledWith('/user/logout/');
  });

  it('with an inactive session, refreshes the token and goes to /user/logout/', async () => {
    const s = setup({
      '/self-service/logout/browser': () =>
        json(401, { error: { id: 'session_inactive', message: 'no session' } }),
    });
    await s.actions.logout();
    expect(s.forceRefresh).toHaveBeenCalledTimes(1);
    expect(s.navigate).toHaveBeenCalledWith('/user/logout/');
  });
});

describe('register and custom registration (spec §4)', () => {
  it('register goes to the registration flow; offline it reloads', () => {
    const online = setup({});
    online.actions.register();
    expect(online.navigate.mock.calls[0]?.[0]).toContain('/self-service/registration/browser?return_to=');
    const offline = setup({}, false);
    offline.actions.register();
    expect(offline.reload).toHaveBeenCalledTimes(1);
    expect(offline.navigate).not.toHaveBeenCalled();
  });

  it('custom registration submits the e-mail by code, ignores a 400 and opens the flow', async () => {
    const s = setup({
      '/self-service/registration/browser': () => json(200, flow),
      '/self-service/registration?flow=flow-1': () => json(400, flow),
    });
    await s.actions.customRegistration({ email: 'new@example.org' });
    expect(JSON.parse(String(s.calls[1]?.init?.body))).toEqual({
      method: 'code',
      traits: { email: 'new@example.org' },
      csrf_token: 'csrf-1',
    });
    expect(s.navigate).toHaveBeenCalledWith('/user/register/?flow=flow-1');
  });

  it('custom registration does not swallow other errors', async () => {
    const s = setup({
      '/self-service/registration/browser': () => json(200, flow),
      '/self-service/registration?flow=flow-1': () =>
        json(410, { error: { id: 'self_service_flow_expired', message: 'expired' } }),
    });
    await expect(s.actions.customRegistration({ email: 'new@example.org' })).rejects.toThrow('expired');
  });
});

describe('identity client (spec §5, §7)', () => {
  it('raises a named error when a required parameter is missing', async () => {
    const s = setup({});
    const identity = createIdentityClient({ baseUrl: site, fetch: vi.fn() as unknown as typeof fetch });
    expect(() => identity.getFlow('login', '')).toThrow(MissingParameterError);
    expect(() => identity.updateFlow('settings', undefined, {})).toThrow('"flow"');
    expect(s.calls).toHaveLength(0);
  });

  it('sends credentials and accepts JSON', async () => {
    const seen: RequestInit[] = [];
    const identity = createIdentityClient({
      baseUrl: `${site}/identity`,
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(init ?? {});
        return json(200, { id: 's' });
      }) as typeof fetch,
    });
    await identity.toSession();
    await identity.updateFlow('login', 'f', { method: 'password' });
    expect(seen.map((i) => i.credentials)).toEqual(['include', 'include']);
    expect(seen.map((i) => (i.headers as Record<string, string>).accept)).toEqual([
      'application/json',
      'application/json',
    ]);
    expect((seen[1]?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });
});

describe('error texts (spec §8)', () => {
  it('maps errors to the texts shown', () => {
    expect(authErrorText(new IdentityFetchError(new TypeError('fetch failed')))).toBe(FETCH_ERROR_TEXT);
    expect(
      authErrorText(new IdentityApiError(410, 'self_service_flow_expired', 'The flow expired.', null)),
    ).toBe('[self_service_flow_expired] The flow expired.');
    expect(authErrorText(new Error(''))).toBe(FALLBACK_ERROR_TEXT);
    expect(authErrorText(undefined)).toBe(FALLBACK_ERROR_TEXT);
  });
});
