import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { BillingUnavailableError } from '@bof/billing/billing-provider';
import { TEST_CARDS } from '@bof/billing/test-cards';
import { signWebhook } from '@bof/billing/webhook-signature';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { createBillingModule, type BillingModule } from './billing.module';
import { deliverSimulatorWebhooks } from './deliver-webhooks';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-billing-'));
let database: DatabaseHandle;
let billing: BillingModule;
let key: string;

beforeAll(async () => {
  database = await createTestDatabase();
  billing = createBillingModule({ env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database });
  key = readFileSync(path.join(dataDir, 'keys', 'billing-webhook-key'), 'utf8').trim();
});
afterAll(async () => {
  await billing?.settle();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function buy(userId: string) {
  const simulator = billing.simulator!;
  const token = await simulator.tokenize({
    number: TEST_CARDS.success,
    expMonth: 1,
    expYear: 2032,
    cvc: '999',
    firstName: 'A',
    lastName: 'B',
    postalCode: 'X',
    countryCode: 'GB',
  });
  const outcome = await simulator.purchase({
    accountCode: userId,
    email: `${userId}@example.org`,
    planCode: 'individuals_standard_yearly_trial_v1',
    currency: 'GBP',
    billingToken: token.id,
    idempotencyKey: `k-${userId}`,
    unitAmount: 25_000,
    country: 'GB',
    trialDays: 30,
  });
  if (outcome.kind !== 'purchased') throw new Error(outcome.kind);
  return outcome.subscription;
}

// Delivers the simulator's notifications straight into the endpoint's logic, signed as in production.
const deliverInProcess = () =>
  deliverSimulatorWebhooks({
    simulator: billing.simulator!,
    endpoint: 'http://in-process/',
    key,
    fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const receipt = await billing.receiveWebhook(
        String(init?.body),
        new Headers(init?.headers).get('recurly-signature'),
      );
      return new Response(null, { status: receipt.status });
    }) as typeof fetch,
  });

describe('Recurly webhooks', () => {
  it('a delivery the endpoint does not answer gives up in time, and its notification stays pending', async () => {
    await buy('hook-user-unanswered');
    const pending = (await billing.simulator!.pendingWebhooks()).length;
    expect(pending).toBeGreaterThan(0);
    let aborted = false;
    const delivered = await deliverSimulatorWebhooks({
      simulator: billing.simulator!,
      endpoint: 'http://never-answers/',
      key,
      timeoutMs: 50,
      fetch: ((_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(init.signal!.reason);
          }),
        )) as typeof fetch,
    });
    expect({ delivered, aborted }).toEqual({ delivered: 0, aborted: true });
    expect((await billing.simulator!.pendingWebhooks()).length).toBe(pending);
  });

  it('bring the product in step with the provider: created, then cancelled', async () => {
    const sub = await buy('hook-user-1');
    expect(await deliverInProcess()).toBeGreaterThan(0);
    expect(await billing.membershipOf('hook-user-1')).toMatchObject({
      level: 'Standard',
      status: 'ActiveTrial',
    });
    await billing.simulator!.cancel(sub.uuid);
    await deliverInProcess();
    expect((await billing.membershipOf('hook-user-1')).status).toBe('ActiveCanceled');
  });

  const notification = (uuid: string, id = `evt-${Math.random()}`, account = 'hook-user-2') =>
    JSON.stringify({
      id,
      object_type: 'subscription',
      site_id: 'simulator',
      event_type: 'canceled',
      event_time: new Date().toISOString(),
      uuid,
      account_code: account,
    });

  it('acknowledge a repeated delivery and ignore it', async () => {
    const sub = await buy('hook-user-2');
    const body = notification(sub.uuid, 'evt-repeat');
    const header = signWebhook(body, [key], new Date());
    expect(await billing.receiveWebhook(body, header)).toEqual({ status: 200, result: 'applied' });
    expect(await billing.receiveWebhook(body, header)).toEqual({ status: 200, result: 'duplicate' });
  });

  it('apply a delivery whose provider read failed when it is delivered again', async () => {
    const sub = await buy('hook-user-4');
    await deliverInProcess();
    await billing.simulator!.cancel(sub.uuid);
    let fail = true;
    const flaky = createBillingModule(
      { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database },
      {
        provider: {
          ...billing.provider,
          getSubscription: async (uuid) => {
            if (fail) throw new BillingUnavailableError('Recurly answered 503');
            return billing.provider.getSubscription(uuid);
          },
        },
      },
    );
    const body = notification(sub.uuid, 'evt-retried', 'hook-user-4');
    await expect(flaky.receiveWebhook(body, signWebhook(body, [key], new Date()))).rejects.toThrow('503');
    expect((await billing.repo.findSubscription(sub.uuid))?.state).toBe('ACTIVE');
    // The provider redelivers; this time the read succeeds and the change lands.
    fail = false;
    expect(await flaky.receiveWebhook(body, signWebhook(body, [key], new Date()))).toEqual({
      status: 200,
      result: 'applied',
    });
    expect((await billing.repo.findSubscription(sub.uuid))?.state).toBe('CANCELED');
  });

  it('never write an older state over a newer one (deliveries out of order or overlapping)', async () => {
    const sub = await buy('hook-user-5');
    await deliverInProcess();
    const before = (await billing.provider.getSubscription(sub.uuid))!;
    await billing.simulator!.cancel(sub.uuid);
    // One delivery read the subscription before the cancellation and is slow; a later one read after.
    const stale = createBillingModule(
      { env: parseServerEnv({ DATA_DIR: dataDir }), db: database.db, database },
      { provider: { ...billing.provider, getSubscription: async () => before } },
    );
    const late = notification(sub.uuid, 'evt-late', 'hook-user-5');
    const early = notification(sub.uuid, 'evt-early', 'hook-user-5');
    expect(await billing.receiveWebhook(early, signWebhook(early, [key], new Date()))).toMatchObject({
      result: 'applied',
    });
    expect(await stale.receiveWebhook(late, signWebhook(late, [key], new Date()))).toMatchObject({
      result: 'applied',
    });
    expect((await billing.repo.findSubscription(sub.uuid))?.state).toBe('CANCELED');
    // The same two at once, the stale read landing last, changes nothing either.
    const a = notification(sub.uuid, 'evt-a', 'hook-user-5');
    const b = notification(sub.uuid, 'evt-b', 'hook-user-5');
    await Promise.all([
      billing.receiveWebhook(a, signWebhook(a, [key], new Date())),
      stale.receiveWebhook(b, signWebhook(b, [key], new Date())),
    ]);
    expect(await billing.repo.findSubscription(sub.uuid)).toMatchObject({
      state: 'CANCELED',
      providerUpdatedAt: (await billing.provider.getSubscription(sub.uuid))!.updatedAt,
    });
  });

  it('refuse forged, stale, unsigned and malformed deliveries, changing nothing', async () => {
    const sub = await buy('hook-user-3');
    await billing.simulator!.cancel(sub.uuid);
    const body = notification(sub.uuid);
    const before = await billing.repo.findSubscription(sub.uuid);
    expect(await billing.receiveWebhook(body, signWebhook(body, ['not-our-key'], new Date()))).toEqual({
      status: 401,
      reason: 'signature mismatch',
    });
    expect(
      await billing.receiveWebhook(body, signWebhook(body, [key], new Date(Date.now() - 301_000))),
    ).toEqual({ status: 401, reason: 'signature stale' });
    expect(await billing.receiveWebhook(body, null)).toMatchObject({ status: 401 });
    expect(
      await billing.receiveWebhook(body.replace('canceled', 'expired'), signWebhook(body, [key], new Date())),
    ).toMatchObject({ status: 401 });
    expect(await billing.receiveWebhook('{"nope":1}', signWebhook('{"nope":1}', [key], new Date()))).toEqual({
      status: 400,
      reason: 'not a notification',
    });
    expect(await billing.repo.findSubscription(sub.uuid)).toEqual(before);
  });
});
