import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MembershipLevel, MembershipType } from '@bof/config/enums';
import type { BillingSimulator } from '@bof/billing/simulator';
import type { BillingProvider } from '@bof/billing/billing-provider';
import { verifyWebhookSignature } from '@bof/billing/webhook-signature';
import type { Platform } from '../../platform/platform';
import { applyWebhook, notificationSchema, type WebhookResult } from './apply-webhook';
import { createBillingRepo, type BillingRepo } from './billing.repo';
import { chooseBillingProvider } from './choose-billing-provider';
import { deliverSimulatorWebhooks } from './deliver-webhooks';
import { membershipFrom, type Membership } from './membership';
import { purchaseSubscription, type PurchaseInput } from './purchase-subscription';

export { CardValidationError } from '@bof/billing/simulator';

export type WebhookReceipt = { status: 200; result: WebhookResult } | { status: 400 | 401; reason: string };

export interface BillingModule {
  provider: BillingProvider;
  /** The embedded provider, when it is the one in use. */
  simulator: BillingSimulator | null;
  repo: BillingRepo;
  membershipOf(userId: string, now?: Date): Promise<Membership>;
  purchase(input: PurchaseInput): ReturnType<typeof purchaseSubscription>;
  /** Verifies, parses and applies one webhook delivery. */
  receiveWebhook(rawBody: string, signatureHeader: string | null, now?: Date): Promise<WebhookReceipt>;
  /** Delivers the simulator's pending notifications to the webhook endpoint (no-op with a real provider). */
  flushWebhooks(): Promise<number>;
}

/** The webhook signing key: configured, or generated once under `<dataDir>/keys` on the embedded defaults. */
function webhookKeys(platform: Platform): string[] {
  const file = path.join(platform.env.dataDir, 'keys', 'billing-webhook-key');
  try {
    return [readFileSync(file, 'utf8').trim()];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, randomBytes(32).toString('hex'), { mode: 0o600 });
  renameSync(partial, file);
  return [readFileSync(file, 'utf8').trim()];
}

const KEY = Symbol.for('bof.billing-modules');
type Holder = { [KEY]?: WeakMap<Platform, BillingModule> };

/** The billing module of a platform, built once (the route code and the server share it). */
export function getBillingModule(platform: Platform): BillingModule {
  const holder = globalThis as Holder;
  const modules = (holder[KEY] ??= new WeakMap());
  let module = modules.get(platform);
  if (!module) {
    module = createBillingModule(platform);
    modules.set(platform, module);
  }
  return module;
}

export function createBillingModule(
  platform: Platform,
  options: { webhookEndpoint?: string } = {},
): BillingModule {
  const repo = createBillingRepo(platform.db);
  // Recurly when configured, the billing simulator otherwise (choose-billing-provider.ts).
  const {
    provider,
    simulator,
    webhookKeys: keys,
  } = chooseBillingProvider(platform, () => webhookKeys(platform));
  const endpoint = options.webhookEndpoint ?? `${platform.env.siteUrl}/api/webhooks/recurly/`;

  const module: BillingModule = {
    provider,
    simulator,
    repo,
    async membershipOf(userId, now = new Date()) {
      return membershipFrom(await repo.subscriptionsOf(userId), now);
    },
    async purchase(input) {
      const result = await purchaseSubscription({ repo, provider, now: () => new Date() }, input);
      void module
        .flushWebhooks()
        .catch((error: unknown) => console.error('Delivering billing webhooks failed', error));
      return result;
    },
    async receiveWebhook(rawBody, signatureHeader, now = new Date()) {
      const check = verifyWebhookSignature(signatureHeader, rawBody, keys, now);
      if (!check.ok) return { status: 401, reason: `signature ${check.reason}` };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { status: 400, reason: 'body is not JSON' };
      }
      const notification = notificationSchema.safeParse(json);
      if (!notification.success) return { status: 400, reason: 'not a notification' };
      return { status: 200, result: await applyWebhook({ repo, provider }, notification.data) };
    },
    // Recurly delivers its own notifications; only the simulator's are sent from here.
    flushWebhooks: async () =>
      simulator ? deliverSimulatorWebhooks({ simulator, endpoint, key: keys[0]! }) : 0,
  };
  return module;
}

/** The session token's membership facts, from billing. */
export async function membershipClaims(
  billing: Pick<BillingModule, 'membershipOf'>,
  userId: string,
): Promise<{ level: MembershipLevel; type: MembershipType; unclaimedAccountId: string | null }> {
  const membership = await billing.membershipOf(userId);
  return { level: membership.level, type: membership.type, unclaimedAccountId: null };
}

/** The catalogue, for pages: the web app reaches billing only through the API. */
export { INDIVIDUAL_PLAN_CODES, PLANS, findPlan, type Plan } from '@bof/billing/plans';
export { currencyForCountry, formatMoney, isCurrency, priceOf } from '@bof/billing/pricing';
export { taxFor } from '@bof/billing/tax';
export { createBillingMembershipRecords } from './billing-membership-records';
export { previewSubscriptionUpgrade } from './upgrade-subscription';
export { CANCELLATION_REASONS, cancellableSubscription } from './cancel-subscription';
