import { describe, expect, it } from 'vitest';
import { decodeSessionToken, needsRefresh, readSessionCookies } from './session-cookies';

const claims = {
  user_id: 'u-1',
  email: 'ada@example.org',
  membership_level: 'Premium',
  membership_type: 'Individual',
  is_bof_admin: false,
  is_first_login: true,
  unclaimed_membership_account_id: null,
  is_challenged: false,
  is_user_data_complete: true,
  exp: 2_000_000_000,
};

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenOf = (payload: unknown) => `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode(payload)}.c2ln`;

describe('decodeSessionToken', () => {
  it('reads the claims of spec §3, and only those', () => {
    expect(decodeSessionToken(tokenOf({ ...claims, iat: 1, extra: 'x' }))).toEqual(claims);
    expect(decodeSessionToken(tokenOf({ ...claims, unclaimed_membership_account_id: 'acct-9' }))).toEqual({
      ...claims,
      unclaimed_membership_account_id: 'acct-9',
    });
  });

  it.each([
    ['no user id', { user_id: '' }],
    ['a numeric user id', { user_id: 7 }],
    ['no e-mail', { email: undefined }],
    ['an unknown membership level', { membership_level: 'Gold' }],
    ['an unknown membership type', { membership_type: 'Family' }],
    ['a flag given as a string', { is_bof_admin: 'false' }],
    ['a missing flag', { is_user_data_complete: undefined }],
    ['an account id that is a number', { unclaimed_membership_account_id: 3 }],
    ['an expiry that is a string', { exp: '2000000000' }],
    ['an expiry that is not finite', { exp: null }],
  ])('counts a token with %s as no session', (_what, change) => {
    expect(decodeSessionToken(tokenOf({ ...claims, ...change }))).toBeNull();
  });

  it.each([
    ['nothing', undefined],
    ['two segments', `${encode({})}.${encode(claims)}`],
    ['four segments', `${tokenOf(claims)}.x`],
    ['a payload that is not JSON', `${encode({})}.bm90IGpzb24.c2ln`],
    ['a payload that is not base64', `${encode({})}.%%%.c2ln`],
    ['a JSON array', tokenOf([claims])],
  ])('counts %s as no session', (_what, token) => {
    expect(decodeSessionToken(token)).toBeNull();
  });
});

describe('needsRefresh (spec §4)', () => {
  const now = new Date(1_999_999_000 * 1000);
  const cookies = (sessionToken?: string, paywallToken?: string) => ({ sessionToken, paywallToken });

  it('refreshes when only one cookie exists, or the token expires within 60 s', () => {
    expect(needsRefresh(cookies(tokenOf(claims), 'pw'), now)).toBe(false);
    expect(needsRefresh(cookies(tokenOf(claims), undefined), now)).toBe(true);
    expect(needsRefresh(cookies(undefined, 'pw'), now)).toBe(true);
    expect(needsRefresh(cookies(undefined, undefined), now)).toBe(false);
    expect(needsRefresh(cookies(tokenOf({ ...claims, exp: 1_999_999_061 }), 'pw'), now)).toBe(false);
    expect(needsRefresh(cookies(tokenOf({ ...claims, exp: 1_999_999_060 }), 'pw'), now)).toBe(true);
  });

  it('treats a token that cannot be decoded as no session, so it is refreshed away', () => {
    expect(needsRefresh(cookies('garbage', 'pw'), now)).toBe(true);
    expect(needsRefresh(cookies('garbage', undefined), now)).toBe(true);
  });

  it('reads both cookies from document.cookie', () => {
    expect(readSessionCookies('a=1; bof_session=t; bof_paywall_session=p')).toEqual({
      sessionToken: 't',
      paywallToken: 'p',
    });
  });
});
