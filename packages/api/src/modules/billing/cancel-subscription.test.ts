import { describe, expect, it } from 'vitest';
import { acceptedCancellationCoupon, CANCELLATION_COUPON } from './cancel-subscription';

describe('acceptedCancellationCoupon', () => {
  it.each([
    ['no coupons', [], null],
    ['another coupon', ['summer-20'], null],
    ['the save offer', ['summer-20', CANCELLATION_COUPON.code], CANCELLATION_COUPON],
  ] as const)('%s', (_name, couponCodes, expected) => {
    expect(acceptedCancellationCoupon({ couponCodes: [...couponCodes] })).toBe(expected);
  });
});
