import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadRecording, replayRecording, type Replay } from '@bof/billing/recurly-replay';
import { signWebhook } from '@bof/billing/webhook-signature';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { createBillingModule } from './billing.module';
import { createBillingRepo } from './billing.repo';
import { chooseBillingProvider } from './choose-billing-provider';
import { purchaseSubscription } from './purchase-subscription';
import { previewSubscriptionUpgrade, purchaseSubscriptionUpgrade } from './upgrade-subscription';

const RECURLY = {
  RECURLY_API_KEY: 'replay-0123456789abcdef0123456789ab',
  RECURLY_SUBDOMAIN: 'bof-fashion',
  RECURLY_PUBLIC_KEY: 'ewr1-AbCdEfGhIjKlMnOpQrStUv',
  RECURLY_WEBHOOK_SECRETS: 'whsec-current-0123456789abcdef,whsec-previous-0123456789abcdef',
};
/** The instant the recordings were made: the subscription's term runs a year from it. */
const RECORDED_AT = new Date('2026-11-22T12:00:05Z');

let database: DatabaseHandle;
let dataDir: string;
let replay: Replay | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'bof-recurly-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  try {
    replay?.assertDone();
  } finally {
    replay?.stop();
    replay = null;
  }
});

describe('choosing the billing provider', () => {
  it('uses the simulator when Recurly is not configured, with the generated webhook key', () => {
    const choice = chooseBillingProvider(
      { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db },
      () => ['generated-key'],
    );
    expect(choice.kind).toBe('simulator');
    expect(choice.simulator).toBe(choice.provider);
    expect(choice.webhookKeys).toEqual(['generated-key']);
  });

  it("uses Recurly when it is configured, with the site's webhook keys and hosted pages", async () => {
    let asked = false;
    const choice = chooseBillingProvider(
      { env: parseServerEnv({ DATA_DIR: dataDir, ...RECURLY }), db: database.db },
      () => {
        asked = true;
        return ['generated-key'];
      },
    );
    expect(choice).toMatchObject({ kind: 'recurly', simulator: null });
    expect(choice.webhookKeys).toEqual(['whsec-current-0123456789abcdef', 'whsec-previous-0123456789abcdef']);
    expect(asked).toBe(false);
    replay = replayRecording(loadRecording('account-management-url'));
    expect(await choice.provider.accountManagementUrl('acct-1')).toBe(
      'https://bof-fashion.recurly.com/account/a8f3c2e91b7d4f06a5c3e8b2d1f09c47',
    );
  });
});

describe('the billing module on Recurly', () => {
  const module = () =>
    createBillingModule({
      env: parseServerEnv({ DATA_DIR: dataDir, ...RECURLY }),
      db: database.db,
      database,
    });

  it('has no simulator and sends no notifications of its own', async () => {
    const billing = module();
    expect(billing.simulator).toBe(null);
    expect(await billing.flushWebhooks()).toBe(0);
  });

  it("accepts webhooks signed with any of the site's keys, and refuses others", async () => {
    const billing = module();
    const body = JSON.stringify({ id: 'evt-rotation-1', object_type: 'account', event_type: 'updated' });
    const now = new Date();
    const rotated = await billing.receiveWebhook(
      body,
      signWebhook(body, ['whsec-previous-0123456789abcdef'], now),
      now,
    );
    expect(rotated).toEqual({ status: 200, result: 'ignored' });
    const forged = await billing.receiveWebhook(
      body,
      signWebhook(body, ['not-the-site-key-000000'], now),
      now,
    );
    expect(forged).toEqual({ status: 401, reason: 'signature mismatch' });
  });
});

describe('buying and upgrading through Recurly', () => {
  it('charges the upgrade exactly what Recurly previewed', async () => {
    replay = replayRecording(loadRecording('api-purchase-and-upgrade'));
    const env = parseServerEnv({ DATA_DIR: dataDir, ...RECURLY });
    const { provider } = chooseBillingProvider({ env, db: database.db }, () => []);
    const deps = { repo: createBillingRepo(database.db), provider, now: () => RECORDED_AT };
    const bought = await purchaseSubscription(deps, {
      userId: 'acct-1',
      email: 'ada@example.org',
      planCode: 'topic_beauty_yearly_v1',
      currency: 'GBP',
      country: 'GB',
      billingToken: 'pM7vJ0zRl2qXk8SfN3TbWa',
      idempotencyKey: 'purchase-key-1',
    });
    expect(bought).toMatchObject({ planCode: 'topic_beauty_yearly_v1', state: 'ACTIVE' });

    const change = { userId: 'acct-1', planCode: 'individuals_premium_yearly_v1' };
    const preview = await previewSubscriptionUpgrade(deps, change);
    expect(preview).toMatchObject({
      currency: 'GBP',
      planFee: 45_000,
      proRata: -12_000,
      taxAmount: 6_600,
      dueToday: 39_600,
      taxInfo: { rate: 0.2, region: 'GB', type: 'VAT' },
    });
    const upgraded = await purchaseSubscriptionUpgrade(deps, {
      ...change,
      currency: 'GBP',
      idempotencyKey: 'upgrade-key-1',
      expectedDueToday: preview.dueToday,
    });
    // What the card paid on the invoice Recurly holds for the change.
    expect(upgraded).toMatchObject({ amountCharged: preview.dueToday, invoiceId: 'o7kqh41a9zyt' });
    expect(upgraded.subscription).toMatchObject({ planCode: 'individuals_premium_yearly_v1' });
  });
});
