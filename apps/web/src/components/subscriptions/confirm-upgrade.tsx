'use client';

import { useRef, useState } from 'react';
import type { Currency } from '@bof/config/constants';
import { track } from '../../client/analytics/tracker';
import { useAuth } from '../../client/auth/auth-provider';
import { waitForMembershipChange } from '../../client/auth/membership-change';
import { PurchaseSubscriptionUpgradeMutation } from '../../client/graphql/billing.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';

const UNCONFIRMED =
  'We could not confirm the upgrade with our payment provider. Please try again in a few minutes: trying again will not charge you twice.';

/**
 * Buys the upgrade for exactly the amount the page showed (`dueToday`): the server refuses if the price
 * is no longer that, and the reader reloads to see the new one. One idempotency key per visit, kept
 * across failed tries, so a retry after a lost answer is the one charge (the server lets a refused or
 * declined upgrade be tried again under its key). Then waits for the token to show the new plan, and
 * sends the upgrade event (previousPlan → currentPlan).
 */
export function ConfirmUpgrade(props: {
  planCode: string;
  previousPlanCode: string;
  currency: Currency;
  dueToday: number;
  label: string;
}) {
  const auth = useAuth();
  const client = useGraphQLClient();
  const key = useRef(crypto.randomUUID());
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function upgrade() {
    setState({ busy: true, error: null });
    const before = auth.user.membershipLevel;
    let data;
    try {
      data = await runMutation(client, PurchaseSubscriptionUpgradeMutation, {
        input: {
          planCode: props.planCode,
          currency: props.currency,
          idempotencyKey: key.current,
          expectedDueToday: props.dueToday,
        },
      });
    } catch {
      setState({ busy: false, error: UNCONFIRMED });
      return;
    }
    const result = data.purchaseSubscriptionUpgrade;
    if (result.__typename !== 'SubscriptionUpgradeReceipt') {
      setState({ busy: false, error: result.message || 'Something went wrong!' });
      return;
    }
    track({
      event: 'upgrade',
      data: {
        previousPlan: result.previousPlanCode || props.previousPlanCode,
        currentPlan: result.subscription.planCode,
        subscriptionId: result.subscription.id,
        currency: result.currency,
      },
    });
    await waitForMembershipChange({
      field: 'membershipLevel',
      before,
      forceRefresh: () => auth.store.forceRefresh().then((s) => s.user),
    }).catch(() => undefined);
    window.location.assign(`/user/membership/?upgraded=${encodeURIComponent(result.subscription.planCode)}`);
  }

  return (
    <div className="mt-8 space-y-4">
      {state.error ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {state.error}
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          disabled={state.busy}
          onClick={() => void upgrade()}
          className="rounded bg-accent px-4 py-2.5 font-medium text-accent-ink disabled:opacity-60"
        >
          {state.busy ? 'Upgrading…' : props.label}
        </button>
        {state.error ? (
          <button type="button" className="underline" onClick={() => window.location.reload()}>
            See today’s price again
          </button>
        ) : null}
      </p>
    </div>
  );
}
