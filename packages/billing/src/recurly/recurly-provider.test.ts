import { readdirSync } from 'node:fs';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { BillingUnavailableError, type PurchaseRequest } from '../billing-provider';
import { runBillingProviderSuite, type TestCard } from '../provider-suite';
import { createRecurlyProvider, recurlyIdempotencyKey } from './recurly-provider';
import {
  RECORDINGS_DIR,
  checkRecordedResponse,
  loadRecording,
  replayRecording,
  type Recording,
  type Replay,
} from './replay-recording';

/** Recurly.js tokens for the test cards in the recordings (Recurly.js makes them in the reader's browser). */
const TOKENS: Record<TestCard, string> = {
  success: 'pM7vJ0zRl2qXk8SfN3TbWa',
  declined: 'd4XcQw9LrT0mYk2HsV7bNe',
  'three-d-secure': 'H2kVn8QsX5cLb0RwT9eJmA',
};
/** What Recurly.js hands back when the reader passes the bank's challenge in the recordings. */
const CHALLENGE_RESULT = 'Rz8JpQ1mXv4NsK7eT2wLcA';
const START = new Date('2026-11-22T12:00:00Z');

const provider = () =>
  createRecurlyProvider({
    apiKey: 'replay-0123456789abcdef0123456789ab',
    subdomain: 'bof-fashion',
    now: () => START,
  });

runBillingProviderSuite('Recurly (recorded exchanges)', async (caseName) => {
  const replay = replayRecording(loadRecording(caseName));
  return {
    provider: provider(),
    cardToken: async (card) => TOKENS[card],
    completeChallenge: async (_actionTokenId, outcome) => (outcome === 'pass' ? CHALLENGE_RESULT : null),
    close: async () => {
      try {
        replay.assertDone();
      } finally {
        replay.stop();
      }
    },
  };
});

const purchase: PurchaseRequest = {
  accountCode: 'acct-1',
  email: 'ada@example.org',
  planCode: 'individuals_premium_yearly_v1',
  currency: 'GBP',
  billingToken: TOKENS.success,
  idempotencyKey: 'purchase-key-1',
  unitAmount: 45_000,
  country: 'GB',
  trialDays: 0,
};

describe('Recurly adapter', () => {
  let replay: Replay | null = null;
  afterEach(() => {
    replay?.stop();
    replay = null;
  });
  const play = (recording: Recording | string) => {
    replay = replayRecording(typeof recording === 'string' ? loadRecording(recording) : recording);
    return replay;
  };

  it("gives the hosted account page address with the account's login token", async () => {
    const r = play('account-management-url');
    expect(await provider().accountManagementUrl('acct-1')).toBe(
      'https://bof-fashion.recurly.com/account/a8f3c2e91b7d4f06a5c3e8b2d1f09c47',
    );
    r.assertDone();
  });

  it('fails closed when Recurly is unavailable', async () => {
    const r = play('purchase-outage');
    await expect(provider().purchase(purchase)).rejects.toBeInstanceOf(BillingUnavailableError);
    r.assertDone();
  });

  it('fails closed when rate limited', async () => {
    const r = play('rate-limited');
    await expect(provider().getSubscription('6b3c0f8e2d1a4c9b8e7f6a5d4c3b2a19')).rejects.toThrow(
      /Recurly answered 429 \(rate_limited\)/,
    );
    r.assertDone();
  });

  it('fails closed when the network fails', async () => {
    // Nothing is intercepted and the network is closed: the request fails as an unreachable host would.
    nock.disableNetConnect();
    try {
      await expect(provider().purchase(purchase)).rejects.toThrow(/could not be reached \(ENETUNREACH\)/);
    } finally {
      nock.enableNetConnect();
    }
  });

  it("starts a plan's configured trial at once for a reader without one (trial_ends_at now)", async () => {
    const r = play('purchase-without-trial');
    const outcome = await provider().purchase({
      ...purchase,
      planCode: 'individuals_standard_yearly_trial_v1',
      unitAmount: 25_000,
      skipsPlanTrial: true,
    });
    expect(outcome).toMatchObject({
      kind: 'purchased',
      subscription: { planCode: 'individuals_standard_yearly_trial_v1', trialEndsAt: null },
      invoice: { total: 30_000, paid: 30_000 },
    });
    r.assertDone();
  });

  it('declines a Recurly.js token that expired, asking for the card again', async () => {
    const r = play('purchase-invalid-token');
    expect(await provider().purchase(purchase)).toEqual({
      kind: 'declined',
      message: 'The card details have expired. Please enter them again.',
    });
    r.assertDone();
  });

  it('treats a request Recurly finds invalid (not the card) as an outage, charging nothing', async () => {
    const r = play('purchase-unknown-plan');
    await expect(provider().purchase(purchase)).rejects.toThrow(
      /Recurly refused the request: Plan code is invalid/,
    );
    r.assertDone();
  });

  it('makes the 3-D Secure retry a request of its own for Recurly, stable for the same result', () => {
    expect(recurlyIdempotencyKey('k1')).toBe('k1');
    expect(recurlyIdempotencyKey('k1', 'result-a')).toBe(recurlyIdempotencyKey('k1', 'result-a'));
    expect(recurlyIdempotencyKey('k1', 'result-a')).not.toBe(recurlyIdempotencyKey('k1', 'result-b'));
    expect(recurlyIdempotencyKey('k1', 'result-a')).toMatch(/^k1-3ds-[0-9a-f]{24}$/);
  });
});

describe('Recurly adapter: one-time charges (event tickets)', () => {
  let replay: Replay | null = null;
  afterEach(() => {
    try {
      replay?.assertDone();
    } finally {
      replay?.stop();
      replay = null;
    }
  });
  const charge = (billingToken: string, idempotencyKey: string, threeDSecureActionResultToken?: string) =>
    provider().chargeOnce({
      accountCode: 'acct-1',
      email: 'ada@example.org',
      currency: 'GBP',
      amount: 9_000,
      description: '2 × Standard ticket, Fashion Futures Summit',
      billingToken,
      idempotencyKey,
      ...(threeDSecureActionResultToken ? { threeDSecureActionResultToken } : {}),
    });

  it('charges the card through a purchase of one charge line, the charge being its invoice', async () => {
    replay = replayRecording(loadRecording('charge-once'));
    expect(await charge(TOKENS.success, 'order-key-1')).toEqual({
      kind: 'charged',
      charge: { chargeId: 'o7kt1c2h3a4b', amount: 9_000, currency: 'GBP' },
    });
  });

  it('answers a declined card as declined, charging nothing', async () => {
    replay = replayRecording(loadRecording('charge-once-declined'));
    expect(await charge(TOKENS.declined, 'order-key-2')).toMatchObject({
      kind: 'declined',
      message: expect.stringContaining('declined'),
    });
  });

  it("asks for the bank's challenge, then charges with its result under a key of its own", async () => {
    replay = replayRecording(loadRecording('charge-once-three-d-secure'));
    expect(await charge(TOKENS['three-d-secure'], 'order-key-3')).toMatchObject({
      kind: 'three-d-secure',
      actionTokenId: 'wb3Pjo7Xx2RjyDZXnLCBpQ',
    });
    expect(await charge(TOKENS['three-d-secure'], 'order-key-3', CHALLENGE_RESULT)).toMatchObject({
      kind: 'charged',
      charge: { chargeId: 'o7kt1c2h3a4b' },
    });
  });

  it('refunds what is refundable, and nothing more when asked again', async () => {
    replay = replayRecording(loadRecording('refund-charge'));
    const input = { chargeId: 'o7kt1c2h3a4b', idempotencyKey: 'refund-key-1' };
    expect(await provider().refundCharge(input)).toEqual({ refunded: 9_000 });
    expect(await provider().refundCharge(input)).toEqual({ refunded: 0 });
  });
});

describe('replaying recorded exchanges', () => {
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('fails when the request body disagrees with the recording', async () => {
    const replay = replayRecording(loadRecording('purchase-success'));
    await expect(
      provider().purchase({ ...purchase, planCode: 'executive_allaccess_yearly_v1' }),
    ).rejects.toBeInstanceOf(BillingUnavailableError);
    expect(() => replay.assertDone()).toThrow(/request 2 \(POST \/subscriptions\): expected the body/);
    replay.stop();
  });

  it('fails when the path, or a recorded header, disagrees', async () => {
    const replay = replayRecording(loadRecording('purchase-success'));
    await provider()
      .purchase({ ...purchase, accountCode: 'acct-2' })
      .catch(() => undefined);
    expect(() => replay.assertDone()).toThrow(/expected GET \/accounts\/code-acct-1\/subscriptions/);
    replay.stop();
    const again = replayRecording(loadRecording('purchase-success'));
    await provider()
      .purchase({ ...purchase, idempotencyKey: 'another-key' })
      .catch(() => undefined);
    expect(() => again.assertDone()).toThrow(/expected header idempotency-key: purchase-key-1/);
    again.stop();
  });

  it('fails when recorded exchanges are left unused', async () => {
    const replay = replayRecording(loadRecording('purchase-success'));
    await provider().purchase(purchase);
    expect(() => replay.assertDone()).toThrow(/exchanges never requested: GET \/subscriptions\/uuid-/);
    replay.stop();
  });

  it('refuses a recording for another API version', () => {
    expect(() =>
      replayRecording({ ...loadRecording('purchase-success'), apiVersion: 'v2019-10-10' }),
    ).toThrow(/recording for v2019-10-10/);
  });

  it("checks every recorded answer against the client's v2021-02-25 schema, strictly", () => {
    const files = readdirSync(RECORDINGS_DIR).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(16);
    for (const file of files) {
      const recording = loadRecording(file.replace(/\.json$/, ''));
      recording.exchanges.forEach((exchange, i) => checkRecordedResponse(exchange, `${file} #${i + 1}`));
    }
    const [exchange] = loadRecording('account-management-url').exchanges;
    const invented = { ...exchange!, response: { status: 200, body: { object: 'account', loginUrl: 'x' } } };
    expect(() => checkRecordedResponse(invented, 'invented')).toThrow(/could not find schema property/);
    const mistyped = { ...exchange!, response: { status: 200, body: { object: 'account', address: 'N1' } } };
    expect(() => checkRecordedResponse(mistyped, 'mistyped')).toThrow(/could not map value pair/);
  });
});
