import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { cancellableSubscription, findPlan, formatMoney, getBillingModule } from '@bof/api/billing';
import { getPlatform } from '@bof/api/platform';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';

const STATUS_TEXT: Record<string, string> = {
  ActiveTrial: 'Free trial',
  ActiveRenewing: 'Active, renews automatically',
  ActiveCanceled: 'Cancelled: access until the end of the paid period',
  Expired: 'Expired',
  None: 'No membership',
};

/** Spec §2 /user/membership/: plan, status, renewal or end date, card, invoices, upgrade and cancel. */
export default async function MembershipPage() {
  const viewer = await getServerViewer();
  if (!viewer)
    return (
      <SignedOutPage
        title="Your membership"
        reason="Sign in to see your membership, your card and your invoices."
      />
    );
  const billing = getBillingModule(await getPlatform());
  const { locale } = await readerLocale();
  const [membership, card, invoices, cancellable] = await Promise.all([
    billing.membershipOf(viewer.user_id),
    billing.provider.getBillingInfo(viewer.user_id),
    billing.provider.listInvoices(viewer.user_id),
    cancellableSubscription({ repo: billing.repo, now: () => new Date() }, viewer.user_id),
  ]);
  const date = (d: Date | null) =>
    d ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(d) : '';
  const plan = membership.plan;
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Your membership</h1>
      {!plan ? (
        <div className="mt-6 space-y-4">
          <p>
            {membership.status === 'Expired'
              ? 'Your membership has ended.'
              : 'You do not have a membership yet.'}
          </p>
          <Link
            href="/subscriptions/packages/"
            className="inline-block rounded bg-accent px-4 py-2 text-accent-ink no-underline"
          >
            See the memberships
          </Link>
        </div>
      ) : (
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
          <dt className="font-medium">Plan</dt>
          <dd>{plan.title}</dd>
          <dt className="font-medium">Status</dt>
          <dd data-testid="membership-status">{STATUS_TEXT[membership.status]}</dd>
          <dt className="font-medium">
            {membership.status === 'ActiveCanceled' ? 'Access until' : 'Renews on'}
          </dt>
          <dd>{date(membership.periodEndsAt)}</dd>
          {card ? (
            <>
              <dt className="font-medium">Card</dt>
              <dd>
                {card.card.cardType} ending {card.card.lastFour}, expires{' '}
                {String(card.card.expMonth).padStart(2, '0')}/{card.card.expYear}
              </dd>
            </>
          ) : null}
        </dl>
      )}
      {plan ? (
        <p className="mt-8 flex flex-wrap gap-3">
          {plan.upgradesTo.length > 0 && membership.status !== 'ActiveCanceled' ? (
            <Link href="/subscriptions/upgrade/" className="rounded bg-ink px-4 py-2 text-paper no-underline">
              Upgrade
            </Link>
          ) : null}
          {cancellable ? (
            <Link href="/subscriptions/cancel/" className="rounded border border-ink px-4 py-2 no-underline">
              Cancel membership
            </Link>
          ) : null}
        </p>
      ) : null}
      <h2 className="mt-12 font-serif text-2xl font-semibold">Invoices</h2>
      {invoices.length === 0 ? (
        <p className="mt-3 text-muted">No invoices yet.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-rule">
              <th className="py-2">Date</th>
              <th className="py-2">Plan</th>
              <th className="py-2 text-right">Amount</th>
              <th className="py-2 text-right">Status</th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="border-b border-rule">
                <td className="py-2">{date(invoice.createdAt)}</td>
                <td className="py-2">{findPlan(plan?.code ?? '')?.title ?? ''}</td>
                <td className="py-2 text-right">
                  {formatMoney(invoice.total, invoice.currency as Currency, locale)}
                </td>
                <td className="py-2 text-right">
                  {invoice.state === 'paid' ? 'Paid' : invoice.state === 'failed' ? 'Failed' : 'Pending'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
