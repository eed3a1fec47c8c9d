import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { formatMoney, type Plan } from '@bof/api/billing';

/** One plan with its yearly price, monthly equivalent, trial and the way to buy it. */
export function PlanCard(props: { plan: Plan; currency: Currency; locale: string; highlighted?: boolean }) {
  const { plan, currency, locale } = props;
  const yearly = plan.prices[currency];
  return (
    <article
      className={`flex flex-col rounded border p-6 ${props.highlighted ? 'border-2 border-ink' : 'border-rule'}`}
      aria-labelledby={`plan-${plan.code}`}
    >
      {props.highlighted ? (
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
      {plan.trialDays > 0 ? (
        <p className="mt-2 text-sm font-medium">
          {plan.trialDays}-day free trial; cancel any time before it ends.
        </p>
      ) : null}
      <Link
        href={`/subscriptions/individuals/payment/?${new URLSearchParams({ plan: plan.code, currency }).toString()}`}
        className="mt-6 rounded bg-accent px-4 py-2.5 text-center font-medium text-accent-ink no-underline"
      >
        {plan.trialDays > 0 ? 'Start free trial' : `Choose ${plan.title}`}
      </Link>
    </article>
  );
}
