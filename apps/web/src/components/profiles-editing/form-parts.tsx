'use client';

import type { ReactNode } from 'react';
import type { FieldMessages } from '../../client/profiles/profile-field-errors';

export const inputClass = 'mt-1 w-full rounded border border-neutral-500 px-2 py-1.5';
export const buttonClass =
  'rounded border border-neutral-800 px-3 py-1.5 text-sm font-semibold hover:bg-neutral-100 disabled:opacity-60';
export const primaryClass =
  'rounded bg-neutral-900 px-4 py-2 text-sm font-semibold text-white hover:bg-neutral-700 disabled:opacity-60';

/** An id safe for `aria-describedby` from a field path such as `careers.0.jobTitle`. */
export const errorId = (key: string) => `err-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** The attributes that tie a control to its error message, when it has one. */
export const describedBy = (errors: FieldMessages, key: string) =>
  errors[key] ? { 'aria-describedby': errorId(key), 'aria-invalid': true as const } : {};

/** The API's message for one field, shown under it. */
export function FieldError({ errors, name }: { errors: FieldMessages; name: string }) {
  if (!errors[name]) return null;
  return (
    <p className="mt-1 text-sm text-red-700" id={errorId(name)}>
      {errors[name]}
    </p>
  );
}

/** A labelled one-line text input with its error. */
export function TextField({
  label,
  name,
  value,
  onChange,
  errors,
  hint,
  required,
  type = 'text',
  autoComplete,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldMessages;
  hint?: ReactNode;
  required?: boolean;
  type?: 'text' | 'url' | 'number';
  autoComplete?: string;
}) {
  const hintId = hint ? `hint-${errorId(name)}` : undefined;
  const error = describedBy(errors, name);
  return (
    <div className="mt-4">
      <label className="block font-semibold" htmlFor={`field-${errorId(name)}`}>
        {label}
        {required ? <span className="font-normal text-muted"> (required)</span> : null}
      </label>
      {hint ? (
        <p className="text-sm text-muted" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={`field-${errorId(name)}`}
        className={inputClass}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        {...error}
        aria-describedby={[hintId, error['aria-describedby']].filter(Boolean).join(' ') || undefined}
      />
      <FieldError errors={errors} name={name} />
    </div>
  );
}

/** A labelled plain-text area with its error. */
export function TextAreaField({
  label,
  name,
  value,
  onChange,
  errors,
  rows = 3,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldMessages;
  rows?: number;
}) {
  return (
    <div className="mt-4">
      <label className="block font-semibold" htmlFor={`field-${errorId(name)}`}>
        {label}
      </label>
      <textarea
        id={`field-${errorId(name)}`}
        className={inputClass}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...describedBy(errors, name)}
      />
      <FieldError errors={errors} name={name} />
    </div>
  );
}
