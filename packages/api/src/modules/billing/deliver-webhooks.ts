import { signWebhook } from '@bof/billing/webhook-signature';
import type { BillingSimulator } from '@bof/billing/simulator';

/**
 * Sends the simulator's pending notifications to the product's webhook endpoint, signed as Recurly signs
 * them, oldest first. A notification stays pending until the endpoint accepts it; a delivery the endpoint
 * has not answered within `timeoutMs` (10 s) counts as refused, so a round always ends. Such a notification
 * is sent again in a later round even if the endpoint did apply it: the endpoint applies each notification
 * once, as it must for Recurly's own retries.
 * @returns how many were delivered.
 */
export async function deliverSimulatorWebhooks(options: {
  simulator: Pick<BillingSimulator, 'pendingWebhooks' | 'markDelivered'>;
  endpoint: string;
  key: string;
  now?: () => Date;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): Promise<number> {
  const doFetch = options.fetch ?? fetch;
  let delivered = 0;
  for (const notification of await options.simulator.pendingWebhooks()) {
    const body = JSON.stringify(notification);
    const response = await doFetch(options.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'recurly-signature': signWebhook(body, [options.key], options.now?.() ?? new Date()),
      },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    }).catch(() => null);
    if (!response?.ok) break;
    await options.simulator.markDelivered(notification.id);
    delivered++;
  }
  return delivered;
}
