import type { BillingProvider } from '@bof/billing/billing-provider';
import type { BillingRepo } from './billing.repo';

/**
 * Repairs any gap left by lost or failed webhooks: reads every known account's subscriptions from the
 * provider and brings the product's copies in line. Safe to run at any time, as often as wanted.
 */
export async function reconcileSubscriptions(
  deps: {
    repo: Pick<BillingRepo, 'knownAccounts' | 'syncSubscription'>;
    provider: Pick<BillingProvider, 'listSubscriptions'>;
  },
  extraAccounts: readonly { userId: string; accountCode: string }[] = [],
  log: (line: string) => void = () => undefined,
): Promise<{ accounts: number; subscriptions: number }> {
  const accounts = [...(await deps.repo.knownAccounts()), ...extraAccounts];
  let subscriptions = 0;
  for (const account of accounts) {
    for (const sub of await deps.provider.listSubscriptions(account.accountCode)) {
      await deps.repo.syncSubscription(account.userId, sub);
      subscriptions++;
    }
    log(`reconciled ${account.accountCode}`);
  }
  return { accounts: accounts.length, subscriptions };
}
