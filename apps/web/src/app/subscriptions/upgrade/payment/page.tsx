import Link from 'next/link';
import { findPlan, formatMoney, previewSubscriptionUpgrade } from '@bof/api/billing';
import { hasErrorCode } from '@bof/api/errors';
import { runningServices } from '@bof/api/running-services';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { ChangeCard } from '../../../../components/subscriptions/change-card';
import { ConfirmUpgrade } from '../../../../components/subscriptions/confirm-upgrade';
import { PAYMENT_COUNTRIES } from '../../../../components/subscriptions/payment-countries';
import { readerLocale } from '../../../../server/reader-locale';
import { getServerViewer } from '../../../../server/server-viewer';
import { formatDate } from '../../../../site/dates';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /subscriptions/upgrade/payment/: the provider's price for the upgrade today, then one click
 * to pay exactly that (the server refuses if it has changed). During a free trial nothing is due today.
 */
export default async function UpgradePaymentPage({ searchParams }: Props) {
  const viewer = await getServerViewer();
  const code = (await searchParams).plan;
  const plan = typeof code === 'string' ? findPlan(code) : undefined;
  if (!viewer) return <SignedOutPage title="Upgrade" reason="Sign in to upgrade your membership." />;
  const { billing, env } = await runningServices();
  const recurly = env.billing.recurly;
  const [deps, membership] = await Promise.all([billing.deps(), billing.membershipOf(viewer.user_id)]);
  const preview = plan
    ? await previewSubscriptionUpgrade(deps, { userId: viewer.user_id, planCode: plan.code }).catch(
        (error: Error) => error,
      )
    : new Error('Choose a plan to upgrade to.');
  const { locale } = await readerLocale();
  if (!plan || preview instanceof Error) {
    const outage = hasErrorCode(preview, 'billing_unavailable');
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">Upgrade</h1>
        <p role="alert" className="mt-6">
          {outage
            ? 'We cannot price your upgrade right now: our payment provider is not answering. Nothing has changed; please try again in a few minutes.'
            : preview instanceof Error
              ? preview.message
              : 'That upgrade is not available.'}
        </p>
        <p className="mt-4">
          <Link href={outage ? '/user/membership/' : '/subscriptions/upgrade/'}>
            {outage ? 'Back to your membership' : 'See the upgrades available to you'}
          </Link>
        </p>
      </section>
    );
  }
  const m = (minor: number) => formatMoney(minor, preview.currency, locale);
  const inTrial = membership.status === 'ActiveTrial';
  const date = membership.periodEndsAt ? formatDate(membership.periodEndsAt) : '';
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Upgrade to {plan.title}</h1>
      {inTrial ? (
        <p className="mt-4" data-testid="upgrade-in-trial">
          You are in your free trial: {plan.title} starts now, the trial runs to its end on {date}, and your
          first year of {plan.title} is charged then.
        </p>
      ) : null}
      <dl className="mt-6 grid grid-cols-[1fr_auto] gap-y-2 border-y border-rule py-4">
        <dt>
          {plan.title} {inTrial ? 'during your trial' : `until ${date}`}
        </dt>
        <dd className="text-right">{m(preview.dueToday - preview.taxAmount - preview.proRata)}</dd>
        <dt>Credit for your current plan</dt>
        <dd className="text-right">{m(preview.proRata)}</dd>
        <dt>{preview.taxInfo.type === 'none' ? 'Tax' : preview.taxInfo.type}</dt>
        <dd className="text-right">{m(preview.taxAmount)}</dd>
        <dt className="font-semibold">Due today</dt>
        <dd className="text-right font-semibold" data-testid="upgrade-due-today">
          {m(preview.dueToday)}
        </dd>
      </dl>
      <p className="mt-4 text-sm text-muted">
        {inTrial ? `From ${date}` : 'Then'} {m(preview.total)} a year ({m(preview.totalPerMonth)} a month),
        charged to your card on file.
      </p>
      {recurly ? (
        <ChangeCard
          recurly={{ publicKey: recurly.publicKey, scriptUrl: recurly.scriptUrl }}
          countries={[...PAYMENT_COUNTRIES]}
          locale={locale}
        />
      ) : null}
      <ConfirmUpgrade
        planCode={plan.code}
        previousPlanCode={membership.plan?.code ?? ''}
        currency={preview.currency}
        dueToday={preview.dueToday}
        label={preview.dueToday > 0 ? `Pay ${m(preview.dueToday)} and upgrade` : `Upgrade to ${plan.title}`}
      />
    </section>
  );
}
