import { describe, expect, it } from 'vitest';
import { previewUpgrade } from './proration';
import { taxFor } from './tax';

const termStartsAt = new Date('2026-01-01T00:00:00Z');
const termEndsAt = new Date('2027-01-01T00:00:00Z');
const base = {
  currency: 'GBP' as const,
  currentFee: 25_000,
  newFee: 45_000,
  termStartsAt,
  termEndsAt,
  tax: taxFor('GB'),
  inTrial: false,
};

describe('previewUpgrade', () => {
  it('on the first day charges the difference in full, with tax', () => {
    const preview = previewUpgrade({ ...base, now: termStartsAt });
    expect(preview).toMatchObject({
      planFee: 45_000,
      proRata: -25_000,
      taxAmount: 4_000,
      dueToday: 24_000,
      total: 54_000,
    });
    expect(preview.planFeePerMonth).toBe(3_750);
    expect(preview.totalPerMonth).toBe(4_500);
  });

  it('half way through the term charges half the difference', () => {
    const preview = previewUpgrade({ ...base, now: new Date('2026-07-02T12:00:00Z') });
    // 183 of 365 days left.
    expect(preview.proRata).toBe(-Math.round((25_000 * 183) / 365));
    expect(preview.dueToday).toBe(
      Math.round((45_000 * 183) / 365) - Math.round((25_000 * 183) / 365) + preview.taxAmount,
    );
  });

  it('charges nothing during a trial, as Recurly does: the new plan is billed when the trial ends', () => {
    // Day 25 of a 30-day Standard trial, upgrading to Premium.
    const trialStart = new Date('2026-01-01T00:00:00Z');
    const preview = previewUpgrade({
      ...base,
      inTrial: true,
      termStartsAt: trialStart,
      termEndsAt: new Date('2026-01-31T00:00:00Z'),
      now: new Date('2026-01-26T00:00:00Z'),
    });
    expect(preview).toMatchObject({ proRata: 0, taxAmount: 0, dueToday: 0, planFee: 45_000, total: 54_000 });
  });

  it('never asks for a negative amount', () => {
    expect(previewUpgrade({ ...base, currentFee: 90_000, now: termStartsAt }).dueToday).toBe(0);
  });
});
