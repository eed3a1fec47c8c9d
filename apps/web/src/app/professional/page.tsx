import type { Metadata } from 'next';
import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { PLANS, currencyForCountry, formatMoney, isCurrency } from '@bof/api/billing';
import { isBuilt } from '../../site/product-areas';
import { readerLocale } from '../../server/reader-locale';

export const metadata: Metadata = {
  title: 'Professional membership for teams',
  description:
    'A membership for your whole team: every member reads with their own account, and you add and remove people yourself.',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /professional/: the professional (organisation) membership: what a team gets, the groups
 * checkout when it is open, and the contact desk for larger teams and enquiries.
 */
export default async function ProfessionalPage({ searchParams }: Props) {
  const params = await searchParams;
  const { locale, country } = await readerLocale();
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const plan = PLANS.find((p) => p.channel === 'organisation')!;
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">Professional membership</p>
      <h1 className="mt-2 font-serif text-4xl font-bold">The business of fashion, for your whole team</h1>
      <p className="mt-4 text-lg text-muted">{plan.description}</p>

      <h2 className="mt-10 font-serif text-2xl font-bold">What your team gets</h2>
      <ul className="mt-4 list-disc space-y-2 pl-6">
        <li>Every member reads our news and analysis with an account of their own, on any device.</li>
        <li>
          You manage the team yourself: add colleagues by e-mail or from a CSV file, make others admins, and
          free a seat when someone leaves.
        </li>
        <li>
          Colleagues with an address at your company&rsquo;s domain can join in one click, while seats remain.
        </li>
        <li>One invoice for the organisation, with VAT handled for businesses in the EU and the UK.</li>
      </ul>

      <h2 className="mt-10 font-serif text-2xl font-bold">Price</h2>
      <p className="mt-3 text-3xl font-bold">
        {formatMoney(plan.prices[currency], currency, locale)}{' '}
        <span className="text-base font-normal text-muted">a seat a year, plus tax where it applies</span>
      </p>

      <p className="mt-8 flex flex-wrap gap-3">
        {isBuilt('groupMembership') ? (
          <Link
            href="/subscriptions/groups/"
            className="rounded bg-accent px-4 py-2.5 font-medium text-accent-ink no-underline"
          >
            Choose seats for your team
          </Link>
        ) : null}
        <Link
          href="/contact/professional/"
          className={
            isBuilt('groupMembership')
              ? 'px-1 py-2.5'
              : 'rounded bg-accent px-4 py-2.5 font-medium text-accent-ink no-underline'
          }
        >
          Talk to us about your team
        </Link>
      </p>
      <p className="mt-6 text-sm text-muted">
        Already on a team?{' '}
        <Link href="/user/organisations/memberships/">See your organisation memberships</Link>
      </p>
    </section>
  );
}
