import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { INDIVIDUAL_PLAN_CODES, PLANS, currencyForCountry, findPlan, isCurrency } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { ServerRenderSync } from '../../../components/auth/server-render-sync';
import { CurrencySwitch } from '../../../components/subscriptions/currency-switch';
import { MarketingPageTracker } from '../../../components/subscriptions/marketing-page-tracker';
import { PlanCard } from '../../../components/subscriptions/plan-card';
import { planOffer, type PackagesReader } from '../../../components/subscriptions/plan-offer';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer, hasIdentitySessionCookie } from '../../../server/server-viewer';
import { isBuilt, PRODUCT_AREAS } from '../../../site/product-areas';

export const dynamic = 'force-dynamic';

/** What the signed-in reader already has, from their token and the billing provider. */
async function packagesReader(): Promise<PackagesReader | null> {
  const viewer = await getServerViewer();
  if (!viewer) return null;
  const isMember = viewer.membership_level !== 'None';
  const { billing } = await runningServices();
  const [membership, eligibility] = await Promise.all([
    billing.membershipOf(viewer.user_id).catch(() => null),
    billing.eligibilityOf(viewer.user_id).catch(() => null),
  ]);
  return {
    planCode: membership?.plan?.code ?? null,
    isMember: isMember || (membership !== null && membership.level !== 'None'),
    upgradesTo: membership?.plan?.upgradesTo ?? [],
    // The provider not answering: no trial promised that the payment page might not give.
    isEligibleForTrialPurchase: eligibility?.isEligibleForTrialPurchase ?? false,
  };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /subscriptions/packages/ (also ?packages=beauty): the memberships a reader can buy. A member
 * sees their plan marked and the upgrades it has, never a trial.
 */
export default async function PackagesPage({ searchParams }: Props) {
  const params = await searchParams;
  const { locale, country } = await readerLocale();
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const beauty = params.packages === 'beauty';
  const plans = INDIVIDUAL_PLAN_CODES.map((code) => findPlan(code)!);
  const beautyPlan = PLANS.find((p) => p.membershipLevel === 'TopicBeauty')!;
  const query: Record<string, string> = beauty ? { packages: 'beauty' } : {};
  const [reader, viewer, identitySession] = await Promise.all([
    packagesReader(),
    getServerViewer(),
    hasIdentitySessionCookie(),
  ]);
  const offer = (plan: (typeof PLANS)[number]) => planOffer({ plan, currency, reader });

  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <MarketingPageTracker />
      <ServerRenderSync renderedFor={viewer?.user_id ?? null} identitySession={identitySession} />
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
          <PlanCard
            plan={beautyPlan}
            currency={currency}
            locale={locale}
            highlighted
            offer={offer(beautyPlan)}
          />
          <PlanCard
            plan={findPlan('individuals_premium_yearly_v1')!}
            currency={currency}
            locale={locale}
            offer={offer(findPlan('individuals_premium_yearly_v1')!)}
          />
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
              offer={offer(plan)}
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
