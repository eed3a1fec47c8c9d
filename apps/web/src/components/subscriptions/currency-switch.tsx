import Link from 'next/link';
import { CURRENCIES, type Currency } from '@bof/config/constants';

/** Lets the reader see prices in another currency; keeps the rest of the query. */
export function CurrencySwitch({ current, query }: { current: Currency; query: Record<string, string> }) {
  return (
    <nav aria-label="Currency" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted">Prices in</span>
      {CURRENCIES.map((currency) => (
        <Link
          key={currency}
          href={`?${new URLSearchParams({ ...query, currency }).toString()}`}
          aria-current={currency === current ? 'true' : undefined}
          className={
            currency === current
              ? 'rounded bg-ink px-2 py-1 text-paper no-underline'
              : 'rounded border border-rule px-2 py-1 no-underline hover:bg-surface'
          }
        >
          {currency}
        </Link>
      ))}
    </nav>
  );
}
