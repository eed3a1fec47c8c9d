import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { PLANS, currencyForCountry, findPlan, formatMoney, isCurrency, taxFor } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { CheckoutHeading, CheckoutState } from '../../../../components/subscriptions/checkout-state';
import { ServerRenderSync } from '../../../../components/auth/server-render-sync';
import { PaymentForm, type PaymentPlan } from '../../../../components/subscriptions/payment-form';
import { PAYMENT_COUNTRIES } from '../../../../components/subscriptions/payment-countries';
import { readerLocale } from '../../../../server/reader-locale';
import { getServerViewer } from '../../../../server/server-viewer';
import { formatDate } from '../../../../site/dates';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const SOLD_HERE = new Set(
  PLANS.filter((p) => ['individual', 'topic', 'executive'].includes(p.channel)).map((p) => p.code),
);
const DAY_MS = 86_400_000;

const addYears = (date: Date, years: number) => {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
};

/**
 * Spec §2 /subscriptions/individuals/payment/?plan=: pay for an individual plan (the three individual
 * plans, the beauty package and the executive plan). Before the reader types a card, the page knows
 * what they may buy: a member is sent to their membership (or the upgrade), and a reader who has had a
 * membership before is shown the plan's price from today, without its free trial. The card's name and
 * billing country start from the reader's personal details (the country from their locale when they gave
 * none), and the currency follows that country unless the reader chose one.
 */
export default async function PaymentPage({ searchParams }: Props) {
  const params = await searchParams;
  const code = typeof params.plan === 'string' ? params.plan : '';
  const plan = findPlan(code);
  if (!plan || !SOLD_HERE.has(plan.code)) {
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">Choose a membership first</h1>
        <p className="mt-4">That plan is not available. Pick one of our memberships to continue.</p>
        <p className="mt-6">
          <Link href="/subscriptions/packages/">See the memberships</Link>
        </p>
      </section>
    );
  }
  const { locale, country: localeCountry } = await readerLocale();
  const { billing, env, personalDetails } = await runningServices();
  const viewer = await getServerViewer();
  const [eligibility, membership, now, details] = viewer
    ? await Promise.all([
        billing.eligibilityOf(viewer.user_id),
        billing.membershipOf(viewer.user_id),
        billing.now(),
        personalDetails.of(viewer.user_id).then((d) => d.details),
      ])
    : [null, null, await billing.now(), null];
  // The billing country the form starts with: the reader's own, else their locale's.
  const country = [details?.country, localeCountry].find((c): c is string => !!c && /^[A-Z]{2}$/.test(c));
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);

  if (eligibility && !eligibility.isEligibleForPurchase) {
    const upgrade = membership?.plan?.upgradesTo.includes(plan.code) ?? false;
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">You already have a membership</h1>
        <p className="mt-4">
          {membership?.plan
            ? `Your ${membership.plan.title} membership is active.`
            : 'Your membership is active.'}{' '}
          {upgrade ? `You can upgrade it to ${plan.title} instead, paying only the difference.` : ''}
        </p>
        <p className="mt-6 flex flex-wrap gap-4">
          {upgrade ? (
            <Link
              href={`/subscriptions/upgrade/payment/?plan=${encodeURIComponent(plan.code)}`}
              className="rounded bg-accent px-4 py-2 text-accent-ink no-underline"
            >
              Upgrade to {plan.title}
            </Link>
          ) : null}
          <Link href="/user/membership/">Your membership</Link>
        </p>
      </section>
    );
  }

  const trialOffered = plan.trialDays > 0;
  // Signed out, the form asks the reader to sign in first; the trial shown is the plan's.
  const withTrial = trialOffered && (eligibility?.isEligibleForTrialPurchase ?? true);
  const dateOf = (d: Date) => formatDate(d);
  const trialChargedOn = withTrial ? dateOf(new Date(now.getTime() + plan.trialDays * DAY_MS)) : null;
  const renewsOn = dateOf(addYears(now, 1));
  const countries: string[] =
    country && !(PAYMENT_COUNTRIES as readonly string[]).includes(country)
      ? [country, ...PAYMENT_COUNTRIES]
      : [...PAYMENT_COUNTRIES];
  const taxRates = Object.fromEntries(countries.map((c) => [c, taxFor(c)]));
  const view: PaymentPlan = {
    code: plan.code,
    title: plan.title,
    trialDays: plan.trialDays,
    prices: plan.prices,
  };
  return (
    <CheckoutState initialCountry={country ?? 'GB'}>
      <section className="mx-auto grid max-w-page gap-10 px-gutter py-10 lg:grid-cols-[1fr_22rem]">
        <div>
          {/* Back from signing in or up here, the page is rendered again for the reader (eligibility). */}
          <ServerRenderSync renderedFor={viewer?.user_id ?? null} />
          <p className="text-sm font-semibold uppercase tracking-wide text-muted">Membership</p>
          <CheckoutHeading
            title={plan.title}
            net={plan.prices[currency]}
            currency={currency}
            locale={locale}
            taxRates={taxRates}
            freeUntil={withTrial ? trialChargedOn : null}
          />
          {trialOffered && !withTrial ? (
            <p className="mt-4 rounded border border-rule bg-surface px-3 py-2" data-testid="no-trial-notice">
              You have had a membership with us before, so {plan.title} starts today without the free trial.
            </p>
          ) : null}
          <PaymentForm
            plan={view}
            currency={currency}
            locale={locale}
            countries={countries}
            defaultName={{ firstName: details?.firstName ?? '', lastName: details?.lastName ?? '' }}
            taxRates={taxRates}
            withTrial={withTrial}
            trialChargedOn={trialChargedOn}
            renewsOn={renewsOn}
            testCardsHint={env.embedded}
            recurly={
              env.billing.recurly
                ? { publicKey: env.billing.recurly.publicKey, scriptUrl: env.billing.recurly.scriptUrl }
                : null
            }
          />
        </div>
        <aside aria-label="Your plan" className="h-fit rounded border border-rule bg-surface p-6">
          <h2 className="font-serif text-xl font-semibold">{plan.title}</h2>
          <p className="mt-2 text-sm text-muted">{plan.description}</p>
          <p className="mt-4 text-2xl font-bold">{formatMoney(plan.prices[currency], currency, locale)}</p>
          <p className="text-sm text-muted">a year, plus tax where it applies</p>
          {withTrial && trialChargedOn ? (
            <p className="mt-2 text-sm" data-testid="trial-notice">
              Free for {plan.trialDays} days: nothing to pay today. Your first year is charged on{' '}
              {trialChargedOn} unless you cancel before then, which you can do at any time from Your
              membership.
            </p>
          ) : null}
          <p className="mt-4 text-sm">
            <Link href={`/subscriptions/packages/?currency=${currency}`}>Change plan or currency</Link>
          </p>
        </aside>
      </section>
    </CheckoutState>
  );
}
