export type CardField = 'number' | 'expiry' | 'cvc' | 'name' | 'postalCode' | 'country';

const input = 'w-full rounded border border-muted bg-paper px-3 py-2';

/**
 * The billing simulator's card fields (the embedded default): number, expiry, security code and
 * postcode, posted to the simulator's tokeniser, which answers with a card token or a field error.
 */
export function SimulatorCardFields({ errors }: { errors: Partial<Record<CardField, string>> }) {
  const error = (field: CardField) =>
    errors[field] ? (
      <p id={`pay-${field}-error`} className="mt-1 text-sm text-accent">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: CardField) => (errors[field] ? `pay-${field}-error` : undefined);
  return (
    <>
      <div>
        <label htmlFor="pay-number" className="mb-1 block text-sm font-medium">
          Card number
        </label>
        <input
          id="pay-number"
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          className={input}
          aria-invalid={Boolean(errors.number) || undefined}
          aria-describedby={described('number')}
        />
        {error('number')}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="pay-expiry" className="mb-1 block text-sm font-medium">
            Expiry (MM/YY)
          </label>
          <input
            id="pay-expiry"
            name="expiry"
            placeholder="MM/YY"
            autoComplete="cc-exp"
            required
            className={input}
            aria-invalid={Boolean(errors.expiry) || undefined}
            aria-describedby={described('expiry')}
          />
          {error('expiry')}
        </div>
        <div>
          <label htmlFor="pay-cvc" className="mb-1 block text-sm font-medium">
            Security code
          </label>
          <input
            id="pay-cvc"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            className={input}
            aria-invalid={Boolean(errors.cvc) || undefined}
            aria-describedby={described('cvc')}
          />
          {error('cvc')}
        </div>
        <div>
          <label htmlFor="pay-postal" className="mb-1 block text-sm font-medium">
            Postcode
          </label>
          <input id="pay-postal" name="postalCode" autoComplete="postal-code" className={input} />
        </div>
      </div>
    </>
  );
}

/** Reads the simulator's fields from the form and asks the simulator for a card token. */
export async function tokenizeWithSimulator(
  form: FormData,
  countryCode: string,
): Promise<{ id: string } | { field: CardField | null; message: string }> {
  const value = (name: string) => String(form.get(name) ?? '').trim();
  const [month, year] = value('expiry')
    .split('/')
    .map((part) => Number(part.trim()));
  const response = await fetch('/api/billing-simulator/tokens/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      number: value('number').replace(/\s+/g, ''),
      expMonth: month,
      expYear: year !== undefined && year < 100 ? 2000 + year : year,
      cvc: value('cvc'),
      firstName: value('firstName'),
      lastName: value('lastName'),
      postalCode: value('postalCode'),
      countryCode,
    }),
  });
  const body = (await response.json()) as {
    id?: string;
    error?: { field: CardField | null; message: string };
  };
  if (response.ok && body.id) return { id: body.id };
  return {
    field: body.error?.field ?? null,
    message: body.error?.message ?? 'Please check your card details.',
  };
}
