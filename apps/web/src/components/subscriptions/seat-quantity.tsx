'use client';

/** One band of the plan's volume pricing, in the page's currency. */
export interface SeatTierView {
  minSeats: number;
  maxSeats: number;
  /** Price of one seat for a year, in minor units, before tax. */
  unitAmount: number;
}

export interface SeatPriceView {
  unitAmount: number;
  net: number;
  tax: number;
  total: number;
  taxLabel: string;
}

/**
 * The price of `seats` seats: every seat at the band the quantity falls in, tax at the billing
 * country's rate (none under the reverse charge). Null outside the bands. The server charges by the
 * same rule (seat-pricing.ts); this is the figure the buyer sees as they type.
 */
export function seatPrice(
  tiers: readonly SeatTierView[],
  seats: number,
  tax: { rate: number; type: string },
  reverseCharge: boolean,
): SeatPriceView | null {
  const tier = Number.isInteger(seats)
    ? tiers.find((t) => seats >= t.minSeats && seats <= t.maxSeats)
    : undefined;
  if (!tier) return null;
  const net = tier.unitAmount * seats;
  const rate = reverseCharge ? 0 : tax.rate;
  const amount = Math.round(net * rate);
  const taxLabel = reverseCharge
    ? 'VAT reverse charge (0%): you account for VAT'
    : tax.type === 'none'
      ? 'Tax'
      : `${tax.type} (${Math.round(tax.rate * 1000) / 10}%)`;
  return { unitAmount: tier.unitAmount, net, tax: amount, total: net + amount, taxLabel };
}

/** The seat count, with the price of one seat, the year's price, its tax and what is due today. */
export function SeatQuantity(props: {
  tiers: readonly SeatTierView[];
  seats: number;
  onSeats: (seats: number) => void;
  price: SeatPriceView | null;
  money: (minor: number) => string;
  error?: string | undefined;
}) {
  const min = props.tiers[0]?.minSeats ?? 1;
  const max = props.tiers[props.tiers.length - 1]?.maxSeats ?? 1;
  const outOfRange = props.price === null;
  const error =
    props.error ??
    (outOfRange ? `Choose between ${min} and ${max} seats; for a larger team, talk to us.` : null);
  const { price, money } = props;
  return (
    <div>
      <label htmlFor="org-seats" className="mb-1 block text-sm font-medium">
        Number of seats
      </label>
      <input
        id="org-seats"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={Number.isNaN(props.seats) ? '' : props.seats}
        onChange={(e) => props.onSeats(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby="org-seats-note"
        className="w-32 rounded border border-muted bg-paper px-3 py-2"
      />
      <p id="org-seats-note" className={`mt-1 text-sm ${error ? 'text-accent' : 'text-muted'}`}>
        {error ?? `One seat is yours. ${min} to ${max} seats online.`}
      </p>
      <dl
        className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 border-t border-rule pt-4 text-sm"
        aria-live="polite"
        data-testid="seat-price"
      >
        <dt>Price per seat, yearly</dt>
        <dd className="text-right">{price ? money(price.unitAmount) : '–'}</dd>
        <dt>{price ? `${props.seats} seats, yearly` : 'Seats, yearly'}</dt>
        <dd className="text-right">{price ? money(price.net) : '–'}</dd>
        <dt>{price?.taxLabel ?? 'Tax'}</dt>
        <dd className="text-right" data-testid="tax-amount">
          {price ? money(price.tax) : '–'}
        </dd>
        <dt className="font-semibold">Due today</dt>
        <dd className="text-right font-semibold" data-testid="due-today">
          {price ? money(price.total) : '–'}
        </dd>
      </dl>
    </div>
  );
}
