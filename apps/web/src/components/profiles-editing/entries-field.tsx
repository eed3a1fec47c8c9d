'use client';

import type { FieldMessages } from '../../client/profiles/profile-field-errors';
import { buttonClass, describedBy, errorId, FieldError, inputClass } from './form-parts';
import type { EntryDraft } from './person-profile-draft';
import { ProfilePicker } from './profile-picker';

/**
 * Careers or education entries: each a text (job title, or what was studied), an organisation profile
 * picked by search, and a time period; add, remove, and move up or down with buttons (keyboard-friendly).
 * `field` is the API's name for the list (`careers`, `education`) and `textField` its entries' text.
 */
export function EntriesField({
  legend,
  field,
  textField,
  textLabel,
  entries,
  onChange,
  errors,
}: {
  legend: string;
  field: 'careers' | 'education';
  textField: 'jobTitle' | 'description';
  textLabel: string;
  entries: EntryDraft[];
  onChange: (entries: EntryDraft[]) => void;
  errors: FieldMessages;
}) {
  const set = (index: number, change: Partial<EntryDraft>) =>
    onChange(entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...entries];
    const [entry] = next.splice(index, 1);
    next.splice(index + by, 0, entry!);
    onChange(next);
  };
  return (
    <fieldset className="mt-6 rounded border border-neutral-300 p-3" data-testid={`entries-${field}`}>
      <legend className="px-1 font-semibold">{legend}</legend>
      {entries.length === 0 ? <p className="text-sm">None yet.</p> : null}
      <ol className="space-y-4">
        {entries.map((entry, index) => {
          const key = `${field}.${index}`;
          const textId = `field-${errorId(`${key}.${textField}`)}`;
          const periodId = `field-${errorId(`${key}.timePeriod`)}`;
          return (
            <li key={index} className="rounded border border-neutral-200 p-3">
              <p className="text-sm font-semibold text-muted">
                {legend} entry {index + 1}
              </p>
              <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_12rem]">
                <div>
                  <label className="text-sm font-semibold" htmlFor={textId}>
                    {textLabel} ({index + 1})
                  </label>
                  <input
                    id={textId}
                    className={inputClass}
                    value={entry.text}
                    onChange={(e) => set(index, { text: e.target.value })}
                    {...describedBy(errors, `${key}.${textField}`)}
                  />
                  <FieldError errors={errors} name={`${key}.${textField}`} />
                </div>
                <div>
                  <label className="text-sm font-semibold" htmlFor={periodId}>
                    Time period ({index + 1})
                  </label>
                  <input
                    id={periodId}
                    className={inputClass}
                    placeholder="2019–2024"
                    value={entry.timePeriod}
                    onChange={(e) => set(index, { timePeriod: e.target.value })}
                    {...describedBy(errors, `${key}.timePeriod`)}
                  />
                  <FieldError errors={errors} name={`${key}.timePeriod`} />
                </div>
              </div>
              <ProfilePicker
                kind="organisation"
                label={`Organisation (${index + 1})`}
                picked={entry.organisation}
                onPick={(organisation) => set(index, { organisation })}
              />
              <FieldError errors={errors} name={`${key}.organisationId`} />
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClass}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  Move entry {index + 1} up
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  disabled={index === entries.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Move entry {index + 1} down
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => onChange(entries.filter((_, i) => i !== index))}
                >
                  Remove entry {index + 1}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={`${buttonClass} mt-3`}
        onClick={() => onChange([...entries, { text: '', organisation: null, timePeriod: '' }])}
      >
        Add {field === 'careers' ? 'a careers' : 'an education'} entry
      </button>
      <FieldError errors={errors} name={field} />
    </fieldset>
  );
}
