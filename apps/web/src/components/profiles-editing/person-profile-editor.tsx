'use client';

import Link from 'next/link';
import { runMutation } from '../../client/graphql/graphql-client';
import {
  CreatePersonProfileMutation,
  PublishPersonProfileMutation,
  UpdatePersonProfileMutation,
} from '../../client/graphql/profile-editing.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { EntriesField } from './entries-field';
import { buttonClass, inputClass, primaryClass, TextAreaField, TextField } from './form-parts';
import { ImageUploadField } from './image-upload-field';
import { LinksField } from './links-field';
import { personFields, suggestedSlug, type PersonDraft } from './person-profile-draft';
import { ProfileSaveStatus } from './profile-save-status';
import { RichTextField } from './rich-text-field';
import { useProfileDraft } from './use-profile-draft';

/**
 * The reader's own person profile: every field its owner edits, saved as a draft at the version it
 * started from (a stale version shows the API's message and keeps everything typed), previewed, and
 * published. Field messages from the API show beside their fields.
 */
export function PersonProfileEditor({
  initial,
  countries,
}: {
  initial: { profileId: string | null; version: number; publishedVersion: number | null; draft: PersonDraft };
  countries: { key: string; title: string }[];
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const { draft, change, saved, busy, errors, status, statusRef, onSave, onPublish, published, upToDate } =
    useProfileDraft({
      initial,
      async save(draft, saved) {
        const profile = personFields({
          ...draft,
          slug: draft.slug.trim() || suggestedSlug(draft.firstName, draft.lastName),
        });
        const answer = saved.profileId
          ? (
              await runMutation(client, UpdatePersonProfileMutation, {
                input: { profileId: saved.profileId, version: saved.version, profile },
              })
            ).updatePersonProfile
          : (await runMutation(client, CreatePersonProfileMutation, { input: { profile } }))
              .createPersonProfile;
        return { answer, slug: profile.slug };
      },
      publish: async (current) =>
        (await runMutation(client, PublishPersonProfileMutation, { input: current })).publishPersonProfile,
      messages: {
        saved: 'Saved as a draft. Only you can see it until you publish.',
        published: 'Published: your profile is public.',
      },
    });

  return (
    <form onSubmit={(e) => void onSave(e)} noValidate aria-busy={busy !== null} data-testid="person-editor">
      <p className="text-sm" data-testid="profile-state">
        {!saved.profileId
          ? 'You have no profile yet: fill it in and save to create it.'
          : upToDate
            ? 'Published: the public page shows this version.'
            : published
              ? 'Published earlier; this draft has changes that are not public yet.'
              : 'Draft: not published yet.'}
        {saved.profileId ? ` Version ${saved.version}.` : null}
      </p>

      <h2 className="mt-6 font-serif text-2xl font-bold">Name and headline</h2>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          required
          autoComplete="given-name"
          value={draft.firstName}
          onChange={(v) => change('firstName', v)}
          errors={errors}
        />
        <TextField
          label="Last name"
          name="lastName"
          required
          autoComplete="family-name"
          value={draft.lastName}
          onChange={(v) => change('lastName', v)}
          errors={errors}
        />
      </div>
      <TextField
        label="Title"
        name="title"
        hint="Your role now, e.g. Creative Director, Maison Example."
        value={draft.title}
        onChange={(v) => change('title', v)}
        errors={errors}
      />
      <TextField
        label="Headline"
        name="subtitle"
        hint="A line under your name: your roles, e.g. Designer, founder and teacher."
        value={draft.subtitle}
        onChange={(v) => change('subtitle', v)}
        errors={errors}
      />
      <TextField
        label="Address name"
        name="slug"
        hint={
          <>
            Your page will be /people/
            <strong>{draft.slug || suggestedSlug(draft.firstName, draft.lastName) || '…'}</strong>/.
            Lower-case letters, digits and hyphens; left empty, it comes from your name.
          </>
        }
        value={draft.slug}
        onChange={(v) => change('slug', v)}
        errors={errors}
      />

      <h2 className="mt-8 font-serif text-2xl font-bold">About you</h2>
      <TextAreaField
        label="Summary"
        name="summary"
        value={draft.summary}
        onChange={(v) => change('summary', v)}
        errors={errors}
      />
      <RichTextField
        label="Biography"
        name="editorialDescription"
        value={draft.editorialDescription}
        onChange={(v) => change('editorialDescription', v)}
        errors={errors}
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <TextField
          label="City"
          name="location.city"
          value={draft.city}
          onChange={(v) => change('city', v)}
          errors={errors}
        />
        <div className="mt-4">
          <label className="block font-semibold" htmlFor="field-country">
            Country
          </label>
          <select
            id="field-country"
            className={inputClass}
            value={draft.country}
            onChange={(e) => change('country', e.target.value)}
          >
            <option value="">Not given</option>
            {countries.map((c) => (
              <option key={c.key} value={c.key}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Year born"
          name="yearBorn"
          type="number"
          value={draft.yearBorn}
          onChange={(v) => change('yearBorn', v)}
          errors={errors}
        />
      </div>

      <EntriesField
        legend="Careers"
        field="careers"
        textField="jobTitle"
        textLabel="Job title"
        entries={draft.careers}
        onChange={(v) => change('careers', v)}
        errors={errors}
      />
      <EntriesField
        legend="Education"
        field="education"
        textField="description"
        textLabel="What you studied"
        entries={draft.education}
        onChange={(v) => change('education', v)}
        errors={errors}
      />
      <LinksField
        legend="Social and web links"
        name="socialLinks"
        links={draft.socialLinks}
        onChange={(v) => change('socialLinks', v)}
        errors={errors}
      />

      <h2 className="mt-8 font-serif text-2xl font-bold">Photos</h2>
      <ImageUploadField
        label="Cover image"
        name="profileCover"
        hint="A wide photo across the top of your page. JPEG, PNG or WebP, at most 10 MB."
        value={draft.profileCover}
        onChange={(v) => change('profileCover', v)}
        errors={errors}
      />
      <ImageUploadField
        label="Thumbnail"
        name="profileThumbnail"
        hint="A portrait shown in lists and search. JPEG, PNG or WebP, at most 10 MB."
        value={draft.profileThumbnail}
        onChange={(v) => change('profileThumbnail', v)}
        errors={errors}
      />

      <fieldset className="mt-6">
        <legend className="font-semibold">Display</legend>
        <label className="mt-2 flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.condensedHeader}
            onChange={(e) => change('condensedHeader', e.target.checked)}
          />
          A compact header (no large cover image)
        </label>
        <label className="mt-2 flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.isLinkable}
            onChange={(e) => change('isLinkable', e.target.checked)}
          />
          Other profiles may link to mine
        </label>
      </fieldset>

      <ProfileSaveStatus ref={statusRef} status={status} />
      <div className="sticky bottom-0 mt-4 flex flex-wrap items-center gap-3 border-t border-neutral-300 bg-paper py-3">
        <button type="submit" className={primaryClass} disabled={!hydrated || busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save draft'}
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={!hydrated || busy !== null}
          onClick={() => void onPublish()}
        >
          {busy === 'publish' ? 'Publishing…' : 'Publish'}
        </button>
        {saved.profileId ? (
          <Link
            className="underline"
            href={`/_preview/people/?profileId=${encodeURIComponent(saved.profileId)}`}
            target="_blank"
          >
            Preview the saved draft (opens a new tab)
          </Link>
        ) : null}
        {upToDate ? (
          <Link className="underline" href={`/people/${draft.slug}/`}>
            Your public page
          </Link>
        ) : null}
      </div>
    </form>
  );
}
