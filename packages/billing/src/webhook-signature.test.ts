import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

const body = JSON.stringify({ id: 'evt_1', object_type: 'subscription', event_type: 'renewed' });
const now = new Date('2026-11-22T12:00:00Z');

describe('Recurly webhook signatures', () => {
  it('accepts a fresh, correctly signed body', () => {
    expect(verifyWebhookSignature(signWebhook(body, ['k1'], now), body, ['k1'], now)).toEqual({
      ok: true,
      timestamp: now.getTime(),
    });
  });

  it('accepts either key during a rotation, and a header with several signatures', () => {
    const header = signWebhook(body, ['old', 'new'], now);
    expect(verifyWebhookSignature(header, body, ['new'], now).ok).toBe(true);
    expect(verifyWebhookSignature(signWebhook(body, ['old'], now), body, ['new', 'old'], now).ok).toBe(true);
  });

  it('refuses a forged signature and an altered body', () => {
    expect(verifyWebhookSignature(signWebhook(body, ['attacker'], now), body, ['k1'], now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(
      verifyWebhookSignature(signWebhook(body, ['k1'], now), body.replace('renewed', 'expired'), ['k1'], now)
        .ok,
    ).toBe(false);
  });

  it('refuses a notification signed more than five minutes away, either way', () => {
    const header = signWebhook(body, ['k1'], now);
    expect(verifyWebhookSignature(header, body, ['k1'], new Date(now.getTime() + 300_000)).ok).toBe(true);
    expect(verifyWebhookSignature(header, body, ['k1'], new Date(now.getTime() + 300_001))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyWebhookSignature(header, body, ['k1'], new Date(now.getTime() - 300_001)).ok).toBe(false);
  });

  it.each([null, '', 'abc', '1700000000000', `${now.getTime()},zz`, 'x'.repeat(3000)])(
    'refuses a malformed header %j',
    (header) => {
      expect(verifyWebhookSignature(header, body, ['k1'], now).ok).toBe(false);
    },
  );
});
