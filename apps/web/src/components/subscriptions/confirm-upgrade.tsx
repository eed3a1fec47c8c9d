'use client';

import { useMemo, useRef, useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { waitForMembershipChange } from '../../client/auth/membership-change';
import { useClientConfig } from '../../client/config/client-config';
import { PurchaseSubscriptionUpgradeMutation } from '../../client/graphql/billing.documents';
import { createGraphQLClient, runMutation } from '../../client/graphql/graphql-client';

/** Buys the upgrade once (one idempotency key per visit), then waits for the token to show the new plan. */
export function ConfirmUpgrade({ planCode, label }: { planCode: string; label: string }) {
  const auth = useAuth();
  const config = useClientConfig();
  const client = useMemo(
    () => createGraphQLClient({ config, onAuthError: () => auth.store.forceRefresh() }),
    [config, auth.store],
  );
  const key = useRef(crypto.randomUUID());
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function upgrade() {
    setState({ busy: true, error: null });
    try {
      const before = auth.user.membershipLevel;
      const data = await runMutation(client, PurchaseSubscriptionUpgradeMutation, {
        input: { planCode, idempotencyKey: key.current },
      });
      const result = data.purchaseSubscriptionUpgrade;
      if (result.__typename !== 'IndividualSubscription') {
        setState({ busy: false, error: result.message || 'Something went wrong!' });
        return;
      }
      await waitForMembershipChange({
        field: 'membershipLevel',
        before,
        forceRefresh: () => auth.store.forceRefresh().then((s) => s.user),
      }).catch(() => undefined);
      window.location.assign('/user/membership/');
    } catch {
      setState({
        busy: false,
        error: 'We could not reach our payment provider, and you have not been charged. Please try again.',
      });
    }
  }

  return (
    <div className="mt-8 space-y-4">
      {state.error ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {state.error}
        </p>
      ) : null}
      <button
        type="button"
        disabled={state.busy}
        onClick={() => void upgrade()}
        className="rounded bg-accent px-4 py-2.5 font-medium text-accent-ink disabled:opacity-60"
      >
        {state.busy ? 'Upgrading…' : label}
      </button>
    </div>
  );
}
