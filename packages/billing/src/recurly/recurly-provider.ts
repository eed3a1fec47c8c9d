import { createHash } from 'node:crypto';
import recurly from 'recurly';
import {
  BillingUnavailableError,
  type BillingInfo,
  type BillingProvider,
  type OneTimeChargeOutcome,
  type PlanChangePreview,
  type ProviderInvoice,
  type ProviderSubscription,
  type PurchaseOutcome,
  type PurchaseRequest,
} from '../billing-provider';
import { meaningOf, purchaseOutcomeOf, unavailable } from './recurly-errors';
import {
  toBillingInfo,
  toMajor,
  toPlanChangePreview,
  toProviderInvoice,
  toProviderSubscription,
} from './recurly-mapping';

/** The API version the adapter is written and recorded against (the client's 4.x line speaks it). */
export const RECURLY_API_VERSION = 'v2021-02-25';

export interface RecurlyProviderOptions {
  apiKey: string;
  /** The site's subdomain: hosted account pages live at `https://<subdomain>.recurly.com`. */
  subdomain: string;
  region?: 'us' | 'eu';
  /** How long one API call may take before the purchase fails closed. */
  timeoutMs?: number;
  now?: () => Date;
}

type RequestOptions = { headers?: Record<string, string>; params?: Record<string, unknown>; body?: unknown };

/** The client's calls the adapter makes, with the request options its typings leave out. */
interface RecurlyCalls {
  createSubscription(body: object, options?: RequestOptions): Promise<recurly.Subscription>;
  getSubscription(id: string): Promise<recurly.Subscription>;
  listAccountSubscriptions(account: string, options?: RequestOptions): recurly.Pager<recurly.Subscription>;
  cancelSubscription(id: string, options?: RequestOptions): Promise<recurly.Subscription>;
  reactivateSubscription(id: string): Promise<recurly.Subscription>;
  previewSubscriptionChange(id: string, body: object): Promise<recurly.SubscriptionChange>;
  createSubscriptionChange(
    id: string,
    body: object,
    options?: RequestOptions,
  ): Promise<recurly.SubscriptionChange>;
  getBillingInfo(account: string): Promise<recurly.BillingInfo>;
  updateBillingInfo(account: string, body: object): Promise<recurly.BillingInfo>;
  createCouponRedemption(account: string, body: object): Promise<recurly.CouponRedemption>;
  getInvoice(id: string): Promise<recurly.Invoice>;
  listAccountInvoices(account: string, options?: RequestOptions): recurly.Pager<recurly.Invoice>;
  getAccount(account: string): Promise<recurly.Account>;
  createPurchase(body: object, options?: RequestOptions): Promise<recurly.InvoiceCollection>;
  refundInvoice(id: string, body: object, options?: RequestOptions): Promise<recurly.Invoice>;
}

const accountId = (code: string) => `code-${code}`;
const subscriptionId = (uuid: string) => `uuid-${uuid}`;
const DAY_MS = 86_400_000;
const PAGE = { limit: 200 };

/** A change made at once: the plan, its price, and (an organisation's) the new seat count. */
function changeBody(input: { planCode: string; unitAmount: number; quantity?: number | undefined }) {
  const body: Record<string, unknown> = {
    timeframe: 'now',
    planCode: input.planCode,
    unitAmount: toMajor(input.unitAmount),
  };
  if (input.quantity !== undefined) body.quantity = input.quantity;
  return body;
}

async function all<T>(pager: recurly.Pager<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pager.each()) items.push(item);
  return items;
}

/**
 * Recurly's key for a purchase attempt: the product's key, made distinct for the retry that carries a
 * 3-D Secure result (the same key with a different request would be refused as a reuse).
 */
export function recurlyIdempotencyKey(key: string, threeDSecureResult?: string): string {
  if (!threeDSecureResult) return key;
  return `${key.slice(0, 80)}-3ds-${createHash('sha256').update(threeDSecureResult).digest('hex').slice(0, 24)}`;
}

/**
 * The BillingProvider on Recurly (API v2021-02-25, official client). Accounts are keyed by the product's
 * account code (the reader's user id). Card tokens come from Recurly.js; 3-D Secure is answered in the
 * browser by Recurly.js and the purchase is resent with the result token. Recurly prices tax (from the
 * billing address) and proration itself; upgrades are previewed by Recurly (`previewPlanChange`) and the
 * invoice a change made is read back, so the product can hold the charge to the preview. Any error other
 * than a decline or a challenge fails closed with BillingUnavailableError.
 */
export function createRecurlyProvider(
  options: RecurlyProviderOptions,
): BillingProvider & { kind: 'recurly' } {
  // The client's typings leave its HTTP adapter out; its default adapter takes a timeout.
  const { DefaultHttpAdapter } = recurly as unknown as {
    DefaultHttpAdapter: new (options: { timeout: number }) => object;
  };
  const client = new recurly.Client(options.apiKey, {
    region: options.region ?? 'us',
    httpAdapter: new DefaultHttpAdapter({ timeout: options.timeoutMs ?? 20_000 }),
  }) as unknown as RecurlyCalls;
  const now = options.now ?? (() => new Date());

  /** Runs a read that may find nothing: Recurly's 404 is `null`, any other error fails closed. */
  async function maybe<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      if (meaningOf(error).kind === 'not-found') return null;
      throw unavailable(error);
    }
  }

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** The subscription with its dunning state: in dunning while its active invoice is past due. */
  async function withDunning(
    sub: recurly.Subscription,
  ): Promise<{ subscription: ProviderSubscription; activeInvoice: recurly.Invoice | null }> {
    const activeInvoice =
      sub.activeInvoiceId && sub.state === 'active'
        ? await call(() => client.getInvoice(sub.activeInvoiceId!))
        : null;
    return {
      subscription: toProviderSubscription(sub, activeInvoice?.state === 'past_due'),
      activeInvoice,
    };
  }

  async function purchased(sub: recurly.Subscription): Promise<PurchaseOutcome> {
    const { subscription, activeInvoice } = await withDunning(sub);
    const ids = new Map([[sub.id ?? '', subscription.uuid]]);
    const invoice = activeInvoice ? toProviderInvoice(activeInvoice, ids) : null;
    // A trial is not charged: Recurly may still open a zero invoice, which is no charge.
    return { kind: 'purchased', subscription, invoice: invoice && invoice.total > 0 ? invoice : null };
  }

  const provider: BillingProvider & { kind: 'recurly' } = {
    kind: 'recurly',

    async purchase(request: PurchaseRequest): Promise<PurchaseOutcome> {
      // A retry whose first attempt went through (a lost answer) finds that subscription, not a new one.
      const live = await maybe(() =>
        all(
          client.listAccountSubscriptions(accountId(request.accountCode), {
            params: { ...PAGE, state: 'active' },
          }),
        ),
      );
      const earlier = (live ?? []).find((s) => s.plan?.code === request.planCode);
      if (earlier) return purchased(earlier);

      const billingInfo: Record<string, string> = { tokenId: request.billingToken };
      if (request.threeDSecureActionResultToken) {
        billingInfo.threeDSecureActionResultTokenId = request.threeDSecureActionResultToken;
      }
      const account: Record<string, unknown> = {
        code: request.accountCode,
        email: request.email,
        billingInfo,
      };
      if (request.company) {
        account.company = request.company.name;
        if (request.company.vatNumber) account.vatNumber = request.company.vatNumber;
        const address = request.company.address;
        if (address) {
          account.address = {
            street1: address.line1,
            ...(address.line2 ? { street2: address.line2 } : {}),
            city: address.city,
            postalCode: address.postalCode,
            country: address.country,
          };
        }
      }
      // The product verified the VAT number in the EU register: Recurly charges no tax on the account.
      if (request.reverseCharge) account.taxExempt = true;
      const body: Record<string, unknown> = {
        planCode: request.planCode,
        currency: request.currency,
        unitAmount: toMajor(request.unitAmount),
        account,
      };
      if (request.quantity !== undefined) body.quantity = request.quantity;
      if (request.trialDays > 0) {
        body.trialEndsAt = new Date(now().getTime() + request.trialDays * DAY_MS).toISOString();
      } else if (request.skipsPlanTrial) {
        // Recurly starts without a trial phase when trial_ends_at is now.
        body.trialEndsAt = now().toISOString();
      }
      let sub: recurly.Subscription;
      try {
        sub = await client.createSubscription(body, {
          headers: {
            'Idempotency-Key': recurlyIdempotencyKey(
              request.idempotencyKey,
              request.threeDSecureActionResultToken,
            ),
          },
        });
      } catch (error) {
        return purchaseOutcomeOf(error);
      }
      return purchased(sub);
    },

    async getBillingInfo(accountCode): Promise<BillingInfo | null> {
      const info = await maybe(() => client.getBillingInfo(accountId(accountCode)));
      return info ? toBillingInfo(info) : null;
    },

    async updateBillingInfo(accountCode, billingToken): Promise<BillingInfo> {
      return toBillingInfo(
        await call(() => client.updateBillingInfo(accountId(accountCode), { tokenId: billingToken })),
      );
    },

    async listSubscriptions(accountCode): Promise<ProviderSubscription[]> {
      const subs = await maybe(() =>
        all(client.listAccountSubscriptions(accountId(accountCode), { params: PAGE })),
      );
      const mapped = await Promise.all((subs ?? []).map(async (s) => (await withDunning(s)).subscription));
      return mapped.sort(
        (a, b) => a.activatedAt.getTime() - b.activatedAt.getTime() || a.uuid.localeCompare(b.uuid),
      );
    },

    async getSubscription(uuid): Promise<ProviderSubscription | null> {
      const sub = await maybe(() => client.getSubscription(subscriptionId(uuid)));
      return sub ? (await withDunning(sub)).subscription : null;
    },

    async previewPlanChange(input: {
      uuid: string;
      planCode: string;
      unitAmount: number;
      quantity?: number;
    }): Promise<PlanChangePreview> {
      const change = await call(() =>
        client.previewSubscriptionChange(subscriptionId(input.uuid), changeBody(input)),
      );
      return toPlanChangePreview(change);
    },

    async changePlan(input) {
      const change = await call(() =>
        client.createSubscriptionChange(subscriptionId(input.uuid), changeBody(input), {
          headers: { 'Idempotency-Key': input.idempotencyKey },
        }),
      );
      const sub = await call(() => client.getSubscription(subscriptionId(input.uuid)));
      const { subscription, activeInvoice } = await withDunning(sub);
      // A change during a free trial makes no invoice: nothing was charged.
      const chargeId = change.invoiceCollection?.chargeInvoice?.id;
      if (!chargeId) return { subscription, invoice: null };
      // The invoice as Recurly holds it now (not the change's copy): its state and what the card paid.
      const charged =
        activeInvoice?.id === chargeId ? activeInvoice : await call(() => client.getInvoice(chargeId));
      const invoice = toProviderInvoice(charged, new Map([[sub.id ?? '', subscription.uuid]]));
      return { subscription, invoice };
    },

    async cancel(uuid): Promise<ProviderSubscription> {
      try {
        const sub = await client.cancelSubscription(subscriptionId(uuid), {
          body: { timeframe: 'term_end' },
        });
        return (await withDunning(sub)).subscription;
      } catch (error) {
        // Cancelling twice: Recurly refuses the second; the subscription is already what was asked.
        const again = await provider.getSubscription(uuid).catch(() => null);
        if (again && again.state !== 'ACTIVE') return again;
        throw unavailable(error);
      }
    },

    async reactivate(uuid): Promise<ProviderSubscription> {
      try {
        return (await withDunning(await client.reactivateSubscription(subscriptionId(uuid)))).subscription;
      } catch (error) {
        // Resuming twice: Recurly refuses the second; the subscription is already what was asked.
        const again = await provider.getSubscription(uuid).catch(() => null);
        if (again?.state === 'ACTIVE') return again;
        throw unavailable(error);
      }
    },

    async redeemCoupon(input): Promise<ProviderSubscription> {
      const sub = await call(() => client.getSubscription(subscriptionId(input.uuid)));
      const current = (await withDunning(sub)).subscription;
      if (current.couponCodes.includes(input.couponCode)) return current;
      // The coupon itself (its percentage and duration) is configured in Recurly under this code.
      await call(() =>
        client.createCouponRedemption(accountId(current.accountCode), {
          couponId: `code-${input.couponCode}`,
          currency: current.currency,
          subscriptionId: sub.id,
        }),
      );
      const updated = await provider.getSubscription(input.uuid);
      if (!updated)
        throw new BillingUnavailableError('The subscription disappeared while applying the coupon.');
      return updated;
    },

    async listInvoices(accountCode): Promise<ProviderInvoice[]> {
      const invoices = await maybe(() =>
        all(client.listAccountInvoices(accountId(accountCode), { params: { ...PAGE, type: 'charge' } })),
      );
      if (!invoices || invoices.length === 0) return [];
      const subs = await call(() =>
        all(client.listAccountSubscriptions(accountId(accountCode), { params: PAGE })),
      );
      const uuidById = new Map(subs.map((s) => [s.id ?? '', s.uuid ?? '']));
      return invoices
        .map((i) => toProviderInvoice(i, uuidById))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    },

    async chargeOnce(request): Promise<OneTimeChargeOutcome> {
      const billingInfo: Record<string, string> = { tokenId: request.billingToken };
      if (request.threeDSecureActionResultToken) {
        billingInfo.threeDSecureActionResultTokenId = request.threeDSecureActionResultToken;
      }
      // A purchase of one one-time line item: Recurly charges the token and opens one charge invoice.
      const body = {
        currency: request.currency,
        account: { code: request.accountCode, email: request.email, billingInfo },
        lineItems: [
          {
            type: 'charge',
            currency: request.currency,
            unitAmount: toMajor(request.amount),
            quantity: 1,
            description: request.description,
          },
        ],
      };
      let collection: recurly.InvoiceCollection;
      try {
        collection = await client.createPurchase(body, {
          headers: {
            'Idempotency-Key': recurlyIdempotencyKey(
              request.idempotencyKey,
              request.threeDSecureActionResultToken,
            ),
          },
        });
      } catch (error) {
        const outcome = purchaseOutcomeOf(error);
        if (outcome.kind === 'purchased') throw unavailable(error);
        return outcome;
      }
      const invoice = collection.chargeInvoice;
      if (!invoice?.id)
        throw new BillingUnavailableError('Recurly answered the purchase without a charge invoice.');
      return {
        kind: 'charged',
        charge: { chargeId: invoice.id, amount: request.amount, currency: request.currency },
      };
    },

    async refundCharge(input): Promise<{ refunded: number }> {
      const invoice = await call(() => client.getInvoice(input.chargeId));
      // Refunded already (a retry whose answer was lost): nothing is left to give back.
      const refundable = invoice.refundableAmount ?? 0;
      if (refundable <= 0) return { refunded: 0 };
      await call(() =>
        client.refundInvoice(
          input.chargeId,
          { type: 'amount', amount: refundable },
          { headers: { 'Idempotency-Key': input.idempotencyKey } },
        ),
      );
      return { refunded: Math.round(refundable * 100) };
    },

    async accountManagementUrl(accountCode): Promise<string | null> {
      const account = await maybe(() => client.getAccount(accountId(accountCode)));
      if (!account?.hostedLoginToken) return null;
      return `https://${options.subdomain}.recurly.com/account/${account.hostedLoginToken}`;
    },
  };
  return provider;
}
