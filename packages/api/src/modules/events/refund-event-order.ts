import type { BillingProvider } from '@bof/billing/billing-provider';
import { hasErrorCode } from '../../errors/domain-error';
import { EventTicketError } from './events.errors';
import type { EventsRepo, OrderRow } from './events.repo';

export interface RefundEventOrderDeps {
  repo: Pick<EventsRepo, 'order' | 'markRefunded'>;
  provider: Pick<BillingProvider, 'refundCharge'>;
}

/**
 * Refunds a paid order in full through the billing provider, then marks it refunded and gives its
 * tickets back to the stock (its codes no longer admit anyone). The provider's refund carries a key of
 * the order, so two admins pressing at once refund once.
 * @throws EventTicketError order_not_found, order_not_refundable, payment_unavailable.
 */
export async function refundEventOrder(
  deps: RefundEventOrderDeps,
  adminUserId: string,
  orderId: string,
): Promise<OrderRow> {
  const order = await deps.repo.order(orderId);
  if (!order) throw new EventTicketError('order_not_found');
  if (order.status !== 'paid' || !order.chargeId) throw new EventTicketError('order_not_refundable');
  try {
    await deps.provider.refundCharge({
      chargeId: order.chargeId,
      idempotencyKey: `event-refund-${order.id}`,
    });
  } catch (error) {
    if (hasErrorCode(error, 'billing_unavailable'))
      throw new EventTicketError(
        'payment_unavailable',
        'The payment provider could not refund this order now. Nothing was changed; try again later.',
      );
    throw error;
  }
  const refunded = await deps.repo.markRefunded(order.id, adminUserId);
  if (!refunded) throw new EventTicketError('order_not_refundable');
  return refunded;
}
