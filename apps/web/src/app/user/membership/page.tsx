import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import {
  acceptedCancellationCoupon,
  cancellableSubscription,
  findPlan,
  formatMoney,
  nextChargeOf,
} from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { PAYMENT_COUNTRIES } from '../../../components/subscriptions/payment-countries';
import { ResumeMembership } from '../../../components/subscriptions/resume-membership';
import { UpdateCard } from '../../../components/subscriptions/update-card';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer } from '../../../server/server-viewer';
import { formatDate } from '../../../site/dates';

export const dynamic = 'force-dynamic';

const STATUS_TEXT: Record<string, string> = {
  ActiveTrial: 'Free trial',
  ActiveRenewing: 'Active, renews automatically',
  ActiveCanceled: 'Cancelled: access until the end of the paid period',
  Expired: 'Expired',
  None: 'No membership',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A provider read that may fail during an outage: the page still shows what the product knows. */
const orOutage = <T,>(read: Promise<T>) =>
  read.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => {
      console.error('Billing provider unavailable for the membership page', error);
      return { ok: false as const };
    },
  );

/**
 * Spec §2 /user/membership/: plan, status, renewal or end date, the next payment (less the save offer
 * when the reader accepted it), card (and replacing it), invoices (each with its own plan, and as a PDF),
 * the provider's hosted account pages where there are some, upgrade, cancel, and resuming a cancelled
 * membership before its period ends. Membership comes from the product's records, so the page renders
 * during a provider outage, saying what it cannot show.
 */
export default async function MembershipPage({ searchParams }: Props) {
  const viewer = await getServerViewer();
  if (!viewer)
    return (
      <SignedOutPage
        title="Your membership"
        reason="Sign in to see your membership, your card and your invoices."
      />
    );
  const params = await searchParams;
  const { billing, env } = await runningServices();
  const { locale } = await readerLocale();
  const deps = await billing.deps();
  const [membership, cancellable, resumable, subscriptions, card, invoices, manageUrl] = await Promise.all([
    billing.membershipOf(viewer.user_id),
    cancellableSubscription(deps, viewer.user_id),
    billing.resumableSubscription(viewer.user_id),
    billing.subscriptionsOf(viewer.user_id),
    orOutage(billing.provider.getBillingInfo(viewer.user_id)),
    orOutage(billing.provider.listInvoices(viewer.user_id)),
    orOutage(billing.provider.accountManagementUrl(viewer.user_id)),
  ]);
  const outage = !card.ok || !invoices.ok || !manageUrl.ok;
  const date = (d: Date | null) => (d ? formatDate(d) : '');
  const plan = membership.plan;
  const current = subscriptions.find((s) => s.uuid === membership.subscriptionUuid) ?? null;
  const discount =
    current && membership.status !== 'ActiveCanceled' ? acceptedCancellationCoupon(current) : null;
  // The next charge is taxed for the card's billing country: shown while the card is known.
  const next =
    current &&
    card.ok &&
    card.value &&
    (membership.status === 'ActiveRenewing' || membership.status === 'ActiveTrial')
      ? nextChargeOf(current, card.value.countryCode)
      : null;
  const money = (minor: number, currency: string) => formatMoney(minor, currency as Currency, locale);
  const renewal = resumable
    ? nextChargeOf(resumable, card.ok && card.value ? card.value.countryCode : '')
    : null;
  const upgradedTo = typeof params.upgraded === 'string' ? findPlan(params.upgraded) : undefined;
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Your membership</h1>
      {outage ? (
        <p
          role="status"
          className="mt-6 rounded border border-rule bg-surface px-3 py-2"
          data-testid="billing-outage"
        >
          We cannot reach our payment provider right now, so your card and invoices are not shown. Your
          membership and everything it opens are unaffected; please look again in a few minutes.
        </p>
      ) : null}
      {upgradedTo && plan?.code === upgradedTo.code ? (
        <p role="status" className="mt-6 rounded border border-ink px-3 py-2">
          You are now a {upgradedTo.title} member.
        </p>
      ) : null}
      {params.resumed && membership.status === 'ActiveRenewing' ? (
        <p role="status" className="mt-6 rounded border border-ink px-3 py-2" data-testid="resumed-notice">
          Your membership is resumed. It renews automatically on {date(membership.periodEndsAt)}.
        </p>
      ) : null}
      {params.card === 'updated' && card.ok && card.value ? (
        <p role="status" className="mt-6 rounded border border-ink px-3 py-2" data-testid="card-notice">
          Your {card.value.card.cardType} ending {card.value.card.lastFour} is saved. Your renewals are
          charged to it.
        </p>
      ) : null}
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
          <dd data-testid="membership-plan">{plan.title}</dd>
          <dt className="font-medium">Status</dt>
          <dd data-testid="membership-status">{STATUS_TEXT[membership.status]}</dd>
          <dt className="font-medium">
            {membership.status === 'ActiveCanceled'
              ? 'Access until'
              : membership.status === 'ActiveTrial'
                ? 'Trial ends, first year charged on'
                : 'Renews on'}
          </dt>
          <dd data-testid="membership-date">{date(membership.periodEndsAt)}</dd>
          {next ? (
            <>
              <dt className="font-medium">Next payment</dt>
              <dd data-testid="next-payment">
                {money(next.price, next.currency)} on {date(membership.periodEndsAt)}
                {next.discountPercent > 0 ? (
                  <span className="text-muted"> (instead of {money(next.fullPrice, next.currency)})</span>
                ) : null}
              </dd>
            </>
          ) : null}
          {discount ? (
            <>
              <dt className="font-medium">Discount</dt>
              <dd data-testid="membership-discount">
                {discount.discountPercent} % off your next renewal: the offer you accepted
                {current?.discountRedeemedAt ? ` on ${date(current.discountRedeemedAt)}` : ''}
              </dd>
            </>
          ) : null}
          {card.ok && card.value ? (
            <>
              <dt className="font-medium">Card</dt>
              <dd data-testid="membership-card">
                {card.value.card.cardType} ending {card.value.card.lastFour}, expires{' '}
                {String(card.value.card.expMonth).padStart(2, '0')}/{card.value.card.expYear}
              </dd>
            </>
          ) : null}
        </dl>
      )}
      {plan && card.ok && card.value && membership.status !== 'Expired' ? (
        <UpdateCard
          recurly={
            env.billing.recurly
              ? { publicKey: env.billing.recurly.publicKey, scriptUrl: env.billing.recurly.scriptUrl }
              : null
          }
          countries={[...PAYMENT_COUNTRIES]}
          locale={locale}
          current={{
            firstName: card.value.firstName,
            lastName: card.value.lastName,
            countryCode: card.value.countryCode,
          }}
          testCardsHint={env.embedded}
        />
      ) : null}
      {resumable && renewal ? (
        <ResumeMembership
          subscriptionUuid={resumable.uuid}
          renewsOn={date(resumable.currentPeriodEndsAt)}
          price={card.ok && card.value ? money(renewal.price, renewal.currency) : null}
        />
      ) : null}
      {plan ? (
        <p className="mt-8 flex flex-wrap gap-3">
          {plan.upgradesTo.length > 0 &&
          (membership.status === 'ActiveRenewing' || membership.status === 'ActiveTrial') ? (
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
      {manageUrl.ok && manageUrl.value ? (
        <p className="mt-6">
          <a href={manageUrl.value} rel="noopener noreferrer">
            Manage your billing details and download invoices
          </a>{' '}
          <span className="text-sm text-muted">(our payment provider’s secure pages)</span>
        </p>
      ) : null}
      <h2 className="mt-12 font-serif text-2xl font-semibold">Invoices</h2>
      {!invoices.ok ? (
        <p className="mt-3 text-muted">Your invoices cannot be shown just now.</p>
      ) : invoices.value.length === 0 ? (
        <p className="mt-3 text-muted">No invoices yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-rule">
                <th scope="col" className="py-2 pr-3">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Status
                </th>
                <th scope="col" className="py-2 text-right">
                  <span className="sr-only">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...invoices.value].reverse().map((invoice) => (
                <tr key={invoice.id} className="border-b border-rule" data-testid="invoice">
                  <td className="py-2 pr-3">{date(invoice.createdAt)}</td>
                  <td className="py-2 pr-3">{findPlan(invoice.planCode ?? '')?.title ?? '—'}</td>
                  <td className="py-2 pr-3 text-right">
                    {formatMoney(invoice.paid || invoice.total, invoice.currency as Currency, locale)}
                  </td>
                  <td className="py-2 pr-3 text-right">
                    {invoice.state === 'paid' ? 'Paid' : invoice.state === 'failed' ? 'Failed' : 'Pending'}
                  </td>
                  <td className="py-2 text-right">
                    <a
                      href={`/user/membership/invoices/${encodeURIComponent(invoice.id)}/`}
                      download
                      aria-label={`Download the invoice of ${date(invoice.createdAt)} (PDF)`}
                    >
                      PDF
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
