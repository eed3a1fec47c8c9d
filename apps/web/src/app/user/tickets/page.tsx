import type { Metadata } from 'next';
import Link from 'next/link';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { OrderSummary } from '../../../components/events/order-summary';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your tickets', robots: { index: false } };

/** The reader's event ticket orders, newest first, with their ticket codes. */
export default async function TicketsPage() {
  const claims = await getServerViewer();
  if (!claims)
    return <SignedOutPage title="Your tickets" reason="Sign in to see the event tickets you bought." />;
  const [{ events }, { locale }] = await Promise.all([runningServices(), readerLocale()]);
  const orders = await events.ordersOf(viewerFromClaims(claims));
  return (
    <div className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Your tickets</h1>
      {orders.length === 0 ? (
        <p className="mt-4">
          You have no event tickets yet. <Link href="/events/">See what is on</Link>.
        </p>
      ) : (
        <div className="mt-6 space-y-4">
          {orders.map((order) => (
            <OrderSummary key={order.orderId} order={order} locale={locale} />
          ))}
        </div>
      )}
    </div>
  );
}
