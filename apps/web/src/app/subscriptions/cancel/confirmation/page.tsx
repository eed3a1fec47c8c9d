import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { formatMoney, nextChargeOf } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { ResumeMembership } from '../../../../components/subscriptions/resume-membership';
import { readerLocale } from '../../../../server/reader-locale';
import { getServerViewer } from '../../../../server/server-viewer';
import { formatDate } from '../../../../site/dates';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /subscriptions/cancel/confirmation/: what happened, until when the reader keeps access, and
 * resuming the membership while the period has not ended.
 */
export default async function CancelConfirmationPage({ searchParams }: Props) {
  const action = (await searchParams).action;
  const viewer = await getServerViewer();
  const { billing } = await runningServices();
  const [membership, resumable, card] = viewer
    ? await Promise.all([
        billing.membershipOf(viewer.user_id),
        billing.resumableSubscription(viewer.user_id),
        billing.billingInfoOf(viewer.user_id),
      ])
    : [null, null, null];
  const { locale } = await readerLocale();
  const renewal = resumable && card ? nextChargeOf(resumable, card.countryCode) : null;
  const until = membership?.periodEndsAt ? formatDate(membership.periodEndsAt) : null;
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      {action === 'accepted_discount' ? (
        <>
          <h1 className="font-serif text-3xl font-bold">Thank you for staying</h1>
          <p className="mt-4">Your discount will apply at your next renewal{until ? `, on ${until}` : ''}.</p>
        </>
      ) : (
        <>
          <h1 className="font-serif text-3xl font-bold">Your membership is cancelled</h1>
          <p className="mt-4" data-testid="access-until">
            {until && membership?.status === 'ActiveCanceled'
              ? `You keep full access until ${until}. You will not be charged again.`
              : 'You will not be charged again.'}
          </p>
          {resumable ? (
            <ResumeMembership
              subscriptionUuid={resumable.uuid}
              renewsOn={formatDate(resumable.currentPeriodEndsAt)}
              price={renewal ? formatMoney(renewal.price, renewal.currency as Currency, locale) : null}
            />
          ) : (
            <p className="mt-2">Changed your mind? You can rejoin at any time.</p>
          )}
        </>
      )}
      <p className="mt-8">
        <Link href="/user/membership/">Back to your membership</Link>
      </p>
    </section>
  );
}
