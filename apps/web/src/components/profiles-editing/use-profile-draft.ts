'use client';

import { useRef, useState, type FormEvent } from 'react';
import { fieldMessages, type FieldMessages } from '../../client/profiles/profile-field-errors';
import type { SaveStatus } from './profile-save-status';

const FAILED = 'That did not work just now. Your changes are still here: please try again.';

/** Where a profile's draft stands: its id once created, the version saved, the version public. */
export interface SavedProfile {
  profileId: string | null;
  version: number;
  publishedVersion: number | null;
}

/** What the API answers a save or a publish with: the profile as written, or why it was refused. */
export type ProfileWriteAnswer =
  | {
      __typename: 'PersonProfile' | 'OrganisationProfile';
      profileId: string;
      version: number;
      publishedVersion?: number | null;
    }
  | {
      __typename: 'ZodError';
      message: string;
      fieldErrors: readonly { path: readonly string[]; message: string }[];
    }
  | { __typename: string; message: string };

const isWritten = (
  answer: ProfileWriteAnswer,
): answer is Extract<ProfileWriteAnswer, { profileId: string }> =>
  answer.__typename === 'PersonProfile' || answer.__typename === 'OrganisationProfile';

/**
 * The draft-save-publish flow both profile editors share: the draft and its change marks, saving at the
 * version the editor started from (a stale version shows the API's message and keeps everything typed),
 * field messages beside their fields, and publishing (after saving what changed). Every outcome is said in
 * the status message, which then takes the focus for screen readers.
 */
export function useProfileDraft<Draft extends { slug: string }>(options: {
  initial: SavedProfile & { draft: Draft };
  /** Saves the draft under `slug` (filled in when left empty); the API's answer. */
  save(draft: Draft, saved: SavedProfile): Promise<{ answer: ProfileWriteAnswer; slug: string }>;
  publish(current: { profileId: string; version: number }): Promise<ProfileWriteAnswer>;
  messages: { saved: string; published: string };
  /** After the first save created the profile. */
  onCreated?(profileId: string): void;
}) {
  const { initial } = options;
  const [draft, setDraft] = useState(initial.draft);
  const [saved, setSaved] = useState<SavedProfile>({
    profileId: initial.profileId,
    version: initial.version,
    publishedVersion: initial.publishedVersion,
  });
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  const say = (text: string, error: boolean) => {
    setStatus({ text, error });
    requestAnimationFrame(() => statusRef.current?.focus());
  };
  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setDirty(true);
  };
  const written = (answer: Extract<ProfileWriteAnswer, { profileId: string }>) =>
    setSaved({
      profileId: answer.profileId,
      version: answer.version,
      publishedVersion: answer.publishedVersion ?? null,
    });

  /** Saves the draft; answers the version saved, or null when it was refused (and says why). */
  async function save(): Promise<{ profileId: string; version: number } | null> {
    const { answer, slug } = await options.save(draft, saved);
    if (isWritten(answer)) {
      written(answer);
      setDraft((d) => ({ ...d, slug }));
      setErrors({});
      setDirty(false);
      if (!saved.profileId) options.onCreated?.(answer.profileId);
      return { profileId: answer.profileId, version: answer.version };
    }
    if (answer.__typename === 'ZodError' && 'fieldErrors' in answer) {
      setErrors(fieldMessages(answer.fieldErrors, 'profile'));
      say('The profile was not saved: see the messages by the fields.', true);
      return null;
    }
    if (answer.__typename === 'ProfileSlugTakenError') setErrors({ slug: answer.message });
    say(answer.message, true);
    return null;
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setBusy('save');
    try {
      if (await save()) say(options.messages.saved, false);
    } catch {
      say(FAILED, true);
    } finally {
      setBusy(null);
    }
  }

  async function onPublish() {
    setBusy('publish');
    try {
      const current =
        dirty || !saved.profileId ? await save() : { profileId: saved.profileId, version: saved.version };
      if (!current) return;
      const answer = await options.publish(current);
      if (!isWritten(answer)) {
        say(answer.message, true);
        return;
      }
      written(answer);
      say(options.messages.published, false);
    } catch {
      say(FAILED, true);
    } finally {
      setBusy(null);
    }
  }

  const published = saved.publishedVersion !== null;
  return {
    draft,
    change,
    saved,
    setSaved,
    busy,
    errors,
    status,
    statusRef,
    say,
    onSave,
    onPublish,
    published,
    upToDate: published && saved.publishedVersion === saved.version && !dirty,
  };
}
