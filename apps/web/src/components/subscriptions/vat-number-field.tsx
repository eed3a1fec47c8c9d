'use client';

import { useState } from 'react';
import { ValidateVatQuery } from '../../client/graphql/organisation-checkout.documents';
import { runQuery } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';

const input = 'w-full rounded border border-muted bg-paper px-3 py-2';

/** What checking the VAT number came to, as the checkout needs it. */
export type VatCheck =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | {
      kind: 'checked';
      vatNumber: string;
      countryCode: string | null;
      status: 'VALID' | 'COULD_NOT_VERIFY';
      reverseCharge: boolean;
      message: string;
    };

/** Capitals, no spaces, dots or dashes: how the register writes numbers (de 136.695.976 → DE136695976). */
export function normaliseVatNumber(value: string): string {
  return value.replace(/[\s.\-]/g, '').toUpperCase();
}

/**
 * The VAT number, checked when the buyer leaves the field (format, check digits and the EU register)
 * and the answer shown under it. `serverError` is the purchase's own refusal of the number.
 */
export function VatNumberField(props: {
  check: VatCheck;
  onCheck: (check: VatCheck) => void;
  serverError?: string | undefined;
}) {
  const client = useGraphQLClient();
  const [value, setValue] = useState('');

  async function verify() {
    const vatNumber = normaliseVatNumber(value);
    setValue(vatNumber);
    if (!vatNumber) return props.onCheck({ kind: 'none' });
    props.onCheck({ kind: 'checking' });
    const data = await runQuery(client, ValidateVatQuery, { filter: { vatNumber } }).catch(() => null);
    const result = data?.validateVAT;
    if (!result) {
      return props.onCheck({ kind: 'invalid', message: 'We could not check the VAT number. Try again.' });
    }
    if (result.__typename === 'VatValidation') {
      if (result.status === 'INVALID') return props.onCheck({ kind: 'invalid', message: result.message });
      return props.onCheck({
        kind: 'checked',
        vatNumber: result.vatNumber,
        countryCode: result.countryCode ?? null,
        status: result.status,
        reverseCharge: result.reverseCharge,
        message: result.message,
      });
    }
    const message =
      result.__typename === 'ZodError'
        ? (result.fieldErrors[0]?.message ?? result.message)
        : result.message || 'This VAT number is not valid.';
    props.onCheck({ kind: 'invalid', message });
  }

  const error = props.serverError ?? (props.check.kind === 'invalid' ? props.check.message : null);
  const note =
    props.check.kind === 'checking'
      ? 'Checking the VAT number…'
      : props.check.kind === 'checked'
        ? props.check.message
        : 'Optional. With its country prefix, like DE136695976.';
  return (
    <div>
      <label htmlFor="org-vat" className="mb-1 block text-sm font-medium">
        VAT number
      </label>
      <input
        id="org-vat"
        name="vatNumber"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (props.check.kind !== 'none') props.onCheck({ kind: 'none' });
        }}
        onBlur={() => void verify()}
        autoComplete="off"
        spellCheck={false}
        maxLength={24}
        aria-invalid={error ? true : undefined}
        aria-describedby="org-vat-note"
        className={input}
      />
      <p
        id="org-vat-note"
        aria-live="polite"
        className={`mt-1 text-sm ${error ? 'text-accent' : 'text-muted'}`}
        data-testid="vat-note"
      >
        {error ?? note}
      </p>
    </div>
  );
}
