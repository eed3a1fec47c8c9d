import { z } from 'zod';
import { CURRENCIES } from '@bof/config/constants';

/** Spec §5: a ticket quantity is an integer from 1 to 1000. */
export const TICKET_QTY_MIN = 1;
export const TICKET_QTY_MAX = 1000;

const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Use 16 to 128 letters, digits, - or _.');

export const buyTicketsSchema = z.object({
  ticketTypeId: z.uuid('Choose a ticket.'),
  ticketQty: z
    .number()
    .int('Choose a whole number of tickets.')
    .min(TICKET_QTY_MIN, `Choose at least ${TICKET_QTY_MIN} ticket.`)
    .max(TICKET_QTY_MAX, `Choose at most ${TICKET_QTY_MAX} tickets.`),
  currency: z.enum(CURRENCIES),
  billingToken: z.string().min(1).max(128),
  idempotencyKey,
  threeDSecureActionResultToken: z.string().min(1).max(128).nullish(),
});
export type BuyTicketsInput = z.infer<typeof buyTicketsSchema>;

export const admitTicketSchema = z.object({
  eventSlug: z.string().min(1).max(200),
  code: z.string().trim().min(1, 'Enter a ticket code.').max(200, 'That is too long for a ticket code.'),
});
export type AdmitTicketInput = z.infer<typeof admitTicketSchema>;

export const refundEventOrderSchema = z.object({ orderId: z.uuid('Not an order id.') });
