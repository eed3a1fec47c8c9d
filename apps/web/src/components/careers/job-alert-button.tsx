'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { CreateJobAlertMutation } from '../../client/graphql/careers.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

export interface AlertSearch {
  query?: string;
  workplace?: 'REMOTE' | 'HYBRID' | 'ON_SITE' | null;
  jobFunction?: string | null;
  jobIndustry?: string | null;
  jobLevel?: string | null;
}

/** Saves the board's current search as a job alert, e-mailed weekly with new matching listings. */
export function JobAlertButton({
  search,
  description,
  signedIn,
}: {
  search: AlertSearch;
  description: string;
  signedIn: boolean;
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const auth = useAuth();
  const [state, setState] = useState<
    { kind: 'idle' | 'working' | 'done' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  async function create() {
    if (!signedIn) return void auth.actions.login();
    setState({ kind: 'working' });
    try {
      const result = (await runMutation(client, CreateJobAlertMutation, { input: search })).createJobAlert;
      if (result.__typename === 'JobAlert') setState({ kind: 'done' });
      else if (result.__typename === 'ZodError')
        setState({ kind: 'error', message: result.fieldErrors.map((e) => e.message).join(' ') });
      else setState({ kind: 'error', message: result.message });
    } catch {
      setState({ kind: 'error', message: 'The alert could not be saved. Please try again.' });
    }
  }

  if (state.kind === 'done')
    return (
      <p role="status" className="text-sm">
        Alert saved: we will e-mail you new jobs for {description} every week.{' '}
        <Link href="/careers/your-jobs/" className="underline">
          Your jobs and alerts
        </Link>
      </p>
    );
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm">
      <button
        type="button"
        onClick={() => void create()}
        disabled={!hydrated || state.kind === 'working'}
        className="rounded border border-ink px-3 py-1 disabled:opacity-60"
      >
        {signedIn ? 'E-mail me new jobs like these' : 'Sign in to get job alerts'}
      </button>
      {state.kind === 'error' ? (
        <span role="alert" className="text-accent">
          {state.message}
        </span>
      ) : null}
    </p>
  );
}
