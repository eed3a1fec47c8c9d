import type { Metadata } from 'next';
import Link from 'next/link';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { OrderSummary } from '../../../../components/events/order-summary';
import { readerLocale } from '../../../../server/reader-locale';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your tickets', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** After a purchase: the order, its tickets, and where the e-mail went. */
export default async function TicketConfirmationPage({ searchParams }: Props) {
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title="Your tickets" reason="Sign in to see your order." />;
  const orderId = (await searchParams).order;
  const [{ events }, { locale }] = await Promise.all([runningServices(), readerLocale()]);
  const order =
    typeof orderId === 'string' && /^[0-9a-f-]{36}$/.test(orderId)
      ? await events.order(viewerFromClaims(claims), orderId).catch(() => null)
      : null;
  return (
    <div className="mx-auto max-w-measure px-gutter py-10">
      {order ? (
        <>
          <h1 className="font-serif text-3xl font-bold">Thank you: your tickets are booked</h1>
          <p className="mt-2">
            We have e-mailed your {order.quantity === 1 ? 'ticket' : `${order.quantity} tickets`} to{' '}
            {claims.email}, each with a QR code to show at the door, and a calendar file.
          </p>
          <div className="mt-6">
            <OrderSummary order={order} locale={locale} />
          </div>
        </>
      ) : (
        <>
          <h1 className="font-serif text-3xl font-bold">We could not find that order</h1>
          <p className="mt-2">It may belong to another account.</p>
        </>
      )}
      <p className="mt-6">
        <Link href="/user/tickets/">All your tickets</Link>
      </p>
    </div>
  );
}
