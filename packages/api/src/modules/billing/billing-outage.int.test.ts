import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingUnavailableError, type BillingProvider } from '@bof/billing/billing-provider';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { createBillingModule, membershipClaims, type BillingModule } from './billing.module';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-billing-outage-'));
let database: DatabaseHandle;
let billing: BillingModule;
let calls = 0;

/** A provider that is down: every call fails, as Recurly does during an outage. */
const down = new Proxy({} as BillingProvider, {
  get: () => async () => {
    calls++;
    throw new BillingUnavailableError('Recurly could not be reached (ETIMEDOUT).');
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  billing = createBillingModule(
    { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database },
    { provider: down },
  );
  await billing.repo.syncSubscription('member', {
    uuid: 'sub-member',
    accountCode: 'member',
    planCode: 'individuals_premium_yearly_v1',
    state: 'ACTIVE',
    currency: 'GBP',
    unitAmount: 45_000,
    activatedAt: new Date(Date.now() - 86_400_000),
    cancelledAt: null,
    expiresAt: null,
    trialEndsAt: null,
    currentPeriodStartedAt: new Date(Date.now() - 86_400_000),
    currentPeriodEndsAt: new Date(Date.now() + 300 * 86_400_000),
    currentTermEndsAt: new Date(Date.now() + 300 * 86_400_000),
    isInDunning: false,
    activeInvoiceId: null,
    couponCodes: [],
    updatedAt: new Date(),
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a billing provider outage', () => {
  it("leaves membership, the token's claims and eligibility to the product's own records", async () => {
    calls = 0;
    // What a session refresh (and so every story decision) reads: no provider call at all.
    expect(await membershipClaims(billing, 'member')).toEqual({
      level: 'Premium',
      type: 'Individual',
      unclaimedAccountId: null,
    });
    expect(await billing.membershipOf('member')).toMatchObject({ status: 'ActiveRenewing' });
    expect(await billing.eligibilityOf('member')).toMatchObject({ isEligibleForUpgrade: false });
    expect(calls).toBe(0);
  });

  it('refuses a purchase before charging, saying nothing was charged', async () => {
    await expect(
      billing.purchase({
        userId: 'newcomer',
        email: 'newcomer@example.org',
        planCode: 'individuals_premium_yearly_v1',
        currency: 'GBP',
        country: 'GB',
        billingToken: 'tok',
        idempotencyKey: 'outage-key-0123456789',
      }),
    ).rejects.toThrow('you have not been charged');
    expect(await billing.repo.subscriptionsOf('newcomer')).toEqual([]);
  });
});
