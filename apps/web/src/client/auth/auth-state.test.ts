import { describe, expect, it, vi } from 'vitest';
import { createAuthStore, type AuthState } from './auth-state';

const token = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"ES256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

const nowSeconds = 1_800_000_000;
const now = () => new Date(nowSeconds * 1000);
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
  exp: nowSeconds + 600,
  ...overrides,
});

function harness(initialCookies: string, afterRefresh?: string) {
  let cookies = initialCookies;
  const refresh = vi.fn(async () => {
    if (afterRefresh !== undefined) cookies = afterRefresh;
  });
  const store = createAuthStore({ readCookies: () => cookies, refresh, now });
  const seen: AuthState[] = [];
  store.subscribe((s) => seen.push(s));
  return { store, refresh, seen, setCookies: (c: string) => (cookies = c) };
}

describe('auth state (spec §4)', () => {
  it('is unknown until the first check', () => {
    expect(harness('').store.getState().status).toBe('unknown');
  });

  it('settles logged out without a refresh when neither cookie exists', async () => {
    const { store, refresh, seen } = harness('');
    expect((await store.check()).status).toBe('logged-out');
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
    expect(store.getState().user).toMatchObject({
      isLoggedIn: false,
      isMember: false,
      isStudent: false,
      isBofAdmin: false,
    });
  });

  it('is logged in from a valid token, with the paywall cookie as zephrToken', async () => {
    const { store, refresh } = harness(
      `bof_session=${token(claims({ membership_level: 'Standard', membership_type: 'Student' }))}; bof_paywall_session=pw1`,
    );
    const state = await store.check();
    expect(refresh).not.toHaveBeenCalled();
    expect(state.status).toBe('logged-in');
    expect(state.user).toMatchObject({
      id: 'u1',
      isMember: true,
      isStudent: true,
      zephrToken: 'pw1',
      initials: '',
    });
  });

  it('refreshes when only the session cookie exists', async () => {
    const { store, refresh } = harness(`bof_session=${token(claims())}`);
    await store.check();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes when only the paywall cookie exists', async () => {
    const { store, refresh } = harness('bof_paywall_session=pw1');
    await store.check();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes when the token expires within 60 s, not before', async () => {
    const at = (exp: number) => harness(`bof_session=${token(claims({ exp }))}; bof_paywall_session=p`);
    const late = at(nowSeconds + 60);
    await late.store.check();
    expect(late.refresh).toHaveBeenCalledTimes(1);
    const early = at(nowSeconds + 61);
    await early.store.check();
    expect(early.refresh).not.toHaveBeenCalled();
  });

  it('counts a token that cannot be decoded as no session, and refreshes to heal the cookies', async () => {
    const valid = `bof_session=${token(claims())}; bof_paywall_session=p2`;
    const { store, refresh } = harness('bof_session=not-a-jwt; bof_paywall_session=p', valid);
    const state = await store.check();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(state.status).toBe('logged-in');
    expect(state.user.zephrToken).toBe('p2');
  });

  it.each([
    ['not a JWT', 'not-a-jwt'],
    ['a payload that is not JSON', `e30.${Buffer.from('{oops').toString('base64url')}.sig`],
    ['claims outside spec §3', token({ ...claims(), membership_level: 'Gold' })],
    ['a missing user id', token({ ...claims(), user_id: '' })],
  ])(
    'with %s next to a paywall cookie, refreshes and settles logged out when the server clears both',
    async (_, bad) => {
      const h = harness(`bof_session=${bad}; bof_paywall_session=p`, '');
      const state = await h.store.check();
      expect(h.refresh).toHaveBeenCalledTimes(1);
      expect(state).toMatchObject({ status: 'logged-out', user: { isLoggedIn: false, zephrToken: null } });
    },
  );

  it('refreshes when only an undecodable session cookie exists', async () => {
    const h = harness('bof_session=garbage', '');
    expect((await h.store.check()).status).toBe('logged-out');
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it('treats the token as expired at exactly exp minus the leeway, by the clock it is given', async () => {
    let at = nowSeconds;
    const cookies = `bof_session=${token(claims({ exp: nowSeconds + 120 }))}; bof_paywall_session=p`;
    const refresh = vi.fn(async () => undefined);
    const store = createAuthStore({ readCookies: () => cookies, refresh, now: () => new Date(at * 1000) });
    await store.check();
    at = nowSeconds + 59;
    await store.check();
    expect(refresh).not.toHaveBeenCalled();
    at = nowSeconds + 60;
    await store.check();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('emits again when the token changes, not when it stays the same', async () => {
    const h = harness(`bof_session=${token(claims())}; bof_paywall_session=p`);
    await h.store.check();
    await h.store.check();
    expect(h.seen).toHaveLength(1);
    h.setCookies(`bof_session=${token(claims({ membership_level: 'Premium' }))}; bof_paywall_session=p`);
    await h.store.check();
    expect(h.seen).toHaveLength(2);
    expect(h.seen[1]?.user.membershipLevel).toBe('Premium');
  });

  it('re-emits on a forced refresh even when nothing changed', async () => {
    const h = harness(`bof_session=${token(claims())}; bof_paywall_session=p`);
    await h.store.check();
    await h.store.forceRefresh();
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(h.seen).toHaveLength(2);
  });

  it('shares one refresh between concurrent checks', async () => {
    const h = harness('bof_paywall_session=p', '');
    await Promise.all([h.store.check(), h.store.check(), h.store.check()]);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });
});
