import { describe, expect, it } from 'vitest';
import { findPlan, PLANS } from './plans';
import { seatPriceOf, seatRange, seatTierFor } from './seat-pricing';

const plan = findPlan('organisations_bundle_volume_yearly_v1')!;

describe('seat pricing', () => {
  it('sells 2 to 100 seats online, in contiguous bands', () => {
    expect(seatRange(plan)).toEqual({ min: 2, max: 100 });
    const tiers = plan.seatTiers!;
    tiers.slice(1).forEach((tier, i) => expect(tier.minSeats).toBe(tiers[i]!.maxSeats + 1));
    expect(seatRange(findPlan('individuals_premium_yearly_v1')!)).toBe(null);
  });

  it('prices every seat at the band of the quantity (volume pricing)', () => {
    expect(seatPriceOf(plan, 5, 'GBP', 'GB')).toMatchObject({
      unitAmount: 20_000,
      itemPrice: 100_000,
      taxAmount: 20_000,
      fullPrice: 120_000,
      reverseCharge: false,
    });
    expect(seatPriceOf(plan, 10, 'GBP', 'GB')?.itemPrice).toBe(180_000);
    expect(seatPriceOf(plan, 100, 'EUR', 'DE')?.unitAmount).toBe(16_100);
  });

  it('charges no VAT under the reverse charge, and says so in the tax line', () => {
    const price = seatPriceOf(plan, 5, 'EUR', 'DE', true);
    expect(price).toMatchObject({
      itemPrice: 115_000,
      taxAmount: 0,
      fullPrice: 115_000,
      reverseCharge: true,
    });
    expect(price?.taxInfo).toEqual({ rate: 0, region: 'DE', type: 'VAT' });
  });

  it('sells no count outside the bands, and no fraction of a seat', () => {
    for (const seats of [-1, 0, 1, 101, 2.5, Number.NaN]) {
      expect(seatTierFor(plan, seats)).toBe(null);
      expect(seatPriceOf(plan, seats, 'GBP', 'GB')).toBe(null);
    }
  });

  it('gives every seat-priced plan a price in every currency', () => {
    for (const p of PLANS.filter((x) => x.seatTiers)) {
      for (const tier of p.seatTiers!) {
        expect(Object.keys(tier.unitPrices).sort()).toEqual(['EUR', 'GBP', 'INR', 'USD']);
      }
    }
  });
});
