import type { Currency } from '@bof/config/constants';
import {
  BillingUnavailableError,
  PaymentDeclinedError,
  type BillingProvider,
} from '@bof/billing/billing-provider';
import { findPlan, type Plan } from '@bof/billing/plans';
import { formatMoney } from '@bof/billing/pricing';
import { upgradePreviewOf, type SubscriptionUpgradePreview } from '@bof/billing/proration';
import { seatPriceOf, seatRange, type SeatPrice } from '@bof/billing/seat-pricing';
import { SeatAllocationError } from '../../errors/seat-allocation-error';
import { SubscriptionUpgradeError } from '../../errors/subscription-errors';
import { claimAttempt, outageMessage, type ClaimDeps } from '../billing/purchase-claim';
import type {
  OrganisationAccountRecord,
  OrganisationSubscriptionRecord,
  OrganisationsRepo,
} from './organisations.repo';
import { requireOrganisationRole, type Requester } from './organisations.service';

export interface SeatPurchaseDeps {
  repo: Pick<OrganisationsRepo, 'seatOf' | 'findAccount' | 'subscriptionsOf' | 'recordSeatPurchase'>;
  provider: Pick<BillingProvider, 'previewPlanChange' | 'changePlan' | 'getSubscription' | 'listInvoices'>;
  /** The billing module's purchase claims: one attempt in flight per reader, one answer per key. */
  claims: ClaimDeps;
}

/** What buying `seats` more seats costs now, and what the account then holds. */
export interface SeatPurchasePreview {
  accountId: string;
  /** The seats to buy now. */
  seats: number;
  /** The seats the account holds after the purchase. */
  totalSeats: number;
  /** One seat's yearly price, before tax, at the band of the new total (every seat at that band). */
  unitAmount: number;
  /** The prorated charge for the rest of the term (`dueToday`) and the yearly price from renewal. */
  preview: SubscriptionUpgradePreview;
}

export interface SeatPurchaseReceipt {
  account: OrganisationAccountRecord;
  seatsBought: number;
  amountCharged: number;
  currency: Currency;
  invoiceId: string | null;
}

interface CompanyDetails {
  billingAddress?: { country?: string };
  reverseCharge?: boolean;
}

const refuseSeats = (message: string) => new SeatAllocationError('INVALID_SEAT_REQUEST', message);

/**
 * The account (an OWNER only: ADMIN, USER and anyone else get the same UnauthorizedError), its live
 * subscription and the price of `seats` more seats: the tier of the new total prices every seat, the
 * provider prorates the change over the rest of the term (its proration and tax).
 */
async function priceSeats(
  deps: SeatPurchaseDeps,
  requester: Requester,
  input: { accountId: string; seats: number },
): Promise<{
  account: OrganisationAccountRecord;
  subscription: OrganisationSubscriptionRecord;
  plan: Plan;
  price: SeatPrice;
  quote: SeatPurchasePreview;
}> {
  await requireOrganisationRole(deps, input.accountId, requester.userId, ['OWNER']);
  if (!Number.isInteger(input.seats) || input.seats < 1) {
    throw refuseSeats('Choose how many seats to add: one or more.');
  }
  const account = await deps.repo.findAccount(input.accountId);
  const subscription = account
    ? (await deps.repo.subscriptionsOf(account.id)).filter((s) => s.state === 'ACTIVE').at(-1)
    : undefined;
  const plan = subscription ? findPlan(subscription.planCode) : undefined;
  if (!account || !subscription || !plan?.seatTiers) {
    throw new SubscriptionUpgradeError(
      'This organisation has no active subscription to add seats to.',
      'NO_CURRENT_SUBSCRIPTION',
    );
  }
  if (subscription.isInDunning) {
    throw new SubscriptionUpgradeError(
      "The organisation's last payment failed. Update the card before buying more seats.",
      'NO_CURRENT_SUBSCRIPTION',
    );
  }
  const totalSeats = account.purchasedSeats + input.seats;
  const range = seatRange(plan)!;
  const details = (account.companyDetails ?? {}) as CompanyDetails;
  const currency = subscription.currency as Currency;
  const country = details.billingAddress?.country ?? '';
  const price = seatPriceOf(plan, totalSeats, currency, country, details.reverseCharge === true);
  if (!price) {
    throw refuseSeats(
      `An account can hold at most ${range.max} seats online (it has ${account.purchasedSeats}); for a larger team, talk to us.`,
    );
  }
  let priced;
  try {
    priced = await deps.provider.previewPlanChange({
      uuid: subscription.id,
      planCode: plan.code,
      unitAmount: price.unitAmount,
      quantity: totalSeats,
    });
  } catch (error) {
    console.error('Billing provider could not price a seat purchase', error);
    throw new SubscriptionUpgradeError(outageMessage(false), 'BILLING_UNAVAILABLE');
  }
  return {
    account,
    subscription,
    plan,
    price,
    quote: {
      accountId: account.id,
      seats: input.seats,
      totalSeats,
      unitAmount: price.unitAmount,
      preview: upgradePreviewOf(currency, price.itemPrice, price.taxInfo, priced),
    },
  };
}

/**
 * What buying `seats` more seats costs today (prorated to the end of the paid year) and from renewal.
 * @throws UnauthorizedError (not an OWNER of the account), SeatAllocationError INVALID_SEAT_REQUEST
 * (0 or fewer, or a total above the plan's largest band), SubscriptionUpgradeError (no live
 * subscription, the provider unreachable).
 */
export async function previewOrganisationSeatPurchase(
  deps: SeatPurchaseDeps,
  requester: Requester,
  input: { accountId: string; seats: number },
): Promise<SeatPurchasePreview> {
  return (await priceSeats(deps, requester, input)).quote;
}

/**
 * Buys `seats` more seats at once, charging the prorated amount the owner confirmed
 * (`expectedDueToday`, the preview's `dueToday`), once per idempotency key: the same claim as an
 * individual upgrade. The provider prices it again first; a different price charges nothing and asks
 * the owner to confirm again. The account's purchased seats rise with the provider's answer, in one
 * transaction.
 * @throws as `previewOrganisationSeatPurchase`, and SubscriptionUpgradeError for a changed price, a
 * declined card, an outage or a key used for something else.
 */
export async function purchaseOrganisationSeats(
  deps: SeatPurchaseDeps,
  requester: Requester,
  input: { accountId: string; seats: number; idempotencyKey: string; expectedDueToday: number },
): Promise<SeatPurchaseReceipt> {
  // Who may buy, and a sensible count, are checked before anything is claimed.
  await requireOrganisationRole(deps, input.accountId, requester.userId, ['OWNER']);
  if (!Number.isInteger(input.seats) || input.seats < 1) {
    throw refuseSeats('Choose how many seats to add: one or more.');
  }
  const account = await deps.repo.findAccount(input.accountId);
  const claim = await claimAttempt(
    deps.claims,
    {
      idempotencyKey: input.idempotencyKey,
      userId: requester.userId,
      kind: 'upgrade',
      planCode: account?.planCode ?? '',
      currency: (await deps.repo.subscriptionsOf(input.accountId)).at(-1)?.currency ?? '',
      requestDigest: `seats:${input.accountId}:${input.seats}`,
    },
    { declinedIsFinal: false },
  );
  if (claim.kind === 'mismatch') {
    throw new SubscriptionUpgradeError(
      claim.reason === 'different-request'
        ? 'This payment was already used to buy a different number of seats. Reload the page to start again.'
        : 'This payment was already used.',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  if (claim.kind === 'busy') {
    throw new SubscriptionUpgradeError(
      'Your payment is still being processed. Please wait a moment.',
      'UPGRADE_IN_PROGRESS',
    );
  }
  if (claim.kind === 'settled') {
    const { earlier } = claim;
    if (earlier.status === 'declined') {
      throw new SubscriptionUpgradeError(earlier.message ?? 'Declined.', 'PAYMENT_DECLINED');
    }
    return {
      account: (await deps.repo.findAccount(input.accountId))!,
      seatsBought: input.seats,
      amountCharged: earlier.amountCharged ?? 0,
      currency: earlier.currency as Currency,
      invoiceId: earlier.invoiceId,
    };
  }
  const settle = deps.claims.repo.settlePurchase;

  const earlier = claim.earlier;
  if (earlier && (earlier.status === 'failed' || earlier.status === 'pending')) {
    // A retry after a lost answer: if the provider made the change, that charge is the answer.
    const resolved = await resolveLostSeatPurchase(deps, input, earlier.createdAt).catch(() => null);
    if (resolved) return resolved;
  }

  let priced;
  try {
    priced = await priceSeats(deps, requester, input);
  } catch (error) {
    await settle(input.idempotencyKey, { status: 'refused', message: String(error) });
    throw error;
  }
  const { subscription, plan, price, quote } = priced;
  if (quote.preview.dueToday !== input.expectedDueToday) {
    const message = `The price of these seats is now ${formatMoney(quote.preview.dueToday, quote.preview.currency)}. Please review it and confirm again.`;
    await settle(input.idempotencyKey, { status: 'refused', message });
    throw new SubscriptionUpgradeError(message, 'PRICE_CHANGED');
  }

  let result;
  try {
    result = await deps.provider.changePlan({
      uuid: subscription.id,
      planCode: plan.code,
      unitAmount: price.unitAmount,
      quantity: quote.totalSeats,
      idempotencyKey: input.idempotencyKey,
    });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await settle(input.idempotencyKey, { status: 'declined', message: error.message });
      throw new SubscriptionUpgradeError(error.message, 'PAYMENT_DECLINED');
    }
    const mayHaveCharged = !(error instanceof BillingUnavailableError) || error.mayHaveCharged;
    await settle(input.idempotencyKey, {
      status: mayHaveCharged ? 'failed' : 'refused',
      message: String(error),
    });
    console.error('Billing provider seat purchase failed', error);
    throw new SubscriptionUpgradeError(
      outageMessage(mayHaveCharged),
      mayHaveCharged ? 'PAYMENT_UNCONFIRMED' : 'BILLING_UNAVAILABLE',
    );
  }
  const amountCharged = result.invoice?.paid ?? 0;
  if (amountCharged !== input.expectedDueToday) {
    console.error(
      `Seat purchase ${input.idempotencyKey} charged ${amountCharged}, the owner confirmed ${input.expectedDueToday}`,
    );
  }
  const updated = await deps.repo.recordSeatPurchase({
    accountId: input.accountId,
    sub: result.subscription,
    seats: quote.totalSeats,
    itemPrice: price.itemPrice,
    taxAmount: price.taxAmount,
  });
  await settle(input.idempotencyKey, {
    status: 'succeeded',
    subscriptionUuid: subscription.id,
    amountCharged,
    invoiceId: result.invoice?.id ?? null,
  });
  return {
    account: updated,
    seatsBought: input.seats,
    amountCharged,
    currency: quote.preview.currency,
    invoiceId: result.invoice?.id ?? null,
  };
}

/**
 * The seats a lost answer bought, read back from the provider: its subscription holds the count this
 * attempt asked for (or the count the account already shows, a webhook having brought it in), changed
 * since the attempt began. Null when the provider made no such change.
 */
async function resolveLostSeatPurchase(
  deps: SeatPurchaseDeps,
  input: { accountId: string; seats: number; idempotencyKey: string },
  attemptedAt: Date,
): Promise<SeatPurchaseReceipt | null> {
  const since = attemptedAt.getTime() - 5 * 60_000;
  const account = await deps.repo.findAccount(input.accountId);
  const subscription = (await deps.repo.subscriptionsOf(input.accountId)).at(-1);
  if (!account || !subscription) return null;
  const live = await deps.provider.getSubscription(subscription.id);
  if (!live || live.updatedAt.getTime() < since) return null;
  const quantity = live.quantity ?? 1;
  if (quantity !== account.purchasedSeats + input.seats && quantity !== account.purchasedSeats) return null;
  const invoice = (await deps.provider.listInvoices(input.accountId))
    .filter((i) => i.subscriptionUuid === live.uuid && i.createdAt.getTime() >= since)
    .at(-1);
  // The account showing the count already is this purchase only when the provider charged for it.
  if (quantity === account.purchasedSeats && !invoice) return null;
  const plan = findPlan(live.planCode);
  const details = (account.companyDetails ?? {}) as CompanyDetails;
  const price = plan
    ? seatPriceOf(
        plan,
        quantity,
        live.currency,
        details.billingAddress?.country ?? '',
        details.reverseCharge === true,
      )
    : null;
  const updated = await deps.repo.recordSeatPurchase({
    accountId: input.accountId,
    sub: live,
    seats: quantity,
    itemPrice: price?.itemPrice ?? live.unitAmount * quantity,
    taxAmount: price?.taxAmount ?? subscription.taxAmount,
  });
  await deps.claims.repo.settlePurchase(input.idempotencyKey, {
    status: 'succeeded',
    subscriptionUuid: live.uuid,
    amountCharged: invoice?.paid ?? 0,
    invoiceId: invoice?.id ?? null,
    message: 'resolved from the provider records after a lost answer',
  });
  return {
    account: updated,
    seatsBought: input.seats,
    amountCharged: invoice?.paid ?? 0,
    currency: live.currency,
    invoiceId: invoice?.id ?? null,
  };
}
