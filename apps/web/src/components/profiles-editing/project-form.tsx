'use client';

import { useState, type FormEvent } from 'react';
import type { FieldMessages } from '../../client/profiles/profile-field-errors';
import {
  buttonClass,
  describedBy,
  errorId,
  FieldError,
  inputClass,
  primaryClass,
  TextField,
} from './form-parts';
import { ImageUploadField } from './image-upload-field';
import { suggestedSlug } from './person-profile-draft';
import { RichTextField } from './rich-text-field';

export interface AssetDraft {
  type: 'IMAGE' | 'YOUTUBE';
  url: string;
  description: string;
}

export interface ProjectDraft {
  slug: string;
  title: string;
  description: string;
  thumbnail: string | null;
  assets: AssetDraft[];
}

export const emptyProject = (): ProjectDraft => ({
  slug: '',
  title: '',
  description: '',
  thumbnail: null,
  assets: [],
});

/**
 * One project's fields: title, address name, description, thumbnail and its ordered assets (an uploaded
 * photo, or a YouTube link in any of spec §5's forms, checked by the server). `onSubmit` saves it.
 */
export function ProjectForm({
  heading,
  initial,
  errors,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  heading: string;
  initial: ProjectDraft;
  errors: FieldMessages;
  busy: boolean;
  submitLabel: string;
  onSubmit: (project: ProjectDraft) => void;
  onCancel: () => void;
}) {
  const [project, setProject] = useState(initial);
  const change = <K extends keyof ProjectDraft>(key: K, value: ProjectDraft[K]) =>
    setProject((p) => ({ ...p, [key]: value }));
  const setAsset = (index: number, asset: Partial<AssetDraft>) =>
    change(
      'assets',
      project.assets.map((a, i) => (i === index ? { ...a, ...asset } : a)),
    );
  const moveAsset = (index: number, by: -1 | 1) => {
    const next = [...project.assets];
    const [asset] = next.splice(index, 1);
    next.splice(index + by, 0, asset!);
    change('assets', next);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ ...project, slug: project.slug.trim() || suggestedSlug(project.title) });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 rounded border border-neutral-400 p-4"
      aria-label={heading}
      data-testid="project-form"
    >
      <h3 className="font-serif text-xl font-bold">{heading}</h3>
      <TextField
        label="Project title"
        name="title"
        required
        value={project.title}
        onChange={(v) => change('title', v)}
        errors={errors}
      />
      <TextField
        label="Project address name"
        name="slug"
        hint="Lower-case letters, digits and hyphens; left empty, it comes from the title."
        value={project.slug}
        onChange={(v) => change('slug', v)}
        errors={errors}
      />
      <RichTextField
        label="Project description"
        name="description"
        value={project.description}
        onChange={(v) => change('description', v)}
        errors={errors}
      />
      <ImageUploadField
        label="Project thumbnail"
        name="thumbnail"
        hint="Shown in the list of projects. JPEG, PNG or WebP, at most 10 MB."
        value={project.thumbnail}
        onChange={(v) => change('thumbnail', v)}
        errors={errors}
      />
      <fieldset className="mt-4 rounded border border-neutral-300 p-3" data-testid="project-assets">
        <legend className="px-1 font-semibold">Assets</legend>
        {project.assets.length === 0 ? <p className="text-sm">None yet.</p> : null}
        <ol className="space-y-4">
          {project.assets.map((asset, index) => {
            const key = `assets.${index}`;
            const n = index + 1;
            return (
              <li key={index} className="rounded border border-neutral-200 p-3">
                <p className="text-sm font-semibold">
                  Asset {n}: {asset.type === 'IMAGE' ? 'photo' : 'YouTube video'}
                </p>
                {asset.type === 'IMAGE' ? (
                  <ImageUploadField
                    label={`Asset ${n} photo`}
                    name={`${key}.url`}
                    hint="JPEG, PNG or WebP, at most 10 MB."
                    value={asset.url || null}
                    onChange={(v) => setAsset(index, { url: v ?? '' })}
                    errors={errors}
                  />
                ) : (
                  <div className="mt-2">
                    <label className="text-sm font-semibold" htmlFor={`field-${errorId(`${key}.url`)}`}>
                      Asset {n} YouTube link
                    </label>
                    <input
                      id={`field-${errorId(`${key}.url`)}`}
                      className={inputClass}
                      type="url"
                      placeholder="https://www.youtube.com/watch?v=…"
                      value={asset.url}
                      onChange={(e) => setAsset(index, { url: e.target.value })}
                      {...describedBy(errors, `${key}.url`)}
                    />
                    <FieldError errors={errors} name={`${key}.url`} />
                  </div>
                )}
                <div className="mt-2">
                  <label className="text-sm font-semibold" htmlFor={`field-${errorId(`${key}.description`)}`}>
                    Asset {n} caption
                  </label>
                  <input
                    id={`field-${errorId(`${key}.description`)}`}
                    className={inputClass}
                    value={asset.description}
                    onChange={(e) => setAsset(index, { description: e.target.value })}
                    {...describedBy(errors, `${key}.description`)}
                  />
                  <FieldError errors={errors} name={`${key}.description`} />
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={index === 0}
                    onClick={() => moveAsset(index, -1)}
                  >
                    Move asset {n} up
                  </button>
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={index === project.assets.length - 1}
                    onClick={() => moveAsset(index, 1)}
                  >
                    Move asset {n} down
                  </button>
                  <button
                    type="button"
                    className={buttonClass}
                    onClick={() =>
                      change(
                        'assets',
                        project.assets.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove asset {n}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass}
            onClick={() => change('assets', [...project.assets, { type: 'IMAGE', url: '', description: '' }])}
          >
            Add a photo asset
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() =>
              change('assets', [...project.assets, { type: 'YOUTUBE', url: '', description: '' }])
            }
          >
            Add a YouTube asset
          </button>
        </div>
        <FieldError errors={errors} name="assets" />
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={primaryClass} disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        <button type="button" className={buttonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
