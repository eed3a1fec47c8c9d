import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { PLANS, currencyForCountry, findPlan, formatMoney, isCurrency, taxFor } from '@bof/api/billing';
import { getPlatform } from '@bof/api/platform';
import { PaymentForm, type PaymentPlan } from '../../../../components/subscriptions/payment-form';
import { PAYMENT_COUNTRIES } from '../../../../components/subscriptions/payment-countries';
import { readerLocale } from '../../../../server/reader-locale';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const SOLD_HERE = new Set(
  PLANS.filter((p) => ['individual', 'topic', 'executive'].includes(p.channel)).map((p) => p.code),
);

/** Spec §2 /subscriptions/individuals/payment/?plan=: pay for an individual plan. */
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
  const { locale, country } = await readerLocale();
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const taxRates = Object.fromEntries(PAYMENT_COUNTRIES.map((c) => [c, taxFor(c)]));
  const view: PaymentPlan = {
    code: plan.code,
    title: plan.title,
    trialDays: plan.trialDays,
    prices: plan.prices,
  };
  const { env } = await getPlatform();
  return (
    <section className="mx-auto grid max-w-page gap-10 px-gutter py-10 lg:grid-cols-[1fr_22rem]">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Membership</p>
        <h1 className="mt-1 font-serif text-3xl font-bold">Pay for {plan.title}</h1>
        <PaymentForm
          plan={view}
          currency={currency}
          locale={locale}
          defaultCountry={
            country && (PAYMENT_COUNTRIES as readonly string[]).includes(country) ? country : 'GB'
          }
          countries={[...PAYMENT_COUNTRIES]}
          taxRates={taxRates}
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
        <p className="mt-4 text-2xl font-bold">
          {formatMoney(plan.prices[currency], currency, locale)}{' '}
          <span className="text-sm font-normal text-muted">a year</span>
        </p>
        {plan.trialDays > 0 ? (
          <p className="mt-2 text-sm">
            Free for {plan.trialDays} days; we charge nothing today and remind you before the trial ends.
          </p>
        ) : null}
        <p className="mt-4 text-sm">
          <Link href={`/subscriptions/packages/?currency=${currency}`}>Change plan or currency</Link>
        </p>
      </aside>
    </section>
  );
}
