'use client';

import { useState } from 'react';
import { RefundEventOrderMutation } from '../../client/graphql/events.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

/** Refunds one order in full through the billing provider, after a confirmation. */
export function RefundButton({ orderId, label }: { orderId: string; label: string }) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const [state, setState] = useState<
    { kind: 'idle' | 'working' | 'done' } | { kind: 'error'; message: string }
  >({
    kind: 'idle',
  });

  async function refund() {
    if (!window.confirm(`Refund ${label} in full? Its tickets stop admitting anyone.`)) return;
    setState({ kind: 'working' });
    try {
      const result = (await runMutation(client, RefundEventOrderMutation, { input: { orderId } }))
        .refundEventOrder;
      if (result.__typename === 'EventOrder') setState({ kind: 'done' });
      else setState({ kind: 'error', message: result.message });
    } catch {
      setState({
        kind: 'error',
        message: 'The refund could not be confirmed. Reload the page to see its state.',
      });
    }
  }

  if (state.kind === 'done') return <span role="status">Refunded</span>;
  return (
    <span>
      <button
        type="button"
        onClick={() => void refund()}
        disabled={!hydrated || state.kind === 'working'}
        aria-label={`Refund ${label}`}
        className="rounded border border-ink px-3 py-1 text-sm disabled:opacity-60"
      >
        {state.kind === 'working' ? 'Refunding…' : 'Refund'}
      </button>
      {state.kind === 'error' ? (
        <span role="alert" className="ml-2 text-sm text-accent">
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
