import type { BillingInfo, BillingProvider } from '@bof/billing/billing-provider';
import { hasErrorCode } from '../../errors/domain-error';
import { SubscriptionPurchaseError } from '../../errors/subscription-errors';

/**
 * Replaces the reader's card on file with the one a card token stands for (Recurly.js, or the simulator's
 * fields): the next charge, an upgrade say, goes to it. Nothing else changes.
 * @throws SubscriptionPurchaseError (PURCHASE_ERROR) when the provider refuses the card or cannot be reached.
 */
export async function updateBillingInfo(
  deps: { provider: Pick<BillingProvider, 'updateBillingInfo'> },
  input: { userId: string; billingToken: string },
): Promise<BillingInfo> {
  try {
    return await deps.provider.updateBillingInfo(input.userId, input.billingToken);
  } catch (error) {
    if (!hasErrorCode(error, 'billing_unavailable')) throw error;
    throw new SubscriptionPurchaseError(
      'PURCHASE_ERROR',
      'We could not save that card, and nothing has changed. Please check it or use another card.',
    );
  }
}

/**
 * The reader's card on file as the provider holds it; null while the provider cannot be reached (the
 * outage is logged), so the pages around it still show.
 */
export async function billingInfoOf(
  deps: { provider: Pick<BillingProvider, 'getBillingInfo'> },
  accountCode: string,
): Promise<BillingInfo | null> {
  try {
    return await deps.provider.getBillingInfo(accountCode);
  } catch (error) {
    if (!hasErrorCode(error, 'billing_unavailable')) throw error;
    console.error('Billing info unavailable', error);
    return null;
  }
}
