'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { waitForMembershipChange } from '../../client/auth/membership-change';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { UpdatePersonalDetailsMutation } from '../../client/graphql/personal-details.documents';
import { useHydrated } from '../../client/use-hydrated';
import { readWallJourney } from '../access/wall-journey';

export interface Choice {
  key: string;
  title: string;
}

export interface PersonalDetailsValues {
  firstName: string;
  lastName: string;
  country: string;
  jobFunction: string;
  jobIndustry: string;
  jobLevel: string;
  organisationTitle: string;
}

type Field = keyof PersonalDetailsValues;

const LABELS: Record<Field, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  country: 'Country',
  jobFunction: 'Job function',
  jobIndustry: 'Industry',
  jobLevel: 'Job level',
  organisationTitle: 'Organisation',
};

/** What a reader is told when a field one-more-step needs is left empty (the server says the same). */
const REQUIRED_TEXT: Record<Field, string> = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  country: 'Choose a country from the list.',
  jobFunction: 'Choose a job function from the list.',
  jobIndustry: 'Choose an industry from the list.',
  jobLevel: 'Choose a job level from the list.',
  organisationTitle: 'Enter your organisation.',
};

const FIELDS = Object.keys(LABELS) as Field[];

type Phase = { kind: 'editing' } | { kind: 'saving' } | { kind: 'saved' };

/**
 * The reader's personal details (spec §3 UserData). In `complete` mode (one-more-step) every field is
 * needed, and after saving the form waits until the session token says the details are complete, then
 * goes on to `destination`, or, on a first sign-in, to `firstSignInDestination` (the welcome page)
 * unless a wall sent the reader to sign up: then the journey the wall started carries on to
 * `destination`. In `edit` mode (the account page) only the names are needed.
 */
export function PersonalDetailsForm(props: {
  mode: 'complete' | 'edit';
  initial: PersonalDetailsValues;
  options: { countries: Choice[]; jobFunctions: Choice[]; jobIndustries: Choice[]; jobLevels: Choice[] };
  submitLabel: string;
  destination?: string;
  firstSignInDestination?: string | undefined;
}) {
  const auth = useAuth();
  const client = useGraphQLClient();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const alertRef = useRef<HTMLParagraphElement>(null);
  // A failure is announced and brought into view, wherever the reader is on the form.
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);
  const required = props.mode === 'complete' ? FIELDS : (['firstName', 'lastName'] as Field[]);

  const edited = () => {
    if (phase.kind === 'saved') setPhase({ kind: 'editing' });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind === 'saving') return;
    setError(null);
    // The fields are read from the form itself: what a reader typed before the page's script ran is
    // kept by the browser (a controlled field would have been reset to its first value on hydration).
    const form = new FormData(event.currentTarget);
    const read = (field: Field) => String(form.get(field) ?? '');
    const values: PersonalDetailsValues = {
      firstName: read('firstName'),
      lastName: read('lastName'),
      country: read('country'),
      jobFunction: read('jobFunction'),
      jobIndustry: read('jobIndustry'),
      jobLevel: read('jobLevel'),
      organisationTitle: read('organisationTitle'),
    };
    const missing: Partial<Record<Field, string>> = {};
    for (const field of required) if (!values[field].trim()) missing[field] = REQUIRED_TEXT[field];
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      focusField(Object.keys(missing)[0] as Field);
      return;
    }
    setPhase({ kind: 'saving' });
    const optional = (value: string) => value.trim() || null;
    try {
      const data = await runMutation(client, UpdatePersonalDetailsMutation, {
        input: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          country: optional(values.country),
          jobFunction: optional(values.jobFunction),
          jobIndustry: optional(values.jobIndustry),
          jobLevel: optional(values.jobLevel),
          organisationTitle: optional(values.organisationTitle),
        },
      });
      const result = data.updatePersonalDetails;
      if (result.__typename === 'ZodError') {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const fieldError of result.fieldErrors) {
          const field = fieldError.path.at(-1) as Field | undefined;
          if (field && FIELDS.includes(field)) fromServer[field] ??= fieldError.message;
        }
        setErrors(fromServer);
        setPhase({ kind: 'editing' });
        const first = FIELDS.find((field) => fromServer[field]);
        if (first) focusField(first);
        else setError(result.message);
        return;
      }
      if (result.__typename !== 'UserData') {
        setError(
          result.__typename === 'AuthError'
            ? 'Your session has ended. Sign in again to save your details.'
            : result.message,
        );
        setPhase({ kind: 'editing' });
        return;
      }
      if (props.mode === 'edit') {
        setPhase({ kind: 'saved' });
        // A new token makes the header read the reader's name again.
        void auth.store.forceRefresh();
        return;
      }
      if (!auth.user.isUserDataComplete) {
        await waitForMembershipChange({
          field: 'isUserDataComplete',
          before: false,
          expected: [true],
          forceRefresh: () => auth.store.forceRefresh().then((state) => state.user),
        });
      }
      setPhase({ kind: 'saved' });
      const fromWall = readWallJourney(Date.now(), window.location.origin) !== null;
      window.location.assign((!fromWall && props.firstSignInDestination) || props.destination || '/');
    } catch {
      setError(
        props.mode === 'complete'
          ? 'Your details could not be confirmed just now. Nothing you typed is lost: please try again.'
          : 'Your details could not be saved just now. Nothing you typed is lost: please try again.',
      );
      setPhase({ kind: 'editing' });
    }
  }

  const input = 'w-full rounded border border-muted bg-paper px-3 py-2';
  const busy = phase.kind === 'saving';

  const label = (field: Field) => (
    <label htmlFor={`pd-${field}`} className="mb-1 block text-sm font-medium">
      {LABELS[field]}
      {required.includes(field) ? null : <span className="font-normal text-muted"> (optional)</span>}
    </label>
  );
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`pd-${field}-error`} className="mt-1 text-sm text-accent">
        {errors[field]}
      </p>
    ) : null;
  const aria = (field: Field) => ({
    'aria-invalid': Boolean(errors[field]) || undefined,
    'aria-describedby': errors[field] ? `pd-${field}-error` : undefined,
    'aria-required': required.includes(field) || undefined,
  });

  const text = (field: Field, autoComplete: string, maxLength: number) => (
    <div>
      {label(field)}
      <input
        id={`pd-${field}`}
        name={field}
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={props.initial[field]}
        onChange={edited}
        className={input}
        {...aria(field)}
      />
      {fieldError(field)}
    </div>
  );

  const select = (field: Field, choices: Choice[], autoComplete = 'off') => (
    <div>
      {label(field)}
      <select
        id={`pd-${field}`}
        name={field}
        autoComplete={autoComplete}
        defaultValue={props.initial[field]}
        onChange={edited}
        className={input}
        {...aria(field)}
      >
        <option value="">Choose…</option>
        {choices.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.title}
          </option>
        ))}
      </select>
      {fieldError(field)}
    </div>
  );

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-8 space-y-5" noValidate>
      {error ? (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded border border-accent px-3 py-2 text-accent"
        >
          {error}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'given-name', 100)}
        {text('lastName', 'family-name', 100)}
      </div>
      {select('country', props.options.countries, 'country')}
      {select('jobFunction', props.options.jobFunctions)}
      {select('jobIndustry', props.options.jobIndustries)}
      {select('jobLevel', props.options.jobLevels)}
      {text('organisationTitle', 'organization', 200)}
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          disabled={busy || !hydrated}
          aria-busy={busy || undefined}
          className="rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60"
        >
          {busy ? 'Saving…' : props.submitLabel}
        </button>
        <p role="status" className="text-sm">
          {phase.kind === 'saved' && props.mode === 'edit' ? 'Your details are saved.' : ''}
        </p>
      </div>
    </form>
  );
}

function focusField(field: Field) {
  document.getElementById(`pd-${field}`)?.focus();
}
