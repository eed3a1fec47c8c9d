'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { runMutation } from '../../client/graphql/graphql-client';
import { ReviewNewsroomProfilePublicationMutation } from '../../client/graphql/newsroom.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';

/** Approve or withdraw one profile publication; a withdrawal needs the reason its editors will read. */
export function ProfileReviewForm({
  kind,
  profileId,
  version,
  name,
}: {
  kind: 'person' | 'organisation';
  profileId: string;
  version: number;
  name: string;
}) {
  const client = useGraphQLClient();
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function review(decision: 'approve' | 'withdraw') {
    setBusy(true);
    setReasonError(null);
    setMessage(null);
    try {
      const answer = (
        await runMutation(client, ReviewNewsroomProfilePublicationMutation, {
          input: { kind, profileId, version, decision, reason: decision === 'withdraw' ? reason : null },
        })
      ).reviewNewsroomProfilePublication;
      if (answer.__typename === 'ReviewNewsroomProfilePublicationSuccess') {
        setMessage({ text: decision === 'approve' ? 'Approved.' : 'Withdrawn.', error: false });
        // The queue is drawn again without this publication, and says above it what was done.
        router.replace(
          `/newsroom/approvals/?profile=${decision === 'approve' ? 'approved' : 'withdrawn'}#profile-publications`,
          { scroll: false },
        );
      } else if (answer.__typename === 'ZodError') {
        const onReason = answer.fieldErrors.find((e) => e.path.at(-1) === 'reason');
        if (onReason) setReasonError(onReason.message);
        setMessage({ text: onReason ? 'Say why it is withdrawn.' : answer.message, error: true });
      } else setMessage({ text: answer.message, error: true });
    } catch {
      setMessage({ text: 'Not saved: check the connection and try again.', error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 grid gap-2 text-sm">
      <label htmlFor={`${id}-reason`} className="font-semibold">
        Reason to withdraw {name}
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={2}
        maxLength={1000}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        className="block w-full rounded border border-neutral-400 px-2 py-1.5"
      />
      {reasonError ? (
        <p id={`${id}-reason-error`} className="text-red-700">
          {reasonError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={() => void review('approve')}
          className="rounded bg-neutral-900 px-3 py-1.5 font-semibold text-white disabled:opacity-60"
        >
          Approve
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void review('withdraw')}
          className="rounded border border-red-800 px-3 py-1.5 font-semibold text-red-800 disabled:opacity-60"
        >
          Withdraw
        </button>
        {message ? (
          <p role={message.error ? 'alert' : 'status'} className={message.error ? 'text-red-700' : ''}>
            {message.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
