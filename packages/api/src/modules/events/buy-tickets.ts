import { randomUUID } from 'node:crypto';
import type { BillingProvider } from '@bof/billing/billing-provider';
import { hasErrorCode } from '../../errors/domain-error';
import type { Mailer } from '../email-change/email-change-mail';
import { outageMessage } from '../billing/purchase-claim';
import { EventTicketError, TicketPurchase3DSecureError } from './events.errors';
import type { BuyTicketsInput } from './events.inputs';
import type { EventsRepo, OrderRow } from './events.repo';
import { orderEmailMessage } from './order-email';
import { signTicketCode } from './ticket-code';
import { decideTicketSale } from './ticket-sale';

export interface BuyTicketsDeps {
  repo: Pick<EventsRepo, 'ticketType' | 'openOrder' | 'closeUnpaid' | 'settlePaid' | 'db'>;
  provider: Pick<BillingProvider, 'chargeOnce'>;
  mailer: Mailer;
  /** Signs ticket codes (the product's secret). */
  secret: string;
  site: { siteUrl: string; siteName: string };
  now: () => Date;
}

/** The buyer: the signed-in reader, and whether the access engine counts them a member. */
export interface Buyer {
  userId: string;
  email: string;
  isMember: boolean;
}

/**
 * Buys tickets of one type for the reader: decides the sale (window, currency, member discount), takes
 * the stock and opens the order under the purchase key in one transaction, charges the card once through
 * the billing provider, then writes the tickets and queues their e-mail (QR codes and calendar file) in
 * the order's transaction. A charge that does not go through gives the stock back; a retry under the
 * same key never charges twice (the provider gets the key too) and answers a paid order as it is.
 * @throws EventTicketError with a stable code; TicketPurchase3DSecureError when the bank asks.
 */
export async function buyTickets(
  deps: BuyTicketsDeps,
  buyer: Buyer,
  input: BuyTicketsInput,
): Promise<OrderRow> {
  const found = await deps.repo.ticketType(input.ticketTypeId);
  if (!found || !found.event.published) throw new EventTicketError('ticket_type_not_found');
  const { type, event } = found;
  const decision = decideTicketSale({
    ticketType: type,
    event,
    quantity: input.ticketQty,
    currency: input.currency,
    isMember: buyer.isMember,
    now: deps.now(),
  });
  if (decision.kind === 'refuse') throw new EventTicketError(decision.code);

  const opened = await deps.repo.openOrder({
    id: randomUUID(),
    purchaseKey: input.idempotencyKey,
    userId: buyer.userId,
    email: buyer.email,
    eventId: event.id,
    ticketTypeId: type.id,
    quantity: input.ticketQty,
    currency: input.currency,
    amount: decision.amount,
    memberDiscountPercent: decision.discountPercent,
  });
  if (opened.kind === 'sold-out') throw new EventTicketError('sold_out');
  if (opened.kind === 'taken') return answerEarlier(opened.order, buyer, input);
  const order = opened.order;

  let outcome;
  try {
    outcome = await deps.provider.chargeOnce({
      accountCode: buyer.userId,
      email: buyer.email,
      currency: input.currency,
      amount: order.amount,
      description: `${order.quantity} × ${type.name}, ${event.title}`,
      billingToken: input.billingToken,
      ...(input.threeDSecureActionResultToken
        ? { threeDSecureActionResultToken: input.threeDSecureActionResultToken }
        : {}),
      idempotencyKey: `event-order-${input.idempotencyKey}`,
    });
  } catch (error) {
    await deps.repo.closeUnpaid(order.id, 'failed', String(error));
    if (hasErrorCode(error, 'billing_unavailable'))
      throw new EventTicketError(
        'payment_unavailable',
        outageMessage((error as { mayHaveCharged?: boolean }).mayHaveCharged ?? true),
      );
    throw error;
  }
  switch (outcome.kind) {
    case 'declined':
      await deps.repo.closeUnpaid(order.id, 'declined', outcome.message);
      throw new EventTicketError('payment_declined', outcome.message);
    case 'three-d-secure':
      // Nothing is held while the reader is at the bank: the retry with the result takes stock again.
      await deps.repo.closeUnpaid(order.id, 'challenge', null);
      throw new TicketPurchase3DSecureError(outcome.actionTokenId, outcome.message);
    case 'charged':
      break;
  }
  const tickets = Array.from({ length: order.quantity }, () => {
    const id = randomUUID();
    return { id, code: signTicketCode(deps.secret, id) };
  });
  // Rendered before the transaction: the charge has gone through, so nothing after it may fail lightly.
  const message = await orderEmailMessage({
    ...deps.site,
    to: buyer.email,
    orderId: order.id,
    ticketTypeName: type.name,
    currency: order.currency,
    amount: order.amount,
    event,
    tickets,
  });
  const within = deps.mailer.within;
  const { order: paid } = await deps.repo.settlePaid(
    { orderId: order.id, chargeId: outcome.charge.chargeId, tickets },
    async (tx) => {
      if (within) await within.call(deps.mailer, tx).send(message);
    },
  );
  // A courier without an outbox (SMTP) sends once the order is committed.
  if (!within) await deps.mailer.send(message);
  return paid;
}

/** A purchase key used before: the same request gets the first answer, another request a refusal. */
function answerEarlier(order: OrderRow, buyer: Buyer, input: BuyTicketsInput): OrderRow {
  const same =
    order.userId === buyer.userId &&
    order.ticketTypeId === input.ticketTypeId &&
    order.quantity === input.ticketQty &&
    order.currency === input.currency;
  if (!same) throw new EventTicketError('purchase_key_reused');
  switch (order.status) {
    case 'paid':
    case 'refunded':
      return order;
    case 'declined':
      throw new EventTicketError('payment_declined', order.message ?? undefined);
    case 'pending':
    case 'challenge':
    case 'failed':
      throw new EventTicketError('purchase_in_progress');
  }
}
