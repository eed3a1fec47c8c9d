import type { BillingProvider } from '@bof/billing/billing-provider';
import type { BillingRepo, PurchaseRecord, SubscriptionRecord } from './billing.repo';

export interface ClaimDeps {
  repo: Pick<
    BillingRepo,
    | 'findPurchase'
    | 'claimPurchase'
    | 'reclaimPurchase'
    | 'pendingPurchaseOf'
    | 'abandonStalePurchase'
    | 'settlePurchase'
    | 'syncSubscription'
    | 'subscriptionsOf'
  >;
  provider: Pick<BillingProvider, 'listSubscriptions'>;
  /** The billing clock: the provider's time (the simulator's may have been moved on). */
  now: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/** What claiming an attempt came to. */
export type Claim =
  /** This request holds the reader's only attempt in flight; `earlier` is the key's previous try, if any. */
  | { kind: 'claimed'; earlier: PurchaseRecord | null }
  /** The key has its answer already (succeeded or declined): give it again. */
  | { kind: 'settled'; earlier: PurchaseRecord }
  /**
   * The key was used for another reader, plan or kind of operation (`other`), or for the same plan with
   * other terms (`different-request`: seats, currency, VAT number): never answered with the first result.
   */
  | { kind: 'mismatch'; reason: 'other' | 'different-request' }
  /** Another attempt of the reader is still in flight after waiting for it. */
  | { kind: 'busy' };

/** A pending attempt younger than this is someone's call in flight (the provider times out at 20 s). */
export const IN_FLIGHT_MS = 60_000;
const WAIT_STEP_MS = 200;
const WAIT_LIMIT_MS = 15_000;

/**
 * Claims the reader's one attempt in flight under `idempotencyKey`, waiting for the reader's other
 * attempt (same key: a double click; another key: a second tab) to settle first. An attempt left
 * pending by a request that died mid-call is abandoned as of unknown outcome, so whoever comes next
 * reads the provider's records before charging.
 */
export async function claimAttempt(
  deps: ClaimDeps,
  attempt: {
    idempotencyKey: string;
    userId: string;
    kind: 'purchase' | 'upgrade';
    planCode: string;
    currency: string;
    /** What else the attempt asks for, as a digest; a retry under the key must ask for the same. */
    requestDigest?: string;
  },
  options: {
    /**
     * Whether a declined attempt is final under its key. A purchase's is (its card token was declined);
     * an upgrade charges the card on file, which the reader may have replaced since, so its key may try
     * again.
     */
    declinedIsFinal: boolean;
  } = { declinedIsFinal: true },
): Promise<Claim> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // In-flight ages compare database timestamps: wall-clock time, not the billing clock.
  const age = (record: PurchaseRecord) => Date.now() - record.updatedAt.getTime();
  let waited = 0;
  const wait = async () => {
    if (waited >= WAIT_LIMIT_MS) return false;
    await sleep(WAIT_STEP_MS);
    waited += WAIT_STEP_MS;
    return true;
  };
  for (let round = 0; round < 10_000; round++) {
    const earlier = await deps.repo.findPurchase(attempt.idempotencyKey);
    let result;
    if (earlier) {
      if (
        earlier.userId !== attempt.userId ||
        earlier.planCode !== attempt.planCode ||
        earlier.kind !== attempt.kind
      ) {
        return { kind: 'mismatch', reason: 'other' };
      }
      if (
        attempt.requestDigest !== undefined &&
        (earlier.currency !== attempt.currency || earlier.requestDigest !== attempt.requestDigest)
      ) {
        return { kind: 'mismatch', reason: 'different-request' };
      }
      if (earlier.status === 'succeeded' || earlier.status === 'declined')
        return { kind: 'settled', earlier };
      if (earlier.status === 'pending' && age(earlier) < IN_FLIGHT_MS) {
        if (await wait()) continue;
        return { kind: 'busy' };
      }
      result = await deps.repo.reclaimPurchase(
        attempt.idempotencyKey,
        attempt.userId,
        IN_FLIGHT_MS,
        options.declinedIsFinal ? [] : ['declined'],
      );
      if (result === 'claimed') return { kind: 'claimed', earlier };
    } else {
      result = await deps.repo.claimPurchase({ ...attempt });
      if (result === 'claimed') return { kind: 'claimed', earlier: null };
    }
    if (result === 'reader-busy') {
      const other = await deps.repo.pendingPurchaseOf(attempt.userId);
      if (other && age(other) >= IN_FLIGHT_MS) {
        await deps.repo.abandonStalePurchase(other.idempotencyKey, IN_FLIGHT_MS);
        continue;
      }
      if (other && !(await wait())) return { kind: 'busy' };
    }
    // Someone took the key, or the other attempt settled: look again.
  }
  return { kind: 'busy' };
}

/**
 * Reads the reader's subscriptions from the provider and brings the product's copies in line, then
 * answers the product's records. When the provider cannot be reached, the claimed attempt (if given)
 * is settled as refused, nothing having been charged, and the error is rethrown.
 */
export async function syncFromProvider(
  deps: Pick<ClaimDeps, 'repo' | 'provider'>,
  userId: string,
  claimedKey?: string,
): Promise<SubscriptionRecord[]> {
  try {
    for (const sub of await deps.provider.listSubscriptions(userId)) {
      await deps.repo.syncSubscription(userId, sub);
    }
  } catch (error) {
    if (claimedKey) {
      await deps.repo.settlePurchase(claimedKey, { status: 'refused', message: String(error) });
    }
    throw error;
  }
  return deps.repo.subscriptionsOf(userId);
}

/**
 * What to tell a reader when the provider failed. Only when the request certainly never reached it may
 * we say that nothing was charged; otherwise the retry with the same key is what makes it safe.
 */
export function outageMessage(mayHaveCharged: boolean): string {
  return mayHaveCharged
    ? 'We could not confirm your payment with our payment provider. Please try again in a few minutes: trying again will not charge you twice.'
    : 'We could not reach our payment provider, and you have not been charged. Please try again in a few minutes.';
}
