'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { runMutation, runQuery } from '../../client/graphql/graphql-client';
import {
  OrganisationSeatPurchasePreviewQuery,
  PurchaseOrganisationSeatsMutation,
} from '../../client/graphql/organisations.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

const MAX_SEATS = 100;
const UNCONFIRMED =
  'We could not confirm the payment with our payment provider. Please try again in a few minutes: trying again will not charge you twice.';

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);

interface Quote {
  seats: number;
  totalSeats: number;
  unitAmount: number;
  currency: string;
  dueToday: number;
  total: number;
}

/**
 * An owner buys more seats: the count is priced as it is typed (the provider's prorated price for the
 * rest of the paid year, every seat at the band of the new total), and "Buy" charges exactly the price
 * shown, on the card on file. One idempotency key per count tried, kept across failed tries, so a retry
 * after a lost answer is the one charge.
 */
export function BuySeatsForm(props: {
  accountId: string;
  title: string;
  purchasedSeats: number;
  onBought: (purchasedSeats: number, message: string) => void;
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const id = useId();
  const [value, setValue] = useState('1');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [pricing, setPricing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(new Map<number, string>());
  const room = MAX_SEATS - props.purchasedSeats;

  const seats = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;

  useEffect(() => {
    if (!hydrated) return;
    setQuote(null);
    setPricing(false);
    if (!Number.isInteger(seats) || seats < 1) {
      setError(value.trim() === '' ? null : 'Enter a whole number of seats, 1 or more.');
      return;
    }
    if (seats > room) {
      setError(
        `An account can hold at most ${MAX_SEATS} seats online: you can add up to ${room}. For a larger team, talk to us.`,
      );
      return;
    }
    setError(null);
    let current = true;
    setPricing(true);
    const timer = window.setTimeout(() => {
      runQuery(client, OrganisationSeatPurchasePreviewQuery, {
        input: { accountId: props.accountId, seats },
      })
        .then((data) => {
          if (!current) return;
          const result = data.previewOrganisationSeatPurchase;
          if (result.__typename !== 'OrganisationSeatPurchasePreview') {
            setError(result.message || 'Something went wrong!');
            return;
          }
          setQuote({
            seats: result.seats,
            totalSeats: result.totalSeats,
            unitAmount: result.unitAmount,
            currency: result.preview.currency,
            dueToday: result.preview.dueToday,
            total: result.preview.total,
          });
        })
        .catch(() => {
          if (current) setError('We could not price these seats just now. Please try again.');
        })
        .finally(() => {
          if (current) setPricing(false);
        });
    }, 250);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [client, hydrated, props.accountId, room, seats, value]);

  async function buy(event: React.FormEvent) {
    event.preventDefault();
    if (!quote || busy) return;
    let key = keys.current.get(quote.seats);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(quote.seats, key);
    }
    setBusy(true);
    setError(null);
    try {
      const data = await runMutation(client, PurchaseOrganisationSeatsMutation, {
        input: {
          accountId: props.accountId,
          seats: quote.seats,
          idempotencyKey: key,
          expectedDueToday: quote.dueToday,
        },
      });
      const result = data.purchaseOrganisationSeats;
      if (result.__typename !== 'OrganisationSeatPurchase') {
        setError(result.message || 'Something went wrong!');
        return;
      }
      keys.current.delete(quote.seats);
      setValue('1');
      props.onBought(
        result.purchasedSeats,
        `You bought ${result.seatsBought} more ${result.seatsBought === 1 ? 'seat' : 'seats'} for ${props.title}, charged ${money(result.amountCharged, result.currency)}.`,
      );
    } catch {
      setError(UNCONFIRMED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void buy(e)}
      aria-labelledby={`${id}-heading`}
      data-testid="buy-seats"
      className="mt-4 rounded border border-rule p-4"
      noValidate
    >
      <h3 id={`${id}-heading`} className="font-medium">
        Buy more seats
      </h3>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-seats`} className="block text-sm">
          Seats to add
          <input
            id={`${id}-seats`}
            name="seats"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, room)}
            step={1}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={`${id}-price ${id}-error`}
            className="mt-1 block w-28 rounded border border-ink px-3 py-2 text-base"
          />
        </label>
        <button
          type="submit"
          disabled={!hydrated || busy || pricing || quote === null}
          className="rounded bg-accent px-4 py-2.5 font-medium text-accent-ink disabled:opacity-60"
        >
          {busy ? 'Buying…' : quote ? `Buy for ${money(quote.dueToday, quote.currency)}` : 'Buy seats'}
        </button>
      </div>
      <p id={`${id}-price`} aria-live="polite" data-testid="seat-price" className="mt-2 text-sm text-muted">
        {pricing
          ? 'Working out the price…'
          : quote
            ? `${quote.totalSeats} seats in all at ${money(quote.unitAmount, quote.currency)} a seat a year. ${money(quote.dueToday, quote.currency)} today, with tax, for the rest of this year; then ${money(quote.total, quote.currency)} a year from renewal.`
            : ''}
      </p>
      <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-accent">
        {error ?? ''}
      </p>
    </form>
  );
}
