import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { PLANS, currencyForCountry, formatMoney, isCurrency, seatRange } from '@bof/api/billing';
import { CurrencySwitch } from '../../../components/subscriptions/currency-switch';
import { readerLocale } from '../../../server/reader-locale';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /subscriptions/groups/: what an organisation membership gives a team, its seat tiers priced
 * in the reader's currency, the way to the organisations checkout, and the contact desk for teams
 * larger than the tiers.
 */
export default async function GroupsPage({ searchParams }: Props) {
  const params = await searchParams;
  const { locale, country } = await readerLocale();
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const plan = PLANS.find((p) => p.channel === 'organisation' && p.seatTiers)!;
  const range = seatRange(plan)!;
  const checkout = (seats: number) =>
    `/subscriptions/organisations/payment/?${new URLSearchParams({ plan: plan.code, currency, seats: String(seats) }).toString()}`;
  return (
    <section className="mx-auto max-w-page px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">Organisation membership</p>
      <h1 className="mt-2 max-w-measure font-serif text-4xl font-bold">Membership for your whole team</h1>
      <p className="mt-4 max-w-measure text-lg text-muted">{plan.description}</p>
      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        <div>
          <h2 className="font-serif text-2xl font-semibold">What your organisation gets</h2>
          <ul className="mt-4 list-disc space-y-2 pl-6">
            <li>A {plan.membershipLevel} membership on every seat: every article, analysis and briefing.</li>
            <li>One invoice for the whole team, with your company name and VAT number on it.</li>
            <li>You own the account: add and remove colleagues, and make others admins, at any time.</li>
            <li>
              Colleagues sign in with their work address; a seat moves to someone new when a person leaves.
            </li>
            <li>EU businesses with a verified VAT number pay no VAT here: the reverse charge applies.</li>
          </ul>
        </div>
        <div>
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 className="font-serif text-2xl font-semibold">Price per seat</h2>
            <CurrencySwitch current={currency} query={{}} />
          </div>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Yearly price of one seat by team size, before tax</caption>
            <thead>
              <tr className="border-b border-rule">
                <th scope="col" className="py-2 font-semibold">
                  Team size
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Per seat, yearly
                </th>
              </tr>
            </thead>
            <tbody>
              {plan.seatTiers!.map((tier) => (
                <tr key={tier.minSeats} className="border-b border-rule">
                  <td className="py-2">
                    {tier.minSeats} to {tier.maxSeats} seats
                  </td>
                  <td className="py-2 text-right" data-testid={`tier-${tier.minSeats}`}>
                    {formatMoney(tier.unitPrices[currency], currency, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-sm text-muted">
            Every seat is priced at the band of your team size, plus tax where it applies.
          </p>
          <p className="mt-6 flex flex-wrap gap-3">
            <Link
              href={checkout(5)}
              className="rounded bg-accent px-4 py-2.5 font-medium text-accent-ink no-underline"
            >
              Buy seats for your team
            </Link>
          </p>
        </div>
      </div>
      <aside className="mt-12 max-w-measure rounded border border-rule bg-surface p-6">
        <h2 className="font-serif text-xl font-semibold">More than {range.max} people?</h2>
        <p className="mt-2">
          For larger teams, several offices or a company-wide licence, talk to us: we will put together a
          membership for your organisation.
        </p>
        <p className="mt-4">
          <Link href="/contact/professional/">Talk to us about your team</Link>
        </p>
      </aside>
    </section>
  );
}
