'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { runMutation } from '../../client/graphql/graphql-client';
import { SaveNewsroomDeskEntryMutation } from '../../client/graphql/newsroom.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { uploadPhoto } from './upload-photo';
import { useHydrated } from '../../client/use-hydrated';

export type DeskKind = 'section' | 'topic' | 'author' | 'series';

export interface DeskEntryValues {
  slug: string;
  name: string;
  title: string | null;
  description: string;
  photo: string | null;
}

const input = 'mt-1 block w-full rounded border border-neutral-400 px-2 py-1.5';
const LIMITS = {
  section: { name: 80, description: 600 },
  topic: { name: 80, description: 600 },
  series: { name: 120, description: 600 },
  author: { name: 120, description: 2000 },
} as const;

/**
 * Creates (without `entry`) or changes a section, topic, author or series. Field errors from the server
 * sit under their fields; a saved entry refreshes the list.
 */
export function DeskEntryForm({ kind, entry }: { kind: DeskKind; entry?: DeskEntryValues }) {
  const client = useGraphQLClient();
  const router = useRouter();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [photo, setPhoto] = useState<string | null>(entry?.photo ?? null);
  const [uploading, setUploading] = useState(false);
  const hydrated = useHydrated();
  const creating = !entry;
  const isAuthor = kind === 'author';

  async function onPhoto(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const answer = await uploadPhoto(file);
    setUploading(false);
    if ('id' in answer) {
      setPhoto(answer.id);
      setErrors((e) => ({ ...e, photo: '' }));
    } else setErrors((e) => ({ ...e, photo: answer.error }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      const result = await runMutation(client, SaveNewsroomDeskEntryMutation, {
        input: {
          kind,
          create: creating,
          slug: creating ? text('slug') : entry.slug,
          name: text('name'),
          description: text('description'),
          ...(isAuthor ? { title: text('title'), photo } : {}),
        },
      });
      const answer = result.saveNewsroomDeskEntry;
      if (answer.__typename === 'NewsroomDeskEntry') {
        setMessage({ text: creating ? `Created “${answer.name}”.` : 'Saved.', error: false });
        if (creating) (event.target as HTMLFormElement).reset();
        router.refresh();
      } else if (answer.__typename === 'ZodError') {
        const byField: Record<string, string> = {};
        for (const e of answer.fieldErrors) {
          const field = e.path.filter((p) => p !== 'input').join('.') || 'form';
          byField[field] ??= e.message;
        }
        setErrors(byField);
        setMessage({ text: answer.message, error: true });
      } else setMessage({ text: answer.message, error: true });
    } catch {
      setMessage({ text: 'Not saved: check the connection and try again.', error: true });
    } finally {
      setBusy(false);
    }
  }

  const field = (
    name: 'slug' | 'name' | 'title' | 'description',
    label: string,
    options: { value?: string; multiline?: boolean; max?: number; hint?: string } = {},
  ) => {
    const error = errors[name];
    const describedBy = [error ? `${id}-${name}-error` : '', options.hint ? `${id}-${name}-hint` : '']
      .filter(Boolean)
      .join(' ');
    const common = {
      id: `${id}-${name}`,
      name,
      defaultValue: options.value,
      required: true,
      maxLength: options.max,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      className: input,
    };
    return (
      <div className="text-sm">
        <label htmlFor={`${id}-${name}`} className="font-semibold">
          {label}
        </label>
        {options.multiline ? <textarea rows={4} {...common} /> : <input {...common} />}
        {options.hint ? (
          <p id={`${id}-${name}-hint`} className="mt-1 text-neutral-600">
            {options.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const limits = LIMITS[kind];
  return (
    <form className="grid gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
      {creating
        ? field('slug', 'Slug', {
            max: 120,
            hint: 'Lower-case letters, digits and hyphens; it is the address.',
          })
        : null}
      {field('name', kind === 'series' ? 'Title' : 'Name', { value: entry?.name, max: limits.name })}
      {isAuthor ? field('title', 'Job title', { value: entry?.title ?? '', max: 160 }) : null}
      {field('description', isAuthor ? 'Bio' : 'Description', {
        value: entry?.description,
        multiline: true,
        max: limits.description,
      })}
      {isAuthor ? (
        <div className="text-sm">
          <label htmlFor={`${id}-photo`} className="font-semibold">
            Portrait
          </label>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            {photo ? (
              // A preview of the uploaded portrait, as the author page shows it.
              <img
                src={`/media/${photo}.webp`}
                alt=""
                width={64}
                height={64}
                className="size-16 rounded-full object-cover"
              />
            ) : null}
            <input
              id={`${id}-photo`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={errors.photo ? `${id}-photo-error` : undefined}
              onChange={(e) => void onPhoto(e.target.files?.[0])}
            />
            {photo ? (
              <button type="button" className="underline" onClick={() => setPhoto(null)}>
                Remove portrait
              </button>
            ) : null}
            {uploading ? <span role="status">Uploading…</span> : null}
          </div>
          {errors.photo ? (
            <p id={`${id}-photo-error`} className="mt-1 text-red-700">
              {errors.photo}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={!hydrated || busy || uploading}
          className="rounded bg-neutral-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
        >
          {busy ? 'Saving…' : creating ? 'Create' : 'Save changes'}
        </button>
        {message ? (
          <p
            role={message.error ? 'alert' : 'status'}
            className={message.error ? 'text-sm text-red-700' : 'text-sm'}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
