'use client';

import { useEffect, useId, useState } from 'react';
import { runQuery } from '../../client/graphql/graphql-client';
import { OrganisationPickerQuery, PersonPickerQuery } from '../../client/graphql/profile-editing.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { buttonClass, inputClass } from './form-parts';

export interface PickedProfile {
  profileId: string;
  name: string;
}

/**
 * Finds a published profile by name and picks it: organisations for careers, education and subsidiaries,
 * people for key people. Results come as you type (after two letters); each is a button, so the keyboard
 * reaches them in order. `label` names what is being picked.
 */
export function ProfilePicker({
  kind,
  label,
  picked,
  onPick,
}: {
  kind: 'organisation' | 'person';
  label: string;
  picked: PickedProfile | null;
  onPick: (profile: PickedProfile | null) => void;
}) {
  const id = useId();
  const client = useGraphQLClient();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [state, setState] = useState<{ results: PickedProfile[]; status: string }>({
    results: [],
    status: '',
  });

  useEffect(() => {
    const name = term.trim();
    if (!open || name.length < 2) return;
    let current = true;
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, status: 'Searching…' }));
      const search = async (): Promise<PickedProfile[]> => {
        if (kind === 'organisation') {
          const data = await runQuery(client, OrganisationPickerQuery, { filter: { name, first: 8 } });
          const result = data.organisationProfiles;
          if (result.__typename !== 'OrganisationProfilesSuccess') throw new Error(result.message);
          return result.data.map((o) => ({
            profileId: o.profileId,
            name: o.headquarters.city ? `${o.title} (${o.headquarters.city})` : o.title,
          }));
        }
        const data = await runQuery(client, PersonPickerQuery, { filter: { name, first: 8 } });
        const result = data.personProfiles;
        if (result.__typename !== 'PersonProfilesSuccess') throw new Error(result.message);
        return result.data.map((p) => ({
          profileId: p.profileId,
          name: `${p.firstName} ${p.lastName}${p.subtitle ? `, ${p.subtitle}` : ''}`,
        }));
      };
      search().then(
        (results) => {
          if (!current) return;
          setState({
            results,
            status:
              results.length === 0 ? `No published ${kind} matches “${name}”.` : `${results.length} found.`,
          });
        },
        () => current && setState({ results: [], status: 'The search did not work just now. Try again.' }),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, kind, open, term]);

  if (!open) {
    return (
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <span>
          {label}: <strong>{picked ? picked.name : 'none'}</strong>
        </span>
        <button type="button" className={buttonClass} onClick={() => setOpen(true)}>
          {picked ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
        </button>
        {picked ? (
          <button type="button" className={buttonClass} onClick={() => onPick(null)}>
            Clear {label.toLowerCase()}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="mt-2 rounded border border-neutral-300 p-2" role="group" aria-labelledby={`${id}-label`}>
      <label className="text-sm font-semibold" id={`${id}-label`} htmlFor={`${id}-search`}>
        Search {kind === 'organisation' ? 'organisations' : 'people'} for {label.toLowerCase()}
      </label>
      <input
        id={`${id}-search`}
        className={inputClass}
        type="search"
        value={term}
        autoFocus
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        aria-describedby={`${id}-status`}
      />
      <p className="mt-1 text-sm" id={`${id}-status`} role="status">
        {term.trim().length < 2 ? 'Type at least two letters of the name.' : state.status}
      </p>
      {term.trim().length >= 2 && state.results.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {state.results.map((r) => (
            <li key={r.profileId}>
              <button
                type="button"
                className="w-full rounded px-2 py-1 text-left underline hover:bg-neutral-100"
                onClick={() => {
                  onPick(r);
                  setOpen(false);
                  setTerm('');
                }}
              >
                {r.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className={`${buttonClass} mt-2`} onClick={() => setOpen(false)}>
        Cancel
      </button>
    </div>
  );
}
