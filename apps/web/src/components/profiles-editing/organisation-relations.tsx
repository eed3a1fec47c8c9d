'use client';

import { useState } from 'react';
import { runMutation } from '../../client/graphql/graphql-client';
import {
  UpdateOrganisationChildrenMutation,
  UpdateOrganisationKeyPeopleMutation,
} from '../../client/graphql/profile-editing.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { fieldMessages, type FieldMessages } from '../../client/profiles/profile-field-errors';
import { buttonClass, describedBy, errorId, FieldError, inputClass } from './form-parts';
import { ProfilePicker, type PickedProfile } from './profile-picker';

export interface KeyPersonDraft {
  person: PickedProfile;
  role: string;
}

const FAILED = 'That did not work just now. Your changes are still here: please try again.';

/**
 * An organisation's key people and subsidiaries, each saved by its own mutation over the profile's
 * version (shared with the main form through `version` and `onSaved`). People and organisations are
 * picked by search among published profiles.
 */
export function OrganisationRelations({
  profileId,
  version,
  onSaved,
  initialKeyPeople,
  initialChildren,
  relatedCompanies,
}: {
  profileId: string;
  version: number;
  onSaved: (version: number, message: string) => void;
  initialKeyPeople: KeyPersonDraft[];
  initialChildren: PickedProfile[];
  relatedCompanies: string[];
}) {
  const client = useGraphQLClient();
  const [keyPeople, setKeyPeople] = useState(initialKeyPeople);
  const [children, setChildren] = useState(initialChildren);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(kind: 'people' | 'children') {
    setBusy(true);
    try {
      const result =
        kind === 'people'
          ? (
              await runMutation(client, UpdateOrganisationKeyPeopleMutation, {
                input: {
                  profileId,
                  version,
                  keyPeople: keyPeople.map((k) => ({ personProfileId: k.person.profileId, role: k.role })),
                },
              })
            ).updateOrganisationKeyPeople
          : (
              await runMutation(client, UpdateOrganisationChildrenMutation, {
                input: { profileId, version, children: children.map((c) => c.profileId), relatedCompanies },
              })
            ).updateOrganisationChildren;
      if (result.__typename === 'OrganisationProfile') {
        setErrors({});
        setMessage(null);
        onSaved(result.version, kind === 'people' ? 'Key people saved.' : 'Subsidiaries saved.');
        return;
      }
      if (result.__typename === 'ZodError') setErrors(fieldMessages(result.fieldErrors, 'input'));
      setMessage({ text: result.message, error: true });
    } catch {
      setMessage({ text: FAILED, error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="relations-heading" className="mt-10">
      <h2 id="relations-heading" className="font-serif text-2xl font-bold">
        Key people and subsidiaries
      </h2>
      <fieldset className="mt-4 rounded border border-neutral-300 p-3" data-testid="key-people">
        <legend className="px-1 font-semibold">Key people</legend>
        {keyPeople.length === 0 ? <p className="text-sm">None yet.</p> : null}
        <ol className="space-y-3">
          {keyPeople.map((k, index) => {
            const key = `keyPeople.${index}.role`;
            return (
              <li
                key={k.person.profileId}
                className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end"
              >
                <p className="font-semibold">{k.person.name}</p>
                <div>
                  <label className="text-sm font-semibold" htmlFor={`field-${errorId(key)}`}>
                    Role of {k.person.name}
                  </label>
                  <input
                    id={`field-${errorId(key)}`}
                    className={inputClass}
                    value={k.role}
                    onChange={(e) =>
                      setKeyPeople(
                        keyPeople.map((p, i) => (i === index ? { ...p, role: e.target.value } : p)),
                      )
                    }
                    {...describedBy(errors, key)}
                  />
                </div>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => setKeyPeople(keyPeople.filter((_, i) => i !== index))}
                >
                  Remove {k.person.name}
                </button>
                <div className="sm:col-span-3">
                  <FieldError errors={errors} name={key} />
                </div>
              </li>
            );
          })}
        </ol>
        <ProfilePicker
          kind="person"
          label="Key person to add"
          picked={null}
          onPick={(person) => {
            if (person && !keyPeople.some((k) => k.person.profileId === person.profileId))
              setKeyPeople([...keyPeople, { person, role: '' }]);
          }}
        />
        <button
          type="button"
          className={`${buttonClass} mt-3`}
          disabled={busy}
          onClick={() => void run('people')}
        >
          Save key people
        </button>
      </fieldset>

      <fieldset className="mt-4 rounded border border-neutral-300 p-3" data-testid="subsidiaries">
        <legend className="px-1 font-semibold">Subsidiaries</legend>
        {children.length === 0 ? <p className="text-sm">None yet.</p> : null}
        <ul className="space-y-2">
          {children.map((c, index) => (
            <li key={c.profileId} className="flex flex-wrap items-center gap-3">
              <span>{c.name}</span>
              <button
                type="button"
                className={buttonClass}
                onClick={() => setChildren(children.filter((_, i) => i !== index))}
              >
                Remove {c.name}
              </button>
            </li>
          ))}
        </ul>
        <ProfilePicker
          kind="organisation"
          label="Subsidiary to add"
          picked={null}
          onPick={(organisation) => {
            if (
              organisation &&
              organisation.profileId !== profileId &&
              !children.some((c) => c.profileId === organisation.profileId)
            )
              setChildren([...children, organisation]);
          }}
        />
        <button
          type="button"
          className={`${buttonClass} mt-3`}
          disabled={busy}
          onClick={() => void run('children')}
        >
          Save subsidiaries
        </button>
      </fieldset>
      {message ? (
        <p role="alert" className="mt-2 font-semibold text-red-700">
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
