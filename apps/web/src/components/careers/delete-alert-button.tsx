'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DeleteJobAlertMutation } from '../../client/graphql/careers.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

/** Deletes one of the reader's job alerts. */
export function DeleteAlertButton({ alertId, label }: { alertId: string; label: string }) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function remove() {
    setWorking(true);
    try {
      const result = (await runMutation(client, DeleteJobAlertMutation, { input: { alertId } }))
        .deleteJobAlert;
      if (result.__typename === 'DeletedJobAlert') router.refresh();
      else setError(result.message);
    } catch {
      setError('The alert could not be deleted. Please try again.');
    }
    setWorking(false);
  }

  return (
    <span>
      <button
        type="button"
        onClick={() => void remove()}
        disabled={!hydrated || working}
        aria-label={`Delete the alert ${label}`}
        className="rounded border border-ink px-3 py-1 text-sm disabled:opacity-60"
      >
        Delete
      </button>
      {error ? (
        <span role="alert" className="ml-2 text-sm text-accent">
          {error}
        </span>
      ) : null}
    </span>
  );
}
