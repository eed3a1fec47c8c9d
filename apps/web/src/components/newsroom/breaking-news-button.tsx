'use client';

import { useState } from 'react';
import { runMutation } from '../../client/graphql/graphql-client';
import { SendBreakingNewsMutation } from '../../client/graphql/notifications.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';

/**
 * Editors: sends a published story as a breaking news notification to every reader who has breaking
 * news on. It asks for confirmation first (a second button), since it cannot be taken back.
 */
export function BreakingNewsButton({ storyId, className }: { storyId: string; className: string }) {
  const client = useGraphQLClient();
  const [state, setState] = useState<'idle' | 'confirming' | 'sending'>('idle');
  const [message, setMessage] = useState('');

  async function send() {
    setState('sending');
    try {
      const result = (await runMutation(client, SendBreakingNewsMutation, { storyId })).sendBreakingNews;
      setMessage(
        result.__typename === 'BreakingNewsQueued'
          ? 'Sent as breaking news to every reader who has it on.'
          : 'message' in result
            ? result.message
            : 'The breaking news could not be sent.',
      );
    } catch {
      setMessage('The breaking news could not be sent. Check your connection and try again.');
    } finally {
      setState('idle');
    }
  }

  return (
    <div className="space-y-1">
      {state === 'confirming' ? (
        <div role="group" aria-labelledby={`breaking-${storyId}`} className="space-y-1">
          <p id={`breaking-${storyId}`} className="text-sm">
            Send this story as breaking news to every reader who has it on? This cannot be undone.
          </p>
          <div className="flex gap-2">
            <button type="button" className={className} onClick={() => void send()}>
              Yes, send it
            </button>
            <button type="button" className={className} onClick={() => setState('idle')}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={className}
          disabled={state === 'sending'}
          onClick={() => {
            setMessage('');
            setState('confirming');
          }}
        >
          {state === 'sending' ? 'Sending…' : 'Send as breaking news'}
        </button>
      )}
      <p aria-live="polite" className="text-sm">
        {message}
      </p>
    </div>
  );
}
