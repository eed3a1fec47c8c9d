import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { currencyForCountry, findPlan, formatMoney, isCurrency, seatRange, taxFor } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { OrganisationPaymentForm } from '../../../../components/subscriptions/organisation-payment-form';
import { PAYMENT_COUNTRIES } from '../../../../components/subscriptions/payment-countries';
import { readerLocale } from '../../../../server/reader-locale';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /subscriptions/organisations/payment/?plan=organisations_bundle_volume_yearly_v1: seats,
 * company, billing address, VAT number and card. Prices are in the reader's currency (or the one they
 * chose), the tiers of the plan catalogue; the charge is the server's, by the same rule.
 */
export default async function OrganisationPaymentPage({ searchParams }: Props) {
  const params = await searchParams;
  const code = typeof params.plan === 'string' ? params.plan : '';
  const plan = findPlan(code);
  const range = plan ? seatRange(plan) : null;
  if (!plan || plan.channel !== 'organisation' || !range) {
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">Choose an organisation membership first</h1>
        <p className="mt-4">That plan is not sold to organisations here.</p>
        <p className="mt-6">
          <Link href="/subscriptions/groups/">See the organisation membership</Link>
        </p>
      </section>
    );
  }
  const { locale, country: localeCountry } = await readerLocale();
  const { env } = await runningServices();
  const country = localeCountry && /^[A-Z]{2}$/.test(localeCountry) ? localeCountry : 'GB';
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const askedSeats = Number(typeof params.seats === 'string' ? params.seats : '');
  const initialSeats =
    Number.isInteger(askedSeats) && askedSeats >= range.min && askedSeats <= range.max ? askedSeats : 5;
  const countries: string[] = (PAYMENT_COUNTRIES as readonly string[]).includes(country)
    ? [...PAYMENT_COUNTRIES]
    : [country, ...PAYMENT_COUNTRIES];
  const taxRates = Object.fromEntries(countries.map((c) => [c, taxFor(c)]));
  const tiers = plan.seatTiers!.map((t) => ({
    minSeats: t.minSeats,
    maxSeats: t.maxSeats,
    unitAmount: t.unitPrices[currency],
  }));
  return (
    <section className="mx-auto grid max-w-page gap-10 px-gutter py-10 lg:grid-cols-[1fr_22rem]">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Organisation membership</p>
        <h1 className="mt-1 font-serif text-3xl font-bold">Buy seats for your team</h1>
        <OrganisationPaymentForm
          plan={{ code: plan.code, title: plan.title }}
          currency={currency}
          locale={locale}
          tiers={tiers}
          initialSeats={initialSeats}
          countries={countries}
          initialCountry={country}
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
        <ul className="mt-4 space-y-1 text-sm">
          {tiers.map((tier) => (
            <li key={tier.minSeats}>
              {tier.minSeats} to {tier.maxSeats} seats: {formatMoney(tier.unitAmount, currency, locale)} per
              seat a year
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          More than {range.max} people? <Link href="/contact/professional/">Talk to us</Link>.
        </p>
        <p className="mt-2 text-sm">
          <Link href={`/subscriptions/groups/?currency=${currency}`}>
            Back to the organisation membership
          </Link>
        </p>
      </aside>
    </section>
  );
}
