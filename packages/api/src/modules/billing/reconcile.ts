import type { BillingProvider } from '@bof/billing/billing-provider';
import type { BillingRepo } from './billing.repo';
import { IN_FLIGHT_MS } from './purchase-claim';

export interface ReconcileReport {
  accounts: number;
  subscriptions: number;
  /** Attempts whose answer was lost, now settled from the provider's records. */
  purchasesResolved: number;
  /** Accounts the provider could not be asked about (named in the log); run again later. */
  failedAccounts: number;
}

/**
 * Repairs any gap left by lost or failed webhooks and lost answers: reads the subscriptions of every
 * account the product knows of (from its subscriptions, and from purchase attempts that may have charged
 * without being recorded) from the provider, brings the product's copies in line (never back to an older
 * state), and settles attempts of unknown outcome whose subscription the provider has. Safe to run at
 * any time, as often as wanted; one account's failure does not stop the others.
 */
export async function reconcileSubscriptions(
  deps: {
    repo: Pick<BillingRepo, 'knownAccounts' | 'syncSubscription' | 'unsettledPurchases' | 'settlePurchase'>;
    provider: Pick<BillingProvider, 'listSubscriptions'>;
  },
  extraAccounts: readonly { userId: string; accountCode: string }[] = [],
  log: (line: string) => void = () => undefined,
): Promise<ReconcileReport> {
  const accounts = [...(await deps.repo.knownAccounts()), ...extraAccounts];
  const unsettled = await deps.repo.unsettledPurchases(IN_FLIGHT_MS);
  const report: ReconcileReport = {
    accounts: accounts.length,
    subscriptions: 0,
    purchasesResolved: 0,
    failedAccounts: 0,
  };
  for (const account of accounts) {
    let subs;
    try {
      subs = await deps.provider.listSubscriptions(account.accountCode);
    } catch (error) {
      report.failedAccounts++;
      log(`could not read ${account.accountCode}: ${(error as Error).message}`);
      continue;
    }
    for (const sub of subs) {
      await deps.repo.syncSubscription(account.userId, sub);
      report.subscriptions++;
    }
    for (const attempt of unsettled.filter((p) => p.userId === account.userId && p.kind === 'purchase')) {
      const bought = subs.find(
        (s) =>
          s.planCode === attempt.planCode &&
          s.activatedAt.getTime() >= attempt.createdAt.getTime() - 5 * 60_000,
      );
      if (!bought) continue;
      await deps.repo.settlePurchase(attempt.idempotencyKey, {
        status: 'succeeded',
        subscriptionUuid: bought.uuid,
        message: 'settled by reconciliation from the provider records',
      });
      report.purchasesResolved++;
      log(`settled attempt ${attempt.idempotencyKey} with subscription ${bought.uuid}`);
    }
    log(`reconciled ${account.accountCode}: ${subs.length} subscription(s)`);
  }
  return report;
}
