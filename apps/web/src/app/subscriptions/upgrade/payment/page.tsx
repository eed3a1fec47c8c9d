import Link from 'next/link';
import { findPlan, formatMoney, getBillingModule, previewSubscriptionUpgrade } from '@bof/api/billing';
import { getPlatform } from '@bof/api/platform';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { ChangeCard } from '../../../../components/subscriptions/change-card';
import { ConfirmUpgrade } from '../../../../components/subscriptions/confirm-upgrade';
import { PAYMENT_COUNTRIES } from '../../../../components/subscriptions/payment-countries';
import { readerLocale } from '../../../../server/reader-locale';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §2 /subscriptions/upgrade/payment/: the previewed amount, then one click to pay exactly that. */
export default async function UpgradePaymentPage({ searchParams }: Props) {
  const viewer = await getServerViewer();
  const code = (await searchParams).plan;
  const plan = typeof code === 'string' ? findPlan(code) : undefined;
  if (!viewer) return <SignedOutPage title="Upgrade" reason="Sign in to upgrade your membership." />;
  const platform = await getPlatform();
  const billing = getBillingModule(platform);
  const recurly = platform.env.billing.recurly;
  const preview = plan
    ? await previewSubscriptionUpgrade(
        { repo: billing.repo, provider: billing.provider, now: () => new Date() },
        { userId: viewer.user_id, planCode: plan.code },
      ).catch((error: Error) => error)
    : new Error('Choose a plan to upgrade to.');
  const { locale } = await readerLocale();
  if (!plan || preview instanceof Error) {
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">Upgrade</h1>
        <p role="alert" className="mt-6">
          {preview instanceof Error ? preview.message : 'That upgrade is not available.'}
        </p>
        <p className="mt-4">
          <Link href="/subscriptions/upgrade/">See the upgrades available to you</Link>
        </p>
      </section>
    );
  }
  const m = (minor: number) => formatMoney(minor, preview.currency, locale);
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Upgrade to {plan.title}</h1>
      <dl className="mt-6 grid grid-cols-[1fr_auto] gap-y-2 border-y border-rule py-4">
        <dt>{plan.title} for the rest of this year</dt>
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
        Then {m(preview.total)} a year ({m(preview.totalPerMonth)} a month), charged to your card on file.
      </p>
      {recurly ? (
        <ChangeCard
          recurly={{ publicKey: recurly.publicKey, scriptUrl: recurly.scriptUrl }}
          countries={[...PAYMENT_COUNTRIES]}
          locale={locale}
        />
      ) : null}
      <ConfirmUpgrade planCode={plan.code} label={`Pay ${m(preview.dueToday)} and upgrade`} />
    </section>
  );
}
