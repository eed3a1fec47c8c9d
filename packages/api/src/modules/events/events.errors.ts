import { DomainError } from '../../errors/domain-error';

/** The stable codes of a refused ticket purchase, check-in or refund (clients branch on these). */
export type EventErrorCode =
  | 'event_not_found'
  | 'ticket_type_not_found'
  | 'sales_not_open'
  | 'sales_closed'
  | 'currency_not_offered'
  | 'sold_out'
  | 'payment_declined'
  | 'payment_unavailable'
  | 'purchase_key_reused'
  | 'purchase_in_progress'
  | 'ticket_code_forged'
  | 'ticket_other_event'
  | 'ticket_refunded'
  | 'order_not_found'
  | 'order_not_refundable';

export const EVENT_ERROR_CODES: readonly EventErrorCode[] = [
  'event_not_found',
  'ticket_type_not_found',
  'sales_not_open',
  'sales_closed',
  'currency_not_offered',
  'sold_out',
  'payment_declined',
  'payment_unavailable',
  'purchase_key_reused',
  'purchase_in_progress',
  'ticket_code_forged',
  'ticket_other_event',
  'ticket_refunded',
  'order_not_found',
  'order_not_refundable',
];

const MESSAGES: Record<EventErrorCode, string> = {
  event_not_found: 'There is no such event.',
  ticket_type_not_found: 'There is no such ticket for this event.',
  sales_not_open: 'Tickets of this kind are not on sale yet.',
  sales_closed: 'Sales of this ticket have closed.',
  currency_not_offered: 'This ticket is not sold in that currency.',
  sold_out: 'There are not enough tickets of this kind left.',
  payment_declined: 'Your card was declined. Please use another card.',
  payment_unavailable:
    'We could not reach our payment provider, and you have not been charged. Please try again in a few minutes.',
  purchase_key_reused: 'This purchase was already made with other details. Please start again.',
  purchase_in_progress: 'This purchase is still being processed. Please wait a moment and try again.',
  ticket_code_forged: 'This is not a valid ticket code.',
  ticket_other_event: 'This ticket is for another event.',
  ticket_refunded: 'This ticket was refunded and is no longer valid.',
  order_not_found: 'There is no such order.',
  order_not_refundable: 'This order cannot be refunded (it is not paid, or was refunded already).',
};

/**
 * An expected failure of the events module: its `code` is stable, the message is for people (a decline
 * carries the provider's own words).
 */
export class EventTicketError extends DomainError {
  constructor(code: EventErrorCode, message: string = MESSAGES[code]) {
    super(code, message);
  }
}

/** The bank asks the reader to confirm the payment (3-D Secure); nothing was charged and no stock held. */
export class TicketPurchase3DSecureError extends DomainError {
  constructor(
    readonly threeDSecureActionToken: string,
    message: string,
  ) {
    super('ticket_three_d_secure', message);
  }
}

/** The ticket was admitted before: at `admittedAt`, shown as HH:MM in the event's time zone. */
export class TicketAlreadyAdmittedError extends DomainError {
  constructor(
    readonly admittedAt: Date,
    readonly admittedAtLocal: string,
  ) {
    super('ticket_already_admitted', `Already admitted at ${admittedAtLocal}.`);
  }
}
