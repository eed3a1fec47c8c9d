import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { CheckInForm } from '../../../../components/events/check-in-form';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Check-in', robots: { index: false } };

type Props = { params: Promise<{ slug: string }> };

/** The door of an event, for its staff (admins): check ticket codes, each admitted once. */
export default async function CheckInPage({ params }: Props) {
  const { slug } = await params;
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title="Check-in" reason="Sign in as event staff to check tickets." />;
  const { events } = await runningServices();
  const event = await events.bySlug(slug).catch(() => null);
  if (!event) notFound();
  if (!events.isStaff(viewerFromClaims(claims)))
    return (
      <div className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">Check-in</h1>
        <p className="mt-4">Only event staff can check tickets.</p>
      </div>
    );
  return (
    <div className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Check-in</p>
      <h1 className="font-serif text-3xl font-bold">{event.title}</h1>
      <p className="mt-2">
        Type or paste the code under the ticket&rsquo;s QR image, or scan it with a scanner that types, then
        press Enter.
      </p>
      <CheckInForm eventSlug={event.slug} />
      <p className="mt-8 text-sm">
        <Link href={`/events/${event.slug}/orders/`}>Orders and refunds</Link>
      </p>
    </div>
  );
}
