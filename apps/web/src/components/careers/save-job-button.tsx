'use client';

import { useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { SaveJobMutation, UnsaveJobMutation } from '../../client/graphql/careers.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

/** Saves a job to the reader's list (or takes it off); a signed-out reader is asked to sign in. */
export function SaveJobButton({
  jobId,
  title,
  saved: initiallySaved,
  signedIn,
}: {
  jobId: string;
  title: string;
  saved: boolean;
  signedIn: boolean;
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const auth = useAuth();
  const [saved, setSaved] = useState(initiallySaved);
  const [state, setState] = useState<{ kind: 'idle' | 'working' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });

  async function toggle() {
    if (!signedIn) return void auth.actions.login();
    setState({ kind: 'working' });
    try {
      if (saved) {
        const result = (await runMutation(client, UnsaveJobMutation, { input: { jobId } })).unsaveJob;
        if (result.__typename === 'UnsavedJob') setSaved(false);
        else return setState({ kind: 'error', message: result.message });
      } else {
        const result = (await runMutation(client, SaveJobMutation, { input: { jobId } })).saveJob;
        if (result.__typename === 'JobListing') setSaved(true);
        else return setState({ kind: 'error', message: result.message });
      }
      setState({ kind: 'idle' });
    } catch {
      setState({ kind: 'error', message: 'That did not go through. Please try again.' });
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={!hydrated || state.kind === 'working'}
        aria-pressed={signedIn ? saved : undefined}
        aria-label={`${saved ? 'Saved' : 'Save'}: ${title}`}
        className="rounded border border-ink px-3 py-1 text-sm disabled:opacity-60"
      >
        {saved ? 'Saved ✓' : signedIn ? 'Save' : 'Sign in to save'}
      </button>
      {state.kind === 'error' ? (
        <span role="alert" className="text-sm text-accent">
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
