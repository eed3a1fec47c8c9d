import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { PLANS, currencyForCountry, formatMoney, isCurrency } from '@bof/api/billing';
import { readerLocale } from '../../../server/reader-locale';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §2 /subscriptions/executive/: the all-access membership for senior leaders. */
export default async function ExecutivePage({ searchParams }: Props) {
  const params = await searchParams;
  const { locale, country } = await readerLocale();
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const plan = PLANS.find((p) => p.channel === 'executive')!;
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">Executive membership</p>
      <h1 className="mt-2 font-serif text-4xl font-bold">For the people who run the business of fashion</h1>
      <p className="mt-4 text-lg text-muted">{plan.description}</p>
      <ul className="mt-6 list-disc space-y-2 pl-6">
        <li>Everything we publish: news, analysis, case studies, reports and every topic package.</li>
        <li>Executive briefings from our editors and research team.</li>
        <li>Priority invitations to our events.</li>
      </ul>
      <p className="mt-8 text-3xl font-bold">
        {formatMoney(plan.prices[currency], currency, locale)}{' '}
        <span className="text-base font-normal text-muted">a year, plus tax where it applies</span>
      </p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link
          href={`/subscriptions/individuals/payment/?${new URLSearchParams({ plan: plan.code, currency }).toString()}`}
          className="rounded bg-accent px-4 py-2.5 font-medium text-accent-ink no-underline"
        >
          Become an Executive member
        </Link>
        <Link href="/contact/professional/" className="px-1 py-2.5">
          Talk to us about a team
        </Link>
      </p>
    </section>
  );
}
