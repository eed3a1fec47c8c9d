import { describe, expect, it } from 'vitest';
import { dataLayerEntry, pixelCall } from './consented-tags';

describe('what the consented tags receive', () => {
  it('the tag manager gets every catalogue event with its fields', () => {
    expect(
      dataLayerEntry({ name: 'purchase', data: { planCode: 'digital-annual', currency: 'GBP' } }),
    ).toEqual({
      event: 'purchase',
      planCode: 'digital-annual',
      currency: 'GBP',
    });
  });

  it('the ad pixel gets conversions as standard events with only currency, plan and quantity', () => {
    expect(
      pixelCall({
        name: 'purchase',
        data: { planCode: 'digital-annual', currency: 'GBP', accountId: 'a-1', subscriptionId: 's-1' },
      }),
    ).toEqual([
      'track',
      'Purchase',
      { currency: 'GBP', content_ids: ['digital-annual'], content_type: 'product' },
    ]);
    expect(pixelCall({ name: 'registered', data: { app: 'web', connection: 'google' } })).toEqual([
      'track',
      'CompleteRegistration',
      { content_name: 'google' },
    ]);
    expect(pixelCall({ name: 'checkout_started', data: { planCode: 'team', seatQuantity: 5 } })).toEqual([
      'track',
      'InitiateCheckout',
      { content_ids: ['team'], content_type: 'product', num_items: 5 },
    ]);
    expect(pixelCall({ name: 'page_view', data: { page_path: '/x/' } })).toEqual(['track', 'PageView']);
  });

  it('any other catalogue event reaches the pixel by name alone', () => {
    expect(pixelCall({ name: 'search', data: { searchTerm: 'tariffs' } })).toEqual(['trackCustom', 'search']);
  });
});
