import { describe, expect, it } from 'vitest';
import {
  METER_COOKIE_CAPACITY,
  signPaywallSession,
  verifyPaywallSession,
  type PaywallSession,
} from './paywall-token';

const secret = 'a-test-secret-of-reasonable-length';
const meter: PaywallSession = {
  sid: 'browser-1',
  uid: null,
  reads: [
    { articleId: 'a1', at: 1_800_000_000 },
    { articleId: 'a2', at: 1_800_000_100 },
  ],
  groups: ['WALL_DESIGN#compact'],
};
const ada: PaywallSession = { ...meter, uid: 'user-ada' };
const asMeter = { purpose: 'meter' } as const;
const asAda = { purpose: 'paywall-session', userId: 'user-ada' } as const;

/** The signature as the product computed it with WebCrypto before it moved to Node's HMAC. */
async function webCryptoSignature(payload: string, purpose: string): Promise<string> {
  const encoder = new TextEncoder();
  const hmac = { name: 'HMAC', hash: 'SHA-256' } as const;
  const root = await crypto.subtle.importKey('raw', encoder.encode(secret), hmac, false, ['sign']);
  const derived = await crypto.subtle.sign('HMAC', root, encoder.encode(`bof-paywall-token/${purpose}`));
  const key = await crypto.subtle.importKey('raw', derived, hmac, false, ['sign']);
  return Buffer.from(await crypto.subtle.sign('HMAC', key, encoder.encode(payload))).toString('base64url');
}

describe('paywall session token', () => {
  it('signs byte for byte as before, so the cookies browsers hold stay valid', async () => {
    for (const [session, purpose] of [
      [meter, 'meter'],
      [ada, 'paywall-session'],
    ] as const) {
      const [payload, signature] = (await signPaywallSession(session, secret, purpose)).split('.');
      expect(signature).toBe(await webCryptoSignature(payload!, purpose));
    }
  });

  it('round-trips a meter and a paywall session', async () => {
    expect(
      await verifyPaywallSession(await signPaywallSession(meter, secret, 'meter'), secret, asMeter),
    ).toEqual(meter);
    expect(
      await verifyPaywallSession(await signPaywallSession(ada, secret, 'paywall-session'), secret, asAda),
    ).toEqual(ada);
  });

  it('refuses a token whose reads were edited', async () => {
    const [payload, signature] = (await signPaywallSession(meter, secret, 'meter')).split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    body.r = [];
    const edited = `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`;
    expect(await verifyPaywallSession(edited, secret, asMeter)).toBe(null);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await signPaywallSession(meter, 'another-secret', 'meter');
    expect(await verifyPaywallSession(token, secret, asMeter)).toBe(null);
  });

  it('never takes an anonymous meter for a paywall session, or the other way round', async () => {
    const anonymous = await signPaywallSession(meter, secret, 'meter');
    expect(await verifyPaywallSession(anonymous, secret, asAda)).toBe(null);
    const session = await signPaywallSession(ada, secret, 'paywall-session');
    expect(await verifyPaywallSession(session, secret, asMeter)).toBe(null);
  });

  it("refuses another reader's paywall session, even with the user id edited in", async () => {
    const bob = await signPaywallSession({ ...meter, uid: 'user-bob' }, secret, 'paywall-session');
    expect(await verifyPaywallSession(bob, secret, asAda)).toBe(null);
    const [payload, signature] = bob.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    body.uid = 'user-ada';
    expect(
      await verifyPaywallSession(
        `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`,
        secret,
        asAda,
      ),
    ).toBe(null);
  });

  it('refuses to sign a meter that names a reader, or a paywall session that does not', () => {
    expect(() => signPaywallSession(ada, secret, 'meter')).toThrow();
    expect(() => signPaywallSession(meter, secret, 'paywall-session')).toThrow();
  });

  it.each(['', 'x', 'a.b', 'a.b.c', `${'x'.repeat(3001)}`, '!!!.???'])(
    'treats %j as absent',
    async (token) => {
      expect(await verifyPaywallSession(token, secret, asMeter)).toBe(null);
    },
  );

  it(`keeps only the newest ${METER_COOKIE_CAPACITY} reads and well-formed groups`, async () => {
    const many: PaywallSession = {
      sid: 's',
      uid: null,
      reads: Array.from({ length: 30 }, (_, i) => ({ articleId: `a${i}`, at: 1_800_000_000 + i })),
      groups: ['WALL#x', 'not a group', 'A#b#c'],
    };
    const back = await verifyPaywallSession(await signPaywallSession(many, secret, 'meter'), secret, asMeter);
    expect(back?.reads).toHaveLength(METER_COOKIE_CAPACITY);
    expect(back?.reads[0]?.articleId).toBe(`a${30 - METER_COOKIE_CAPACITY}`);
    expect(back?.groups).toEqual(['WALL#x']);
  });

  it(`stays a cookie when full: ${METER_COOKIE_CAPACITY} story ids and 4 groups`, async () => {
    const full: PaywallSession = {
      sid: '0f8fad5b-d9cb-469f-a165-70867728950e',
      uid: 'a-user-id-of-the-longest-kind-0123456789',
      reads: Array.from({ length: METER_COOKIE_CAPACITY }, (_, i) => ({
        articleId: `7c9e6679-7425-40de-944b-${String(i).padStart(12, '0')}`,
        at: 1_800_000_000 + i,
      })),
      groups: ['WALL#a-longish-variant', 'WALL_DESIGN#minimal', 'WALL_OFFER#control', 'WALL_CTA#trial'],
    };
    const token = await signPaywallSession(full, secret, 'paywall-session');
    expect(token.length).toBeLessThan(3000);
    expect(
      await verifyPaywallSession(token, secret, { purpose: 'paywall-session', userId: full.uid! }),
    ).toEqual(full);
  });
});
