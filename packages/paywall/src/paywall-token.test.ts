import { describe, expect, it } from 'vitest';
import { signPaywallSession, verifyPaywallSession, type PaywallSession } from './paywall-token';

const secret = 'a-test-secret-of-reasonable-length';
const session: PaywallSession = {
  sid: 'browser-1',
  reads: [
    { articleId: 'a1', at: 1_800_000_000 },
    { articleId: 'a2', at: 1_800_000_100 },
  ],
  groups: ['WALL_DESIGN#compact'],
};

describe('paywall session token', () => {
  it('round-trips', async () => {
    expect(await verifyPaywallSession(await signPaywallSession(session, secret), secret)).toEqual(session);
  });

  it('refuses a token whose reads were edited', async () => {
    const [payload, signature] = (await signPaywallSession(session, secret)).split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    body.r = [];
    const edited = `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`;
    expect(await verifyPaywallSession(edited, secret)).toBe(null);
  });

  it('refuses a token signed with another secret', async () => {
    expect(await verifyPaywallSession(await signPaywallSession(session, 'another-secret'), secret)).toBe(
      null,
    );
  });

  it.each(['', 'x', 'a.b', 'a.b.c', `${'x'.repeat(3001)}`, '!!!.???'])(
    'treats %j as absent',
    async (token) => {
      expect(await verifyPaywallSession(token, secret)).toBe(null);
    },
  );

  it('keeps only the newest 20 reads and well-formed groups', async () => {
    const many: PaywallSession = {
      sid: 's',
      reads: Array.from({ length: 30 }, (_, i) => ({ articleId: `a${i}`, at: 1_800_000_000 + i })),
      groups: ['WALL#x', 'not a group', 'A#b#c'],
    };
    const back = await verifyPaywallSession(await signPaywallSession(many, secret), secret);
    expect(back?.reads).toHaveLength(20);
    expect(back?.reads[0]?.articleId).toBe('a10');
    expect(back?.groups).toEqual(['WALL#x']);
  });
});
