import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from '../modules/session/session-token';
import { signedInSession } from '../modules/session/signed-in-session';
import { createSessionViewerResolver } from './session-viewer';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const now = new Date('2026-11-22T10:00:00Z');
const claims = {
  user_id: 'user-1',
  email: 'one@example.org',
  membership_level: 'Premium',
  membership_type: 'Individual',
  is_bof_admin: false,
  is_first_login: true,
  unclaimed_membership_account_id: null,
  is_challenged: false,
  is_user_data_complete: true,
} as const;

// The identity provider's answers: `ory=<user>` is that user's live identity session.
const identity = {
  whoami: async (cookie: string) => {
    const user = /(?:^|; )ory=([\w-]+)/.exec(cookie)?.[1];
    return user ? { sessionId: `s-${user}`, identityId: user, email: `${user}@example.org` } : null;
  },
};
const resolver = createSessionViewerResolver({
  signedIn: (cookieHeader, at) =>
    signedInSession(
      {
        verify: (token, when) =>
          verifySessionToken(token, { publicKeys: [{ keyId: 'k1', key: publicKey }], now: when }),
        identity,
      },
      cookieHeader,
      at,
      'refuse',
    ),
  now: () => now,
});
const requestWith = (cookie?: string) =>
  new Request('http://localhost/api/graphql/', { headers: cookie ? { cookie } : {} });

describe('the session viewer resolver', () => {
  it('turns a valid bof_session cookie into the viewer', async () => {
    const token = await signSessionToken(claims, { privateKey, keyId: 'k1', now, ttlSeconds: 900 });
    expect(await resolver(requestWith(`other=1; bof_session=${token}; ory=user-1; x=y`))).toEqual({
      userId: 'user-1',
      email: 'one@example.org',
      membershipLevel: 'Premium',
      membershipType: 'Individual',
      isBofAdmin: false,
      isFirstLogin: true,
      unclaimedMembershipAccountId: null,
      isChallenged: false,
      isUserDataComplete: true,
    });
  });

  it('is anonymous without the cookie, or with an expired or forged token', async () => {
    expect(await resolver(requestWith())).toBe(null);
    const expired = await signSessionToken(claims, {
      privateKey,
      keyId: 'k1',
      now: new Date(now.getTime() - 3_600_000),
      ttlSeconds: 900,
    });
    expect(await resolver(requestWith(`bof_session=${expired}; ory=user-1`))).toBe(null);
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const forged = await signSessionToken(claims, { privateKey: other, keyId: 'k1', now, ttlSeconds: 900 });
    expect(await resolver(requestWith(`bof_session=${forged}; ory=user-1`))).toBe(null);
    expect(await resolver(requestWith('bof_session=not.a.token; ory=user-1'))).toBe(null);
  });

  it('is anonymous when the identity session behind a valid token is absent, ended or another’s', async () => {
    const token = await signSessionToken(claims, { privateKey, keyId: 'k1', now, ttlSeconds: 900 });
    // Replayed alone (the identity session cookie is HttpOnly), or after logout: no identity session.
    expect(await resolver(requestWith(`bof_session=${token}`))).toBe(null);
    // Carried beside another reader's identity session.
    expect(await resolver(requestWith(`bof_session=${token}; ory=user-2`))).toBe(null);
  });
});
