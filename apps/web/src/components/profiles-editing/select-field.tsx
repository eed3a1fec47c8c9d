'use client';

import type { FieldMessages } from '../../client/profiles/profile-field-errors';
import { describedBy, errorId, FieldError, inputClass } from './form-parts';

/** A labelled choice from a reference list (countries, industries, sizes…), with "Not given". */
export function SelectField({
  label,
  name,
  value,
  options,
  onChange,
  errors,
}: {
  label: string;
  name: string;
  value: string;
  options: { key: string; title: string }[];
  onChange: (value: string) => void;
  errors: FieldMessages;
}) {
  return (
    <div className="mt-4">
      <label className="block font-semibold" htmlFor={`field-${errorId(name)}`}>
        {label}
      </label>
      <select
        id={`field-${errorId(name)}`}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...describedBy(errors, name)}
      >
        <option value="">Not given</option>
        {options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.title}
          </option>
        ))}
      </select>
      <FieldError errors={errors} name={name} />
    </div>
  );
}
