'use client';

import Link from 'next/link';
import { runMutation } from '../../client/graphql/graphql-client';
import {
  PublishOrganisationProfileMutation,
  UpdateOrganisationProfileMutation,
} from '../../client/graphql/profile-editing.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { buttonClass, primaryClass, TextAreaField, TextField } from './form-parts';
import { ImageUploadField } from './image-upload-field';
import { LinksField } from './links-field';
import { OrganisationRelations, type KeyPersonDraft } from './organisation-relations';
import { organisationFields, type OrganisationDraft } from './organisation-profile-draft';
import { suggestedSlug } from './person-profile-draft';
import { ProfileSaveStatus } from './profile-save-status';
import type { PickedProfile } from './profile-picker';
import { RichTextField } from './rich-text-field';
import { SelectField } from './select-field';
import { useProfileDraft } from './use-profile-draft';

type Options = { key: string; title: string }[];

export interface OrganisationEditorInitial {
  profileId: string | null;
  accountId: string | null;
  version: number;
  publishedVersion: number | null;
  draft: OrganisationDraft;
  projects: { projectId: string; title: string }[];
  keyPeople: KeyPersonDraft[];
  children: PickedProfile[];
  relatedCompanies: string[];
}

/**
 * An organisation's profile, for its account's OWNERs and ADMINs: creates it (at version 0) when the
 * account has none, then saves the draft at the version it started from, previews and publishes it.
 * Key people and subsidiaries are saved by their own buttons over the same version.
 */
export function OrganisationProfileEditor({
  initial,
  lists,
}: {
  initial: OrganisationEditorInitial;
  lists: { countries: Options; industries: Options; sizes: Options; types: Options; ownership: Options };
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const {
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
    upToDate,
  } = useProfileDraft({
    initial,
    async save(draft, saved) {
      const profile = organisationFields({ ...draft, slug: draft.slug.trim() || suggestedSlug(draft.title) });
      const answer = (
        await runMutation(client, UpdateOrganisationProfileMutation, {
          input: {
            profileId: saved.profileId,
            accountId: saved.profileId ? null : initial.accountId,
            version: saved.version,
            profile,
          },
        })
      ).updateOrganisationProfile;
      return { answer, slug: profile.slug };
    },
    publish: async (current) =>
      (await runMutation(client, PublishOrganisationProfileMutation, { input: current }))
        .publishOrganisationProfile,
    messages: {
      saved: 'Saved as a draft. Only your organisation’s editors see it until you publish.',
      published: 'Published: the organisation’s profile and its projects are public.',
    },
    // Created: the address now names the profile, so a reload edits it rather than creating again.
    onCreated: (profileId) =>
      window.history.replaceState(null, '', `?profileId=${encodeURIComponent(profileId)}`),
  });

  return (
    <>
      <form
        onSubmit={(e) => void onSave(e)}
        noValidate
        aria-busy={busy !== null}
        data-testid="organisation-editor"
      >
        <p className="text-sm" data-testid="profile-state">
          {!saved.profileId
            ? 'This organisation has no profile yet: fill it in and save to create it.'
            : upToDate
              ? 'Published: the public page shows this version.'
              : published
                ? 'Published earlier; this draft has changes that are not public yet.'
                : 'Draft: not published yet.'}
          {saved.profileId ? ` Version ${saved.version}.` : null}
        </p>

        <h2 className="mt-6 font-serif text-2xl font-bold">Name and description</h2>
        <TextField
          label="Name"
          name="title"
          required
          value={draft.title}
          onChange={(v) => change('title', v)}
          errors={errors}
        />
        <TextField
          label="Address name"
          name="slug"
          hint={
            <>
              The page will be /organisations/
              <strong>{draft.slug || suggestedSlug(draft.title) || '…'}</strong>/. Lower-case letters, digits
              and hyphens.
            </>
          }
          value={draft.slug}
          onChange={(v) => change('slug', v)}
          errors={errors}
        />
        <TextAreaField
          label="Summary"
          name="summary"
          value={draft.summary}
          onChange={(v) => change('summary', v)}
          errors={errors}
        />
        <RichTextField
          label="Description"
          name="editorialDescription"
          value={draft.editorialDescription}
          onChange={(v) => change('editorialDescription', v)}
          errors={errors}
        />
        <RichTextField
          label="Members’ description"
          name="premiumDescription"
          value={draft.premiumDescription}
          onChange={(v) => change('premiumDescription', v)}
          errors={errors}
        />

        <h2 className="mt-8 font-serif text-2xl font-bold">The organisation</h2>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectField
            label="Industry"
            name="organisationIndustry"
            value={draft.organisationIndustry}
            options={lists.industries}
            onChange={(v) => change('organisationIndustry', v)}
            errors={errors}
          />
          <SelectField
            label="Size"
            name="organisationSize"
            value={draft.organisationSize}
            options={lists.sizes}
            onChange={(v) => change('organisationSize', v)}
            errors={errors}
          />
          <SelectField
            label="Type"
            name="organisationType"
            value={draft.organisationType}
            options={lists.types}
            onChange={(v) => change('organisationType', v)}
            errors={errors}
          />
          <SelectField
            label="Ownership"
            name="ownershipType"
            value={draft.ownershipType}
            options={lists.ownership}
            onChange={(v) => change('ownershipType', v)}
            errors={errors}
          />
          <TextField
            label="Year established"
            name="yearEstablished"
            type="number"
            value={draft.yearEstablished}
            onChange={(v) => change('yearEstablished', v)}
            errors={errors}
          />
        </div>
        <label className="mt-4 flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.recruiter}
            onChange={(e) => change('recruiter', e.target.checked)}
          />
          We recruit through the careers pages
        </label>

        <fieldset className="mt-6 rounded border border-neutral-300 p-3">
          <legend className="px-1 font-semibold">Headquarters</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField
              label="Address line 1"
              name="headquarters.addressLine1"
              value={draft.addressLine1}
              onChange={(v) => change('addressLine1', v)}
              errors={errors}
            />
            <TextField
              label="Address line 2"
              name="headquarters.addressLine2"
              value={draft.addressLine2}
              onChange={(v) => change('addressLine2', v)}
              errors={errors}
            />
            <TextField
              label="City"
              name="headquarters.city"
              value={draft.city}
              onChange={(v) => change('city', v)}
              errors={errors}
            />
            <TextField
              label="State or region"
              name="headquarters.state"
              value={draft.state}
              onChange={(v) => change('state', v)}
              errors={errors}
            />
            <TextField
              label="Postcode"
              name="headquarters.areaCode"
              value={draft.areaCode}
              onChange={(v) => change('areaCode', v)}
              errors={errors}
            />
            <SelectField
              label="Country"
              name="headquarters.country"
              value={draft.country}
              options={lists.countries}
              onChange={(v) => change('country', v)}
              errors={errors}
            />
          </div>
        </fieldset>

        <LinksField
          legend="Websites"
          name="externalLinks"
          links={draft.externalLinks}
          onChange={(v) => change('externalLinks', v)}
          errors={errors}
        />
        <LinksField
          legend="Social links"
          name="socialLinks"
          links={draft.socialLinks}
          onChange={(v) => change('socialLinks', v)}
          errors={errors}
        />
        <LinksField
          legend="Programme links"
          name="programLinks"
          links={draft.programLinks}
          onChange={(v) => change('programLinks', v)}
          errors={errors}
        />
        <TextAreaField
          label="Linked stories (their addresses, one a line)"
          name="linkedArticles"
          value={draft.linkedArticles}
          onChange={(v) => change('linkedArticles', v)}
          errors={errors}
        />
        <TextField
          label="Culture Q&A story (its address)"
          name="cultureQaArticle"
          value={draft.cultureQaArticle}
          onChange={(v) => change('cultureQaArticle', v)}
          errors={errors}
        />
        {initial.projects.length > 0 ? (
          <SelectField
            label="Pinned project"
            name="pinnedProject"
            value={draft.pinnedProject}
            options={initial.projects.map((p) => ({ key: p.projectId, title: p.title }))}
            onChange={(v) => change('pinnedProject', v)}
            errors={errors}
          />
        ) : null}

        <h2 className="mt-8 font-serif text-2xl font-bold">Photos</h2>
        <ImageUploadField
          label="Cover image"
          name="coverImage"
          hint="A wide photo across the top of the page. JPEG, PNG or WebP, at most 10 MB."
          value={draft.coverImage}
          onChange={(v) => change('coverImage', v)}
          errors={errors}
        />
        <ImageUploadField
          label="Thumbnail"
          name="profileThumbnail"
          hint="A logo or photo shown in lists and search. JPEG, PNG or WebP, at most 10 MB."
          value={draft.profileThumbnail}
          onChange={(v) => change('profileThumbnail', v)}
          errors={errors}
        />
        <label className="mt-4 flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.isLinkable}
            onChange={(e) => change('isLinkable', e.target.checked)}
          />
          Other profiles may link to this one
        </label>

        <ProfileSaveStatus ref={statusRef} status={status} />
        <div className="sticky bottom-0 mt-4 flex flex-wrap items-center gap-3 border-t border-neutral-300 bg-paper py-3">
          <button type="submit" className={primaryClass} disabled={!hydrated || busy !== null}>
            {busy === 'save' ? 'Saving…' : saved.profileId ? 'Save draft' : 'Create the profile'}
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
            <>
              <Link
                className="underline"
                href={`/_preview/organisations/?profileId=${encodeURIComponent(saved.profileId)}`}
                target="_blank"
              >
                Preview the saved draft (opens a new tab)
              </Link>
              <Link
                className="underline"
                href={`/user/organisations/profiles/projects/edit/?profileId=${encodeURIComponent(saved.profileId)}`}
              >
                Projects
              </Link>
            </>
          ) : null}
        </div>
      </form>
      {saved.profileId ? (
        <OrganisationRelations
          profileId={saved.profileId}
          version={saved.version}
          onSaved={(version, message) => {
            setSaved((s) => ({ ...s, version }));
            say(message, false);
          }}
          initialKeyPeople={initial.keyPeople}
          initialChildren={initial.children}
          relatedCompanies={initial.relatedCompanies}
        />
      ) : null}
    </>
  );
}
