import { describe, expect, it, vi } from 'vitest';
import { BillingUnavailableError } from '@bof/billing/billing-provider';
import { billingInfoIn } from './billing-test-fixtures';
import { billingInfoOf } from './update-billing-info';

describe('billingInfoOf', () => {
  it('is the card on file', async () => {
    const card = billingInfoIn('GB');
    expect(await billingInfoOf({ provider: { getBillingInfo: async () => card } }, 'reader-1')).toBe(card);
  });

  it('is null while the provider cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = async () => {
      throw new BillingUnavailableError('Recurly could not be reached.');
    };
    expect(await billingInfoOf({ provider: { getBillingInfo: down } }, 'reader-1')).toBeNull();
    vi.restoreAllMocks();
  });

  it('lets an unexpected failure through', async () => {
    const broken = new TypeError('a bug');
    const fails = async () => {
      throw broken;
    };
    await expect(billingInfoOf({ provider: { getBillingInfo: fails } }, 'reader-1')).rejects.toBe(broken);
  });
});
