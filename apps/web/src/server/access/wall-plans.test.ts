import { describe, expect, it } from 'vitest';
import { wallCurrency } from './wall-currency';
import { wallPlans } from './wall-plans';

describe('the plans a wall offers', () => {
  it('are the catalogue plans that open the story, cheapest first, priced in the currency', () => {
    expect(wallPlans('members', 'GBP').map((p) => [p.title, p.price])).toEqual([
      ['News & Analysis', '£190.00'],
      ['Standard', '£250.00'],
      ['Premium', '£450.00'],
    ]);
    expect(wallPlans('premium', 'USD').map((p) => [p.title, p.price])).toEqual([['Premium', '$580.00']]);
    expect(wallPlans('topic:beauty', 'EUR').map((p) => p.title)).toEqual(['Beauty', 'Premium']);
    expect(wallPlans('topic:beauty', 'EUR')[0]!.price).toBe('€140.00');
    expect(wallPlans('members', 'INR')[0]!.price).toBe('₹14,000.00');
  });

  it('link to the payment page of each plan in that currency', () => {
    expect(wallPlans('premium', 'GBP')[0]!.href).toBe(
      '/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP',
    );
  });
});

describe('the currency of a wall', () => {
  it.each([
    ['en-GB,en;q=0.9', 'GBP'],
    ['fr-FR', 'EUR'],
    ['hi-IN', 'INR'],
    ['en-US', 'USD'],
    ['en', 'USD'],
    ['', 'USD'],
    [undefined, 'USD'],
    ['!!', 'USD'],
  ])('%s: %s', (header, currency) => {
    expect(wallCurrency(header)).toBe(currency);
  });
});
