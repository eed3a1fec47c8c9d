import { describe, expect, it } from 'vitest';
import { isFreshMeterCheck, METER_CHECK_SECONDS, signMeterCheck } from './meter-check';
import { signPaywallSession } from './paywall-token';

const secret = 'a-paywall-cookie-secret-of-32-chars!!';
const now = new Date('2026-11-25T12:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('the meter cookie check token', () => {
  it('is fresh for the check it answers, for two minutes', async () => {
    const token = await signMeterCheck(now, secret);
    expect(token).toMatch(/^\d+\.[\w-]+$/);
    expect(await isFreshMeterCheck(token, now, secret)).toBe(true);
    expect(await isFreshMeterCheck(token, later(METER_CHECK_SECONDS), secret)).toBe(true);
    expect(await isFreshMeterCheck(token, later(METER_CHECK_SECONDS + 1), secret)).toBe(false);
  });

  it('is not fresh when forged, edited, from the future, signed with another secret or malformed', async () => {
    const token = await signMeterCheck(now, secret);
    const [time, signature] = token.split('.') as [string, string];
    expect(await isFreshMeterCheck(`${Number(time) + 1}.${signature}`, now, secret)).toBe(false);
    const edited = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(await isFreshMeterCheck(`${time}.${edited}`, now, secret)).toBe(false);
    expect(await isFreshMeterCheck(await signMeterCheck(later(60), secret), now, secret)).toBe(false);
    expect(await isFreshMeterCheck(await signMeterCheck(now, `${secret}x`), now, secret)).toBe(false);
    for (const bad of [undefined, '', '1', 'x.y', `${time}.${signature}.z`, `${time}.${'A'.repeat(80)}`])
      expect(await isFreshMeterCheck(bad, now, secret)).toBe(false);
  });

  it('is signed for its own purpose: a meter cookie is no check', async () => {
    const meter = await signPaywallSession({ sid: 's', uid: null, reads: [], groups: [] }, secret, 'meter');
    expect(await isFreshMeterCheck(meter, now, secret)).toBe(false);
  });
});
