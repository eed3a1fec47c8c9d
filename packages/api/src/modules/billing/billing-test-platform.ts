import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseServerEnv } from '@bof/config/server';
import { TEST_CARDS } from '@bof/billing/test-cards';
import { signWebhook } from '@bof/billing/webhook-signature';
import { createTestDatabase } from '@bof/db/testing';
import { createBillingModule } from './billing.module';

/**
 * For integration tests of billing's HTTP edges (apps/web may not import `@bof/db`): the billing module
 * on the simulator over a fresh test database, with the webhook signing key and a way to buy.
 */
export async function createBillingTestPlatform() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-billing-edge-'));
  const database = await createTestDatabase();
  const billing = createBillingModule({
    env: parseServerEnv({ DATA_DIR: dataDir }),
    db: database.db,
    database,
  });
  const webhookKey = readFileSync(path.join(dataDir, 'keys', 'billing-webhook-key'), 'utf8').trim();
  return {
    billing,
    webhookKey,
    /** A `recurly-signature` header for `body`, signed with `key` (the site's by default) at `at`. */
    sign: (body: string, at = new Date(), key = webhookKey) => signWebhook(body, [key], at),
    /** A Premium subscription bought straight from the simulator (no product record yet). */
    async buyAtProvider(userId: string) {
      const simulator = billing.simulator!;
      const token = await simulator.tokenize({
        number: TEST_CARDS.success,
        expMonth: 1,
        expYear: 2032,
        cvc: '123',
        firstName: 'Ada',
        lastName: 'Reader',
        postalCode: 'N1',
        countryCode: 'GB',
      });
      const outcome = await simulator.purchase({
        accountCode: userId,
        email: `${userId}@example.org`,
        planCode: 'individuals_premium_yearly_v1',
        currency: 'GBP',
        billingToken: token.id,
        idempotencyKey: `edge-${userId}`,
        unitAmount: 45_000,
        country: 'GB',
        trialDays: 0,
      });
      if (outcome.kind !== 'purchased') throw new Error(outcome.kind);
      return outcome.subscription;
    },
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
