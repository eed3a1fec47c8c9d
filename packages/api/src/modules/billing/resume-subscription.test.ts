import { describe, expect, it, vi } from 'vitest';
import { subscriptionRecord } from './billing-test-fixtures';
import { nextChargeOf } from './next-renewal';
import { resumeSubscription } from './resume-subscription';

const now = new Date('2027-02-01T00:00:00Z');
const cancelled = subscriptionRecord({
  state: 'CANCELED',
  cancelledAt: new Date('2027-01-15T00:00:00Z'),
  expiresAt: new Date('2027-11-01T00:00:00Z'),
});

describe('resuming a cancelled membership', () => {
  it('leaves the membership cancelled and says so when the provider cannot be reached', async () => {
    const syncSubscription = vi.fn();
    const attempt = resumeSubscription(
      {
        repo: { subscriptionsOf: async () => [cancelled], syncSubscription },
        provider: { reactivate: () => Promise.reject(new Error('connection refused')) },
        now: () => now,
      },
      'reader-1',
      cancelled.uuid,
    );
    await expect(attempt).rejects.toMatchObject({
      reason: 'TRANSACTION_ERROR',
      message: expect.stringContaining('your membership is still cancelled'),
    });
    expect(syncSubscription).not.toHaveBeenCalled();
  });

  it('has nothing to resume once the paid period has ended', async () => {
    const reactivate = vi.fn();
    await expect(
      resumeSubscription(
        {
          repo: { subscriptionsOf: async () => [cancelled], syncSubscription: vi.fn() },
          provider: { reactivate },
          now: () => new Date('2027-11-02T00:00:00Z'),
        },
        'reader-1',
        cancelled.uuid,
      ),
    ).rejects.toMatchObject({ reason: 'PURCHASE_ERROR' });
    expect(reactivate).not.toHaveBeenCalled();
  });
});

describe('the next charge', () => {
  it('is the year with its tax, less the accepted save offer', () => {
    expect(nextChargeOf(subscriptionRecord(), 'GB')).toMatchObject({
      fullPrice: 30_000,
      price: 30_000,
      discountPercent: 0,
    });
    expect(nextChargeOf(subscriptionRecord({ couponCodes: ['stay-with-us-30'] }), 'GB')).toMatchObject({
      fullPrice: 30_000,
      price: 21_000,
      tax: 3_500,
      discountPercent: 30,
    });
    expect(nextChargeOf(subscriptionRecord({ couponCodes: ['stay-with-us-30'] }), 'US').price).toBe(17_500);
  });

  it('resumes only the subscription the reader was shown', async () => {
    const reactivate = vi.fn();
    await expect(
      resumeSubscription(
        {
          repo: { subscriptionsOf: async () => [cancelled], syncSubscription: vi.fn() },
          provider: { reactivate },
          now: () => now,
        },
        'reader-1',
        'someone-elses-subscription',
      ),
    ).rejects.toMatchObject({ reason: 'PURCHASE_ERROR' });
    expect(reactivate).not.toHaveBeenCalled();
  });
});
