import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { formatMoney, type Plan } from '@bof/api/billing';
import type { PlanOffer } from './plan-offer';

const CTA = 'mt-6 rounded bg-accent px-4 py-2.5 text-center font-medium text-accent-ink no-underline';

/**
 * One plan with its yearly price, monthly equivalent, trial and what the reader can do with it: buy it
 * (with its trial when they may have one), upgrade to it, or, a member's own plan, see it marked as theirs.
 */
export function PlanCard(props: {
  plan: Plan;
  currency: Currency;
  locale: string;
  highlighted?: boolean;
  offer: PlanOffer;
}) {
  const { plan, currency, locale, offer } = props;
  const yearly = plan.prices[currency];
  const current = offer.kind === 'current';
  return (
    <article
      className={`flex flex-col rounded border p-6 ${current || (props.highlighted && offer.kind === 'buy') ? 'border-2 border-ink' : 'border-rule'}`}
      aria-labelledby={`plan-${plan.code}`}
      data-offer={offer.kind}
    >
      {current ? (
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-accent">Your plan</p>
      ) : props.highlighted && offer.kind === 'buy' ? (
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-accent">Recommended</p>
      ) : null}
      <h2 id={`plan-${plan.code}`} className="font-serif text-2xl font-bold">
        {plan.title}
      </h2>
      <p className="mt-2 flex-1 text-muted">{plan.description}</p>
      <p className="mt-6">
        <span className="text-3xl font-bold">{formatMoney(yearly, currency, locale)}</span>
        <span className="text-muted"> a year</span>
      </p>
      <p className="text-sm text-muted">
        {formatMoney(Math.round(yearly / 12), currency, locale)} a month, billed yearly, plus tax where it
        applies
      </p>
      {offer.kind === 'buy' && offer.trial ? (
        <p className="mt-2 text-sm font-medium">
          {plan.trialDays}-day free trial; cancel any time before it ends.
        </p>
      ) : null}
      {offer.kind === 'buy' ? (
        <Link href={offer.href} className={CTA}>
          {offer.trial ? 'Start free trial' : `Choose ${plan.title}`}
        </Link>
      ) : offer.kind === 'upgrade' ? (
        <Link href={offer.href} className={CTA}>
          Upgrade to {plan.title}
        </Link>
      ) : offer.kind === 'current' ? (
        <Link href="/user/membership/" className="mt-6 text-center font-medium">
          Manage your membership
        </Link>
      ) : (
        <p className="mt-6 text-center text-sm text-muted">
          You are a member. Changes to your plan are made from{' '}
          <Link href="/user/membership/">your membership</Link>.
        </p>
      )}
    </article>
  );
}
