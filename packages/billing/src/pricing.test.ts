import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@bof/config/constants';
import { MEMBERSHIP_LEVELS, MEMBERSHIP_TYPES } from '@bof/config/enums';
import { INDIVIDUAL_PLAN_CODES, PLANS, findPlan } from './plans';
import { currencyForCountry, currencyRefusal, formatMoney, priceOf } from './pricing';
import { TAX_TABLE, taxFor } from './tax';

describe('the plan catalogue', () => {
  it('has the spec plan codes, each priced in every currency', () => {
    for (const code of [...INDIVIDUAL_PLAN_CODES, 'organisations_bundle_volume_yearly_v1'])
      expect(findPlan(code)).toBeDefined();
    for (const plan of PLANS) {
      expect(Object.keys(plan.prices).sort()).toEqual([...CURRENCIES].sort());
      for (const price of Object.values(plan.prices)) expect(Number.isInteger(price) && price > 0).toBe(true);
      expect(MEMBERSHIP_LEVELS).toContain(plan.membershipLevel);
      expect(MEMBERSHIP_TYPES).toContain(plan.membershipType);
      for (const target of plan.upgradesTo) expect(findPlan(target)).toBeDefined();
    }
  });

  it('has a beauty package and an executive plan', () => {
    expect(PLANS.find((p) => p.membershipLevel === 'TopicBeauty')).toBeDefined();
    expect(PLANS.find((p) => p.channel === 'executive')).toBeDefined();
  });
});

describe('currency and tax', () => {
  it.each([
    ['GB', 'GBP'],
    ['FR', 'EUR'],
    ['DE', 'EUR'],
    ['IN', 'INR'],
    ['US', 'USD'],
    ['JP', 'USD'],
    [undefined, 'USD'],
  ] as const)('a reader in %s is offered %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it('charges VAT in the UK and the EU, GST in India, none elsewhere', () => {
    expect(taxFor('gb')).toEqual({ rate: 0.2, region: 'GB', type: 'VAT' });
    expect(taxFor('DE').rate).toBe(0.19);
    expect(taxFor('IN')).toEqual({ rate: 0.18, region: 'IN', type: 'GST' });
    expect(taxFor('US')).toEqual({ rate: 0, region: 'US', type: 'none' });
  });

  it('has the standard VAT rate of every EU member state, and of the UK, CH and NO; GST in AU, NZ, IN', () => {
    const EU = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
    expect(EU).toHaveLength(27);
    for (const country of EU) {
      const tax = taxFor(country);
      expect(tax.type, country).toBe('VAT');
      expect(tax.rate, country).toBeGreaterThanOrEqual(0.17);
      expect(tax.rate, country).toBeLessThanOrEqual(0.27);
    }
    expect(Object.keys(TAX_TABLE).sort()).toEqual([...EU, 'GB', 'CH', 'NO', 'AU', 'NZ', 'IN'].sort());
    expect([taxFor('HU').rate, taxFor('LU').rate, taxFor('FI').rate, taxFor('EE').rate]).toEqual([
      0.27, 0.17, 0.255, 0.24,
    ]);
    expect(taxFor('CH')).toEqual({ rate: 0.081, region: 'CH', type: 'VAT' });
    expect(taxFor('AU')).toEqual({ rate: 0.1, region: 'AU', type: 'GST' });
    expect(taxFor('NZ')).toEqual({ rate: 0.15, region: 'NZ', type: 'GST' });
  });

  it('sells rupee prices to readers billed in India only', () => {
    expect(currencyRefusal('INR', 'IN')).toBe(null);
    expect(currencyRefusal('INR', 'GB')).toMatch(/billed in India/);
    for (const currency of ['EUR', 'GBP', 'USD'] as const) expect(currencyRefusal(currency, 'IN')).toBe(null);
  });

  it('prices a plan with its tax', () => {
    const plan = findPlan('individuals_standard_yearly_trial_v1')!;
    expect(priceOf(plan, 'GBP', 'GB')).toEqual({
      currency: 'GBP',
      itemPrice: 25_000,
      taxAmount: 5_000,
      fullPrice: 30_000,
      taxInfo: { rate: 0.2, region: 'GB', type: 'VAT' },
    });
  });

  it('formats money for the reader', () => {
    expect(formatMoney(25_000, 'GBP', 'en-GB')).toBe('£250.00');
    expect(formatMoney(1_800_000, 'INR', 'en-IN')).toBe('₹18,000.00');
    expect(formatMoney(29_000, 'EUR', 'de-DE')).toBe('290,00\u00a0€');
  });
});
