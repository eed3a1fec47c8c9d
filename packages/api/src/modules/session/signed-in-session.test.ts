import { describe, expect, it, vi } from 'vitest';
import { IdentityUnavailableError, type IdentitySession } from './identity-sessions';
import type { SessionClaims } from './session-claims';
import { signedInSession } from './signed-in-session';

const now = new Date('2026-11-25T10:00:00Z');
const claims: SessionClaims = {
  user_id: 'reader-1',
  email: 'reader@example.org',
  membership_level: 'Premium',
  membership_type: 'Individual',
  is_bof_admin: false,
  is_first_login: false,
  unclaimed_membership_account_id: null,
  is_challenged: false,
  is_user_data_complete: true,
  exp: Math.floor(now.getTime() / 1000) + 900,
};
// Any token named `good` verifies as reader-1's.
const verify = async (token: string | undefined) => (token === 'good' ? claims : null);
const session = (identityId: string): IdentitySession => ({
  sessionId: 's1',
  identityId,
  email: `${identityId}@example.org`,
});

function check(whoami: (cookie: string) => Promise<IdentitySession | null>) {
  const log = vi.fn();
  const identity = { whoami: vi.fn(whoami) };
  return {
    identity,
    log,
    signedIn: (cookieHeader: string | null, whenUnknown: 'refuse' | 'trust-token' = 'refuse') =>
      signedInSession({ verify, identity, log }, cookieHeader, now, whenUnknown),
  };
}

describe('signedInSession', () => {
  it('gives the claims of a verified token whose identity session is the token’s reader’s', async () => {
    const { signedIn, identity } = check(async () => session('reader-1'));
    expect(await signedIn('bof_session=good; ory_kratos_session=x')).toEqual(claims);
    expect(identity.whoami).toHaveBeenCalledWith('bof_session=good; ory_kratos_session=x');
  });

  it('never asks the identity provider for a request without a token that verifies', async () => {
    const { signedIn, identity } = check(async () => session('reader-1'));
    expect(await signedIn(null)).toBe(null);
    expect(await signedIn('ory_kratos_session=x')).toBe(null);
    expect(await signedIn('bof_session=forged; ory_kratos_session=x')).toBe(null);
    expect(await signedIn('bof_session=%E0%A4%A; ory_kratos_session=x')).toBe(null);
    expect(identity.whoami).not.toHaveBeenCalled();
  });

  it('is no session when the identity session ended or belongs to another identity', async () => {
    expect(await check(async () => null).signedIn('bof_session=good')).toBe(null);
    expect(await check(async () => session('reader-2')).signedIn('bof_session=good; o=1')).toBe(null);
  });

  it('refuses, or trusts the token until it expires, when the identity provider cannot be asked', async () => {
    const down = check(async () => {
      throw new IdentityUnavailableError('connect ECONNREFUSED');
    });
    expect(await down.signedIn('bof_session=good', 'refuse')).toBe(null);
    expect(await down.signedIn('bof_session=good', 'trust-token')).toEqual(claims);
    expect(down.log).toHaveBeenCalledTimes(2);
  });

  it('lets any other failure through', async () => {
    const broken = check(async () => {
      throw new TypeError('a bug');
    });
    await expect(broken.signedIn('bof_session=good', 'trust-token')).rejects.toThrow('a bug');
  });
});
