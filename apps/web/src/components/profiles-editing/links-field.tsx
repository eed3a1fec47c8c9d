'use client';

import type { FieldMessages } from '../../client/profiles/profile-field-errors';
import { buttonClass, describedBy, errorId, FieldError, inputClass } from './form-parts';

export interface LinkDraft {
  label: string;
  url: string;
}

/**
 * A list of outside links (social, external, programme): label and address each, add and remove. The
 * server checks every address against spec §5's pattern and refuses private hosts; its message shows
 * beside the link.
 */
export function LinksField({
  legend,
  name,
  links,
  onChange,
  errors,
}: {
  legend: string;
  name: string;
  links: LinkDraft[];
  onChange: (links: LinkDraft[]) => void;
  errors: FieldMessages;
}) {
  const set = (index: number, change: Partial<LinkDraft>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...change } : link)));
  return (
    <fieldset className="mt-6 rounded border border-neutral-300 p-3">
      <legend className="px-1 font-semibold">{legend}</legend>
      {links.length === 0 ? <p className="text-sm">None yet.</p> : null}
      <ol className="space-y-3">
        {links.map((link, index) => {
          const key = `${name}.${index}`;
          return (
            <li key={index} className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
              <div>
                <label className="text-sm font-semibold" htmlFor={`field-${errorId(`${key}.label`)}`}>
                  Label {index + 1}
                </label>
                <input
                  id={`field-${errorId(`${key}.label`)}`}
                  className={inputClass}
                  value={link.label}
                  onChange={(e) => set(index, { label: e.target.value })}
                  {...describedBy(errors, `${key}.label`)}
                />
              </div>
              <div>
                <label className="text-sm font-semibold" htmlFor={`field-${errorId(`${key}.url`)}`}>
                  Address {index + 1}
                </label>
                <input
                  id={`field-${errorId(`${key}.url`)}`}
                  className={inputClass}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={link.url}
                  onChange={(e) => set(index, { url: e.target.value })}
                  {...describedBy(errors, `${key}.url`)}
                />
              </div>
              <button
                type="button"
                className={buttonClass}
                onClick={() => onChange(links.filter((_, i) => i !== index))}
              >
                Remove link {index + 1}
              </button>
              <div className="sm:col-span-3">
                <FieldError errors={errors} name={`${key}.label`} />
                <FieldError errors={errors} name={`${key}.url`} />
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={`${buttonClass} mt-3`}
        onClick={() => onChange([...links, { label: '', url: '' }])}
      >
        Add a link
      </button>
      <FieldError errors={errors} name={name} />
    </fieldset>
  );
}
