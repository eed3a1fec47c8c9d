'use client';

import Image from 'next/image';
import { useId, useState } from 'react';
import type { FieldMessages } from '../../client/profiles/profile-field-errors';
import { uploadProfilePhoto } from '../../client/profiles/upload-profile-photo';
import { buttonClass, describedBy, FieldError } from './form-parts';

/**
 * A profile photo (cover, thumbnail, project image): a preview of the current one, a file chooser that
 * uploads at once through the media pipeline, and Remove. The field's value is the photo's address
 * (`/media/{id}.webp`, or a public https image set earlier); it is saved with the rest of the form.
 */
export function ImageUploadField({
  label,
  name,
  value,
  onChange,
  errors,
  hint,
}: {
  label: string;
  name: string;
  value: string | null;
  onChange: (value: string | null) => void;
  errors: FieldMessages;
  hint: string;
}) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });

  async function choose(file: File | undefined) {
    if (!file) return;
    setState({ busy: true, message: `Uploading ${file.name}…`, error: false });
    const result = await uploadProfilePhoto(file);
    if (result.ok) {
      onChange(result.url);
      setState({ busy: false, message: 'Uploaded. Save to keep it.', error: false });
    } else {
      setState({ busy: false, message: result.message, error: true });
    }
  }

  return (
    <fieldset className="mt-4 rounded border border-neutral-300 p-3" data-testid={`image-${name}`}>
      <legend className="px-1 font-semibold">{label}</legend>
      <p className="text-sm text-muted" id={`${id}-hint`}>
        {hint}
      </p>
      {value ? (
        <Image
          src={value}
          alt={`${label}: preview`}
          width={320}
          height={180}
          unoptimized
          className="mt-2 h-auto max-h-48 w-auto max-w-full rounded border border-neutral-300 object-contain"
        />
      ) : (
        <p className="mt-2 text-sm">No photo yet.</p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label className="text-sm font-semibold" htmlFor={`${id}-file`}>
          {value ? 'Replace with a photo' : 'Upload a photo'}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="text-sm"
          disabled={state.busy}
          aria-describedby={`${id}-hint`}
          {...describedBy(errors, name)}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {value ? (
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              onChange(null);
              setState({ busy: false, message: 'Removed. Save to keep the change.', error: false });
            }}
          >
            Remove {label.toLowerCase()}
          </button>
        ) : null}
      </div>
      <p
        className={`mt-1 text-sm ${state.error ? 'text-red-700' : ''}`}
        role={state.error ? 'alert' : 'status'}
        data-testid={`image-${name}-status`}
      >
        {state.message}
      </p>
      <FieldError errors={errors} name={name} />
    </fieldset>
  );
}
