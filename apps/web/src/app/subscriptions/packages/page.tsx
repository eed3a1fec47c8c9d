import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { INDIVIDUAL_PLAN_CODES, PLANS, currencyForCountry, findPlan, isCurrency } from '@bof/api/billing';
import { CurrencySwitch } from '../../../components/subscriptions/currency-switch';
import { MarketingPageTracker } from '../../../components/subscriptions/marketing-page-tracker';
import { PlanCard } from '../../../components/subscriptions/plan-card';
import { readerLocale } from '../../../server/reader-locale';
import { isBuilt, PRODUCT_AREAS } from '../../../site/product-areas';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §2 /subscriptions/packages/ (also ?packages=beauty): the memberships a reader can buy. */
export default async function PackagesPage({ searchParams }: Props) {
  const params = await searchParams;
  const { locale, country } = await readerLocale();
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const beauty = params.packages === 'beauty';
  const plans = INDIVIDUAL_PLAN_CODES.map((code) => findPlan(code)!);
  const beautyPlan = PLANS.find((p) => p.membershipLevel === 'TopicBeauty')!;
  const query: Record<string, string> = beauty ? { packages: 'beauty' } : {};

  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <MarketingPageTracker />
      <header className="max-w-3xl">
        <h1 className="font-serif text-4xl font-bold">
          {beauty ? 'The Beauty package' : 'Choose your membership'}
        </h1>
        <p className="mt-4 text-lg text-muted">
          {beauty
            ? 'Every beauty story, briefing and case study, or all of them with Premium.'
            : 'Unlimited access to our news and analysis, on every device. Cancel online at any time.'}
        </p>
      </header>
      <div className="mt-6">
        <CurrencySwitch current={currency} query={query} />
      </div>
      {beauty ? (
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <PlanCard plan={beautyPlan} currency={currency} locale={locale} highlighted />
          <PlanCard plan={findPlan('individuals_premium_yearly_v1')!} currency={currency} locale={locale} />
        </div>
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard
              key={plan.code}
              plan={plan}
              currency={currency}
              locale={locale}
              highlighted={plan.code === plans[0]!.code}
            />
          ))}
        </div>
      )}
      <section
        aria-labelledby="more-ways"
        className="mt-12 grid gap-6 border-t border-rule pt-8 md:grid-cols-4"
      >
        <h2 id="more-ways" className="sr-only">
          Other memberships
        </h2>
        {isBuilt('studentMembership') ? (
          <p>
            <Link href={PRODUCT_AREAS.studentMembership.path}>Students</Link>
            <span className="block text-sm text-muted">Verified students save on Standard.</span>
          </p>
        ) : null}
        {isBuilt('groupMembership') ? (
          <p>
            <Link href={PRODUCT_AREAS.groupMembership.path}>Teams and companies</Link>
            <span className="block text-sm text-muted">Seats for colleagues, one invoice.</span>
          </p>
        ) : null}
        <p>
          <Link href="/subscriptions/executive/">Executive</Link>
          <span className="block text-sm text-muted">All access for senior leaders.</span>
        </p>
        <p>
          <Link href={beauty ? '/subscriptions/packages/' : '/subscriptions/packages/?packages=beauty'}>
            {beauty ? 'All memberships' : 'The Beauty package'}
          </Link>
          <span className="block text-sm text-muted">
            {beauty ? 'Standard, News & Analysis and Premium.' : 'Beauty coverage on its own.'}
          </span>
        </p>
      </section>
      <p className="mt-10 text-sm">
        Questions? Read the <Link href="/subscriptions/faq/">membership FAQ</Link>.
      </p>
    </div>
  );
}
