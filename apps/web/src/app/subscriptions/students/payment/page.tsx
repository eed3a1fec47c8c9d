import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { currencyForCountry, findPlan, formatMoney, isCurrency, taxFor } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { STUDENT_PLAN_CODE } from '@bof/api/students';
import { ServerRenderSync } from '../../../../components/auth/server-render-sync';
import { SignInPrompt } from '../../../../components/auth/sign-in-prompt';
import { CheckoutHeading, CheckoutState } from '../../../../components/subscriptions/checkout-state';
import { PAYMENT_COUNTRIES } from '../../../../components/subscriptions/payment-countries';
import { PaymentForm, type PaymentPlan } from '../../../../components/subscriptions/payment-form';
import { readerLocale } from '../../../../server/reader-locale';
import { getServerViewer } from '../../../../server/server-viewer';
import { formatDate } from '../../../../site/dates';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const addYears = (date: Date, years: number) => {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
};

/**
 * Spec §2 /subscriptions/students/payment/: pay for the student plan (purchaseStudentSubscription). Only
 * a reader verified this academic year whose graduation year is not past sees the card form; anyone else
 * is told why and sent to the validation.
 */
export default async function StudentPaymentPage({ searchParams }: Props) {
  const params = await searchParams;
  const plan = findPlan(STUDENT_PLAN_CODE)!;
  const { locale, country: localeCountry } = await readerLocale();
  const { billing, env, personalDetails, students } = await runningServices();
  const viewer = await getServerViewer();
  const heading = (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Student membership</p>
    </>
  );
  if (!viewer)
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <ServerRenderSync renderedFor={null} />
        {heading}
        <h1 className="mt-2 font-serif text-3xl font-bold">Pay for your student membership</h1>
        <div className="mt-8">
          <SignInPrompt reason="Sign in first, then verify your academic address." offerRegistration />
        </div>
      </section>
    );
  const [status, eligibility, membership, now, details] = await Promise.all([
    students.statusOf(viewer.user_id),
    billing.eligibilityOf(viewer.user_id),
    billing.membershipOf(viewer.user_id),
    billing.now(),
    personalDetails.of(viewer.user_id).then((d) => d.details),
  ]);
  if (!status.eligible)
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <ServerRenderSync renderedFor={viewer.user_id} />
        {heading}
        <h1 className="mt-2 font-serif text-3xl font-bold">Verify your student address first</h1>
        <p className="mt-4" data-testid="student-ineligible">
          {status.reason}
        </p>
        <p className="mt-6">
          <Link
            href="/subscriptions/students/validation/"
            className="inline-block rounded bg-accent px-5 py-2 font-medium text-accent-ink no-underline"
          >
            Verify your student address
          </Link>
        </p>
      </section>
    );
  if (!eligibility.isEligibleForPurchase)
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <ServerRenderSync renderedFor={viewer.user_id} />
        {heading}
        <h1 className="mt-2 font-serif text-3xl font-bold">You already have a membership</h1>
        <p className="mt-4">
          {membership.plan
            ? `Your ${membership.plan.title} membership is active.`
            : 'Your membership is active.'}
        </p>
        <p className="mt-6">
          <Link href="/user/membership/">Your membership</Link>
        </p>
      </section>
    );

  const country = [details?.country, localeCountry].find((c): c is string => !!c && /^[A-Z]{2}$/.test(c));
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const countries: string[] =
    country && !(PAYMENT_COUNTRIES as readonly string[]).includes(country)
      ? [country, ...PAYMENT_COUNTRIES]
      : [...PAYMENT_COUNTRIES];
  const taxRates = Object.fromEntries(countries.map((c) => [c, taxFor(c)]));
  const view: PaymentPlan = { code: plan.code, title: plan.title, trialDays: 0, prices: plan.prices };
  return (
    <CheckoutState initialCountry={country ?? 'GB'}>
      <section className="mx-auto grid max-w-page gap-10 px-gutter py-10 lg:grid-cols-[1fr_22rem]">
        <div>
          <ServerRenderSync renderedFor={viewer.user_id} />
          {heading}
          <CheckoutHeading
            title={plan.title}
            net={plan.prices[currency]}
            currency={currency}
            locale={locale}
            taxRates={taxRates}
            freeUntil={null}
          />
          <p className="mt-4 break-words text-sm text-muted">
            Verified student address: {status.record?.email}
            {status.record?.institution ? ` (${status.record.institution})` : ''}, graduating{' '}
            {status.record?.graduationYear}.
          </p>
          <PaymentForm
            plan={view}
            currency={currency}
            locale={locale}
            countries={countries}
            defaultName={{ firstName: details?.firstName ?? '', lastName: details?.lastName ?? '' }}
            taxRates={taxRates}
            withTrial={false}
            trialChargedOn={null}
            renewsOn={formatDate(addYears(now, 1))}
            testCardsHint={env.embedded}
            purchaseKind="student"
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
          <p className="mt-4 text-sm">
            After your graduation year it renews as Standard membership; we e-mail you 14 days before.
          </p>
        </aside>
      </section>
    </CheckoutState>
  );
}
