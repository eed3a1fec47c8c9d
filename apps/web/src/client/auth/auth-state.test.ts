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

  it('counts a token that cannot be decoded as no session', async () => {
    const { store } = harness('bof_session=not-a-jwt; bof_paywall_session=p');
    expect((await store.check()).status).toBe('logged-out');
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
