import Link from 'next/link';
import { findPlan, formatMoney, previewSubscriptionUpgrade } from '@bof/api/billing';
import { hasErrorCode } from '@bof/api/errors';
import { runningServices } from '@bof/api/running-services';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';

/** Spec §2 /subscriptions/upgrade/: the plans the reader's membership can move up to, with today's price. */
export default async function UpgradePage() {
  const viewer = await getServerViewer();
  if (!viewer)
    return (
      <SignedOutPage
        title="Upgrade your membership"
        reason="Sign in to see what your membership can be upgraded to."
      />
    );
  const { billing } = await runningServices();
  const { locale } = await readerLocale();
  const [membership, deps] = await Promise.all([billing.membershipOf(viewer.user_id), billing.deps()]);
  const targets = await Promise.all(
    (membership.plan?.upgradesTo ?? []).map(async (code) => ({
      plan: findPlan(code)!,
      preview: await previewSubscriptionUpgrade(deps, { userId: viewer.user_id, planCode: code }).catch(
        (error: Error) => error,
      ),
    })),
  );
  // The provider not answering is not the same as nothing to upgrade to.
  const outage = targets.some((t) => hasErrorCode(t.preview, 'billing_unavailable'));
  const available = targets.flatMap((t) =>
    t.preview instanceof Error ? [] : [{ ...t, preview: t.preview }],
  );
  return (
    <section className="mx-auto max-w-page px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Upgrade your membership</h1>
      {outage ? (
        <div className="mt-6 space-y-4">
          <p role="alert">
            We cannot price upgrades right now: our payment provider is not answering. Your membership is
            unchanged; please try again in a few minutes.
          </p>
          <Link href="/user/membership/">Back to your membership</Link>
        </div>
      ) : available.length === 0 ? (
        <div className="mt-6 space-y-4">
          <p>There is nothing to upgrade to from your current membership.</p>
          <Link href="/user/membership/">Back to your membership</Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {available.map(({ plan, preview }) => (
            <article key={plan.code} className="rounded border border-rule p-6">
              <h2 className="font-serif text-2xl font-bold">{plan.title}</h2>
              <p className="mt-2 text-muted">{plan.description}</p>
              <p className="mt-4">
                <span className="text-2xl font-bold">
                  {formatMoney(preview.dueToday, preview.currency, locale)}
                </span>{' '}
                today, then {formatMoney(preview.total, preview.currency, locale)} a year
              </p>
              <Link
                href={`/subscriptions/upgrade/payment/?plan=${encodeURIComponent(plan.code)}`}
                className="mt-6 inline-block rounded bg-accent px-4 py-2 text-accent-ink no-underline"
              >
                Review upgrade to {plan.title}
              </Link>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
