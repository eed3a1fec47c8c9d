import Link from 'next/link';
import type { EventOrderView } from '@bof/api/events';
import { formatEventWhen, formatMoney } from '@bof/api/event-format';
import { eventPlace } from './event-card';

/** One ticket order as its buyer sees it: the event, what was paid, and each ticket's code. */
export function OrderSummary({
  order,
  locale,
  headingLevel = 2,
}: {
  order: EventOrderView;
  locale: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={`order-${order.orderId}`}
      className="rounded border border-rule p-4"
      data-order-id={order.orderId}
    >
      <Heading id={`order-${order.orderId}`} className="font-serif text-xl font-bold">
        <Link href={`/events/${order.event.slug}/`}>{order.event.title}</Link>
      </Heading>
      <p className="text-sm text-muted">{formatEventWhen(order.event)}</p>
      <p className="text-sm text-muted">{eventPlace(order.event)}</p>
      <p className="mt-2">
        {order.quantity} × {order.ticketTypeName} · {formatMoney(order.amount, order.currency, locale)}
        {order.memberDiscountPercent > 0 ? ` (member price, ${order.memberDiscountPercent}% off)` : ''}
      </p>
      <p className="text-sm">
        Order <code>{order.orderId}</code> ·{' '}
        {order.status === 'refunded' ? <strong>Refunded: these tickets are no longer valid</strong> : 'Paid'}
      </p>
      {order.status === 'paid' ? (
        <ol className="mt-3 space-y-1">
          {order.tickets.map((ticket, i) => (
            <li key={ticket.code ?? i} className="text-sm">
              Ticket {i + 1}:{' '}
              <code className="break-all" data-ticket-code>
                {ticket.code}
              </code>
              {ticket.admittedAt ? ' · admitted' : ''}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
