const input = 'w-full rounded border border-muted bg-paper px-3 py-2';

export type AddressErrors = Partial<
  Record<'companyName' | 'line1' | 'line2' | 'city' | 'postalCode', string>
>;

function Field(props: {
  id: string;
  name: string;
  label: string;
  autoComplete: string;
  maxLength: number;
  required?: boolean;
  error?: string | undefined;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-sm font-medium">
        {props.label}
        {props.required ? null : <span className="font-normal text-muted"> (optional)</span>}
      </label>
      <input
        id={props.id}
        name={props.name}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={input}
      />
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm text-accent">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The company and the street part of its billing address; the country is chosen with the card. */
export function OrganisationAddressFields({ errors }: { errors: AddressErrors }) {
  return (
    <fieldset className="space-y-4">
      <legend className="font-serif text-xl font-semibold">Your organisation</legend>
      <Field
        id="org-company"
        name="companyName"
        label="Company name"
        autoComplete="organization"
        maxLength={160}
        required
        error={errors.companyName}
      />
      <Field
        id="org-line1"
        name="line1"
        label="Street address"
        autoComplete="address-line1"
        maxLength={200}
        required
        error={errors.line1}
      />
      <Field
        id="org-line2"
        name="line2"
        label="Address line 2"
        autoComplete="address-line2"
        maxLength={200}
        error={errors.line2}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="org-city"
          name="city"
          label="Town or city"
          autoComplete="address-level2"
          maxLength={100}
          required
          error={errors.city}
        />
        <Field
          id="org-postal"
          name="addressPostalCode"
          label="Postal code"
          autoComplete="postal-code"
          maxLength={20}
          required
          error={errors.postalCode}
        />
      </div>
    </fieldset>
  );
}
