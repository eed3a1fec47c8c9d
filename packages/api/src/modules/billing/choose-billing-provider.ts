import type { BillingProvider } from '@bof/billing/billing-provider';
import { createRecurlyProvider } from '@bof/billing/recurly';
import { createBillingSimulator, type BillingSimulator } from '@bof/billing/simulator';
import type { Platform } from '../../platform/platform';
import { createDrizzleSimulatorStore } from './simulator-store.drizzle';

export interface BillingProviderChoice {
  kind: 'recurly' | 'simulator';
  provider: BillingProvider;
  /** The embedded provider, when it is the one in use; null with Recurly. */
  simulator: BillingSimulator | null;
  /** Keys that sign the webhooks the endpoint accepts: Recurly's configured ones, or the simulator's. */
  webhookKeys: string[];
}

/**
 * Recurly when the configuration names it (every RECURLY_* variable, checked at start by
 * packages/config), the billing simulator persisted in the product database otherwise.
 * `simulatorKeys` is asked only for the simulator (it may create a key file).
 */
export function chooseBillingProvider(
  platform: Pick<Platform, 'env' | 'db'>,
  simulatorKeys: () => string[],
): BillingProviderChoice {
  const recurly = platform.env.billing.recurly;
  if (recurly) {
    return {
      kind: 'recurly',
      provider: createRecurlyProvider({
        apiKey: recurly.apiKey,
        subdomain: recurly.subdomain,
        region: recurly.region,
      }),
      simulator: null,
      webhookKeys: recurly.webhookSecrets,
    };
  }
  const simulator = createBillingSimulator({ store: createDrizzleSimulatorStore(platform.db) });
  return { kind: 'simulator', provider: simulator, simulator, webhookKeys: simulatorKeys() };
}
