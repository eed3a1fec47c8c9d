import type { Currency } from '@bof/config/constants';

/** What a ticket purchase is decided on: the type as stored, the reader's ask and the clock. */
export interface TicketSaleInput {
  ticketType: {
    prices: Partial<Record<string, number>>;
    quantity: number;
    sold: number;
    salesStartAt: Date;
    salesEndAt: Date;
    memberDiscountPercent: number;
  };
  event: { published: boolean };
  quantity: number;
  currency: Currency;
  isMember: boolean;
  now: Date;
}

export type TicketSaleDecision =
  | { kind: 'sell'; unitPrice: number; discountPercent: number; amount: number }
  | { kind: 'refuse'; code: 'sales_not_open' | 'sales_closed' | 'currency_not_offered' | 'sold_out' };

/**
 * Whether tickets may be sold, and for how much: the type's price in the currency times the quantity,
 * less the member discount (rounded to the nearest minor unit, once, on the whole order). The stock seen
 * here may be stale: it only spares a provider call, the conditional update is what never oversells.
 */
export function decideTicketSale(input: TicketSaleInput): TicketSaleDecision {
  const { ticketType: type, now } = input;
  if (!input.event.published || now < type.salesStartAt) return { kind: 'refuse', code: 'sales_not_open' };
  if (now >= type.salesEndAt) return { kind: 'refuse', code: 'sales_closed' };
  const unitPrice = type.prices[input.currency];
  if (unitPrice === undefined || !Number.isInteger(unitPrice) || unitPrice < 0)
    return { kind: 'refuse', code: 'currency_not_offered' };
  if (type.sold + input.quantity > type.quantity) return { kind: 'refuse', code: 'sold_out' };
  const discountPercent = input.isMember ? type.memberDiscountPercent : 0;
  const amount = Math.round((unitPrice * input.quantity * (100 - discountPercent)) / 100);
  return { kind: 'sell', unitPrice, discountPercent, amount };
}
