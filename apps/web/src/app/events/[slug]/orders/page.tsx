import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatMoney } from '@bof/api/event-format';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { RefundButton } from '../../../../components/events/refund-button';
import { readerLocale } from '../../../../server/reader-locale';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Event orders', robots: { index: false } };

type Props = { params: Promise<{ slug: string }> };

/** An event's orders, for admins: who bought what, what was admitted, and refunds. */
export default async function EventOrdersPage({ params }: Props) {
  const { slug } = await params;
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title="Event orders" reason="Sign in as an admin to see orders." />;
  const [{ events }, { locale }] = await Promise.all([runningServices(), readerLocale()]);
  const viewer = viewerFromClaims(claims);
  const event = await events.bySlug(slug).catch(() => null);
  if (!event) notFound();
  if (!events.isStaff(viewer))
    return (
      <div className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">Event orders</h1>
        <p className="mt-4">Only admins can see an event&rsquo;s orders.</p>
      </div>
    );
  const orders = await events.ordersOfEvent(viewer, slug);
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Orders</p>
      <h1 className="font-serif text-3xl font-bold">{event.title}</h1>
      <ul className="mt-4 flex flex-wrap gap-4 text-sm">
        {event.ticketTypes.map((t) => (
          <li key={t.id}>
            {t.name}: {(t.quantity - t.available).toLocaleString(locale)} sold of{' '}
            {t.quantity.toLocaleString(locale)}
          </li>
        ))}
      </ul>
      {orders.length === 0 ? (
        <p className="mt-6">No orders yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr className="border-b border-rule">
                <th scope="col" className="py-2 pr-4">
                  Order
                </th>
                <th scope="col" className="py-2 pr-4">
                  Buyer
                </th>
                <th scope="col" className="py-2 pr-4">
                  Tickets
                </th>
                <th scope="col" className="py-2 pr-4">
                  Paid
                </th>
                <th scope="col" className="py-2 pr-4">
                  Admitted
                </th>
                <th scope="col" className="py-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.orderId} className="border-b border-rule" data-order-id={order.orderId}>
                  <td className="py-2 pr-4">
                    <code>{order.orderId.slice(0, 8)}</code>
                    <span className="block text-muted">
                      {order.createdAt.toLocaleString(locale, { timeZone: event.timeZone })}
                    </span>
                  </td>
                  <td className="py-2 pr-4">{order.email}</td>
                  <td className="py-2 pr-4">
                    {order.quantity} × {order.ticketTypeName}
                  </td>
                  <td className="py-2 pr-4">{formatMoney(order.amount, order.currency, locale)}</td>
                  <td className="py-2 pr-4">
                    {order.tickets.filter((t) => t.admittedAt).length} of {order.quantity}
                  </td>
                  <td className="py-2">
                    {order.status === 'paid' ? (
                      <RefundButton
                        orderId={order.orderId}
                        label={`order ${order.orderId.slice(0, 8)} of ${order.email ?? ''}`}
                      />
                    ) : (
                      'Refunded'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-8 text-sm">
        <Link href={`/events/${event.slug}/check-in/`}>Check-in</Link>
      </p>
    </div>
  );
}
