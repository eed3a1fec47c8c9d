import Link from 'next/link';
import { acceptedCancellationCoupon, cancellableSubscription } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { CancelJourney } from '../../../components/subscriptions/cancel-journey';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';

/**
 * Spec §2 /subscriptions/cancel/: reasons, then one save offer, then cancel or stay; once the offer has
 * been made, a confirmation instead.
 */
export default async function CancelPage() {
  const viewer = await getServerViewer();
  if (!viewer)
    return <SignedOutPage title="Cancel your membership" reason="Sign in to manage your membership." />;
  const { billing } = await runningServices();
  const subscription = await cancellableSubscription(await billing.deps(), viewer.user_id);
  const { locale } = await readerLocale();
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Cancel your membership</h1>
      {subscription ? (
        <CancelJourney
          subscriptionId={subscription.uuid}
          planCode={subscription.planCode}
          accessUntil={new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(
            subscription.currentPeriodEndsAt,
          )}
          acceptedDiscountPercent={acceptedCancellationCoupon(subscription)?.discountPercent ?? null}
        />
      ) : (
        <div className="mt-6 space-y-4">
          <p>You have no membership to cancel.</p>
          <Link href="/user/membership/">Back to your membership</Link>
        </div>
      )}
    </section>
  );
}
