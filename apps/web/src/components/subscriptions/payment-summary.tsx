import type { Currency } from '@bof/config/constants';

export interface DueToday {
  net: number;
  tax: number;
  total: number;
  /** What the tax is called and its rate, for the row's label. */
  taxLabel: string;
  /** Where the figures come from: the provider's own pricing (Recurly) or the product's table. */
  source: 'provider' | 'table';
}

const money = (minor: number, currency: Currency, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);

/** The payment page's price rows: the plan's year, its tax, and what is charged today. */
export function PaymentSummary(props: {
  title: string;
  currency: Currency;
  locale: string;
  due: DueToday;
  /** A free trial: nothing today, the year from `chargedOn`. */
  trial: { days: number; chargedOn: string } | null;
}) {
  const { currency, locale, due } = props;
  const m = (minor: number) => money(minor, currency, locale);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-1 border-t border-rule pt-4 text-sm">
      <dt>{props.title}, yearly</dt>
      <dd className="text-right">{m(due.net)}</dd>
      <dt>{due.taxLabel}</dt>
      <dd className="text-right">{m(due.tax)}</dd>
      {props.trial ? (
        <>
          <dt>First year, charged on {props.trial.chargedOn}</dt>
          <dd className="text-right">{m(due.total)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Due today</dt>
      <dd className="text-right font-semibold" data-testid="due-today">
        {m(props.trial ? 0 : due.total)}
      </dd>
    </dl>
  );
}
