/**
 * The idempotency key of a purchase attempt, kept in the tab's session storage until the attempt has a
 * definitive answer. A retry after an outage, a timeout or a reload sends the same key, so the server
 * and the provider resolve it to the one charge; a declined card or a refusal starts a new attempt.
 */
const storageKey = (planCode: string) => `bof_purchase_attempt:${planCode}`;

export function attemptKey(planCode: string): string {
  const kept = sessionStorage.getItem(storageKey(planCode));
  if (kept) return kept;
  const key = crypto.randomUUID();
  sessionStorage.setItem(storageKey(planCode), key);
  return key;
}

/** The attempt has its answer (bought, declined, refused): the next one is a new purchase. */
export function endAttempt(planCode: string): void {
  sessionStorage.removeItem(storageKey(planCode));
}
