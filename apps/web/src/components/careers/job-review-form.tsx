'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { ReviewJobListingMutation } from '../../client/graphql/careers.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

/** A newsroom admin approves a pending job listing (it goes on the board) or rejects it with a reason. */
export function JobReviewForm({ jobId, title }: { jobId: string; title: string }) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'working' | 'done' } | { kind: 'error'; message: string }
  >({
    kind: 'idle',
  });

  async function review(decision: 'APPROVE' | 'REJECT') {
    setState({ kind: 'working' });
    try {
      const result = (
        await runMutation(client, ReviewJobListingMutation, {
          input: { jobId, decision, reason: reason || null },
        })
      ).reviewJobListing;
      if (result.__typename === 'JobListing') {
        setState({ kind: 'done' });
        // The queue is drawn again without this listing, and says above it what was done.
        router.replace(
          `/newsroom/approvals/?job=${decision === 'APPROVE' ? 'approved' : 'rejected'}#job-listings`,
          {
            scroll: false,
          },
        );
      } else setState({ kind: 'error', message: result.message });
    } catch {
      setState({ kind: 'error', message: 'The review could not be saved. Please try again.' });
    }
  }

  if (state.kind === 'done') return <p className="mt-2 text-sm">Saved.</p>;
  return (
    <div className="mt-3 grid gap-2">
      <label htmlFor={`${id}-reason`} className="text-sm">
        Reason, if you reject it (the employer reads it)
      </label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        className="rounded border border-rule px-3 py-2"
      />
      <p className="flex gap-3">
        <button
          type="button"
          disabled={!hydrated || state.kind === 'working'}
          onClick={() => void review('APPROVE')}
          aria-label={`Approve ${title}`}
          className="rounded bg-ink px-3 py-1 text-paper disabled:opacity-60"
        >
          Approve
        </button>
        <button
          type="button"
          disabled={!hydrated || state.kind === 'working'}
          onClick={() => void review('REJECT')}
          aria-label={`Reject ${title}`}
          className="rounded border border-ink px-3 py-1 disabled:opacity-60"
        >
          Reject
        </button>
      </p>
      {state.kind === 'error' ? (
        <p role="alert" className="text-sm text-accent">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
