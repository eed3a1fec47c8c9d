'use client';

import { useCallback, useMemo, useRef, useState } from 'react';
import { RecurlyCardFields, type CardTokenizer } from './recurly-card-fields';
import { SimulatorCardFields, tokenizeWithSimulator, type CardField } from './simulator-card-fields';

const input = 'w-full rounded border border-muted bg-paper px-3 py-2';

/** What tokenising the card fields gave: a card token, or an error for one field or for the whole form. */
export type CardTokenResult =
  | { kind: 'token'; token: string }
  | { kind: 'field'; field: CardField; message: string }
  | { kind: 'error'; message: string };

/**
 * The card part of every form that takes a card, and its tokeniser: Recurly.js's card element when
 * Recurly is configured (`recurlyFields`), the billing simulator's fields otherwise. Field errors from
 * the simulator are kept here and shown next to their field.
 */
export function useCardDetails(recurlyFields: boolean) {
  const tokenizer = useRef<CardTokenizer | null>(null);
  const onTokenizer = useCallback((tokenize: CardTokenizer) => {
    tokenizer.current = tokenize;
  }, []);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});

  /** Asks the billing provider for a token for the card in `form`. Nothing is charged. */
  const tokenize = useCallback(
    async (form: HTMLFormElement, country: string): Promise<CardTokenResult> => {
      setErrors({});
      try {
        if (recurlyFields) {
          if (!tokenizer.current) return { kind: 'error', message: 'The card fields are still loading.' };
          return { kind: 'token', token: await tokenizer.current(form) };
        }
        const token = await tokenizeWithSimulator(new FormData(form), country);
        if ('id' in token) return { kind: 'token', token: token.id };
        if (!token.field) return { kind: 'error', message: token.message };
        setErrors({ [token.field]: token.message });
        return { kind: 'field', field: token.field, message: token.message };
      } catch (failure) {
        return {
          kind: 'error',
          message: (failure as Error).message || 'We could not check your card. Please try again.',
        };
      }
    },
    [recurlyFields],
  );

  return { errors, onTokenizer, tokenize };
}

interface CardDetailsFieldsProps {
  /** Prefix of the fields' ids, so two forms on one page never share one. */
  idPrefix: string;
  recurlyFields: boolean;
  errors: Partial<Record<CardField, string>>;
  onTokenizer: (tokenize: CardTokenizer) => void;
  /** The name the fields start with (the reader's, or the card on file's). */
  defaultName?: { firstName: string; lastName: string };
  locale: string;
  countries: string[];
  country: string;
  onCountryChange: (code: string) => void;
  countryLabel?: string;
}

/** Name on the card, the card itself, postcode and the billing address's country. */
export function CardDetailsFields(props: CardDetailsFieldsProps) {
  const names = useMemo(() => new Intl.DisplayNames([props.locale], { type: 'region' }), [props.locale]);
  const countries = props.countries.includes(props.country)
    ? props.countries
    : [props.country, ...props.countries];
  const id = (field: string) => `${props.idPrefix}-${field}`;
  const { errors } = props;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id('first')} className="mb-1 block text-sm font-medium">
            First name
          </label>
          <input
            id={id('first')}
            name="firstName"
            data-recurly="first_name"
            autoComplete="cc-given-name"
            defaultValue={props.defaultName?.firstName}
            required
            className={input}
            aria-describedby={errors.name ? id('name-error') : undefined}
          />
        </div>
        <div>
          <label htmlFor={id('last')} className="mb-1 block text-sm font-medium">
            Last name
          </label>
          <input
            id={id('last')}
            name="lastName"
            data-recurly="last_name"
            autoComplete="cc-family-name"
            defaultValue={props.defaultName?.lastName}
            required
            className={input}
          />
        </div>
      </div>
      {errors.name ? (
        <p id={id('name-error')} className="mt-1 text-sm text-accent">
          {errors.name}
        </p>
      ) : null}
      {props.recurlyFields ? (
        <>
          <RecurlyCardFields onTokenizer={props.onTokenizer} />
          <div>
            <label htmlFor={id('postal')} className="mb-1 block text-sm font-medium">
              Postcode
            </label>
            <input
              id={id('postal')}
              name="postalCode"
              data-recurly="postal_code"
              autoComplete="postal-code"
              className={input}
            />
          </div>
        </>
      ) : (
        <SimulatorCardFields errors={errors} />
      )}
      <div>
        <label htmlFor={id('country')} className="mb-1 block text-sm font-medium">
          {props.countryLabel ?? 'Country of your card’s billing address'}
        </label>
        <select
          id={id('country')}
          data-recurly="country"
          value={props.country}
          onChange={(e) => props.onCountryChange(e.target.value)}
          autoComplete="country"
          className={input}
        >
          {countries.map((code) => (
            <option key={code} value={code}>
              {names.of(code) ?? code}
            </option>
          ))}
        </select>
        {errors.country ? <p className="mt-1 text-sm text-accent">{errors.country}</p> : null}
      </div>
    </>
  );
}
