import { createHash } from 'node:crypto';
import type { Currency } from '@bof/config/constants';
import type { MembershipLevel } from '@bof/config/enums';
import { BillingUnavailableError, type BillingProvider } from '@bof/billing/billing-provider';
import { findPlan, type Plan } from '@bof/billing/plans';
import { currencyRefusal } from '@bof/billing/pricing';
import { seatPriceOf, seatRange, type SeatPrice } from '@bof/billing/seat-pricing';
import { FieldValidationError } from '../../errors/field-validation-error';
import { SeatAllocationError } from '../../errors/seat-allocation-error';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
} from '../../errors/subscription-errors';
import { claimAttempt, outageMessage, type ClaimDeps } from '../billing/purchase-claim';
import type { OrganisationAccountRecord, OrganisationsRepo } from './organisations.repo';
import type { PurchaseOrganisationInput } from './purchase-organisation.inputs';
import type { VatValidation } from './vat';

export interface PurchaseOrganisationDeps {
  /** The billing module's purchase claims: one attempt in flight per reader, one answer per key. */
  claims: ClaimDeps;
  provider: Pick<BillingProvider, 'purchase' | 'listSubscriptions'>;
  repo: Pick<OrganisationsRepo, 'createAccount' | 'findAccount'>;
  validateVat: (vatNumber: string) => Promise<VatValidation>;
  newId: () => string;
}

export interface Buyer {
  userId: string;
  email: string;
}

/**
 * The organisation account a purchase attempt creates: the same id for every retry of the attempt, so a
 * retry after a lost answer finds the provider account (and the subscription) the first try made.
 */
export function organisationAccountIdFor(userId: string, idempotencyKey: string): string {
  return `org-${createHash('sha256').update(`${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * What an organisation purchase asks for beyond its plan and currency, as stored with its claim: a
 * second try under the same key must ask for the same seats, VAT number and billing country, or it is
 * refused (never answered with what the first try bought).
 */
export function organisationPurchaseDigest(
  input: Pick<PurchaseOrganisationInput, 'seats' | 'currency' | 'vatNumber' | 'billingAddress'>,
): string {
  return `organisation:${input.seats}:${input.currency}:${input.vatNumber ?? ''}:${input.billingAddress.country}`;
}

/** The plan sold by the seat on the organisations payment page, or PURCHASE_ERROR. */
function organisationPlan(code: string): Plan {
  const plan = findPlan(code);
  if (!plan || plan.channel !== 'organisation' || !plan.seatTiers) {
    throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'That plan is not sold to organisations here.');
  }
  return plan;
}

const fieldError = (path: string[], code: string, message: string) =>
  new FieldValidationError([{ path: ['input', ...path], code, message }]);

/**
 * Whether the purchase is reverse-charged: a VAT number the EU register confirms, of the country the
 * organisation is billed in, outside the seller's country. A number that is not valid is refused before
 * anything is charged; one the register could not check now is charged VAT (never a false "valid").
 */
async function reverseChargeFor(
  deps: Pick<PurchaseOrganisationDeps, 'validateVat'>,
  vatNumber: string | null,
  country: string,
): Promise<boolean> {
  if (!vatNumber) return false;
  const vat = await deps.validateVat(vatNumber);
  if (vat.status === 'INVALID') throw fieldError(['vatNumber'], 'invalid_vat_number', vat.message);
  // Greek numbers start EL; the address says GR.
  if (vat.countryCode && vat.countryCode !== country) {
    throw fieldError(
      ['vatNumber'],
      'vat_country_mismatch',
      `This VAT number is registered in ${vat.countryCode}, but the billing address is in ${country}. Use the address the number is registered at.`,
    );
  }
  return vat.status === 'VALID' && vat.reverseCharge;
}

/**
 * Buys an organisation plan: `seats` seats for a company, the buyer becoming its OWNER on the first
 * seat. Checked before anything is charged: the seat count against the plan's tiers, the currency, the
 * VAT number (reverse charge when the EU register confirms it). Then the same idempotent claim as an
 * individual purchase: the attempt is recorded under its key before the provider is called, so a double
 * submit or a retry after a lost answer charges once and creates one account.
 * @throws SeatAllocationError (INVALID_SEAT_REQUEST), FieldValidationError (vatNumber),
 * SubscriptionPurchaseError, SubscriptionPurchase3DSSecureError.
 */
export async function purchaseOrganisationSubscription(
  deps: PurchaseOrganisationDeps,
  buyer: Buyer,
  input: PurchaseOrganisationInput,
): Promise<OrganisationAccountRecord> {
  const plan = organisationPlan(input.planCode);
  const range = seatRange(plan)!;
  const currency: Currency = input.currency;
  const country = input.billingAddress.country;
  if (!seatPriceOf(plan, input.seats, currency, country)) {
    throw new SeatAllocationError(
      'INVALID_SEAT_REQUEST',
      `Choose between ${range.min} and ${range.max} seats; for a larger team, talk to us.`,
    );
  }
  const refusal = currencyRefusal(currency, country);
  if (refusal) throw new SubscriptionPurchaseError('INVALID_CURRENCY', refusal);
  const reverseCharge = await reverseChargeFor(deps, input.vatNumber, country);
  const price = seatPriceOf(plan, input.seats, currency, country, reverseCharge)!;

  const accountId = organisationAccountIdFor(buyer.userId, input.idempotencyKey);
  const claim = await claimAttempt(deps.claims, {
    idempotencyKey: input.idempotencyKey,
    userId: buyer.userId,
    kind: 'purchase',
    planCode: plan.code,
    currency,
    requestDigest: organisationPurchaseDigest(input),
  });
  switch (claim.kind) {
    case 'mismatch':
      throw new SubscriptionPurchaseError(
        'TRANSACTION_ERROR',
        claim.reason === 'different-request'
          ? 'This payment was already used for a purchase with other terms (seats, currency, VAT number or country). Nothing more was charged: reload the page to start a new purchase.'
          : 'This payment was already used for another purchase.',
      );
    case 'busy':
      throw new SubscriptionPurchaseError(
        'TRANSACTION_ERROR',
        'Your payment is still being processed. Please wait a moment.',
      );
    case 'settled': {
      if (claim.earlier.status === 'declined') {
        throw new SubscriptionPurchaseError(
          'PURCHASE_ERROR',
          claim.earlier.message ?? 'Your card was declined.',
        );
      }
      const done = await deps.repo.findAccount(accountId);
      if (done) return done;
      throw new SubscriptionPurchaseError(
        'TRANSACTION_ERROR',
        'We could not find your organisation account. Please reload.',
      );
    }
    case 'claimed':
      break;
  }
  const settle = deps.claims.repo.settlePurchase;
  const record = (subscription: { uuid: string; currentPeriodEndsAt: Date; state: string }, tax: number) =>
    createOnce(deps, {
      accountId,
      plan,
      buyer,
      input,
      price: { ...price, taxAmount: tax, fullPrice: price.itemPrice + tax },
      subscription,
    });

  // A retry of an attempt whose answer was lost: what the first try bought is on the provider's account.
  if (claim.earlier && ['failed', 'pending'].includes(claim.earlier.status)) {
    let bought;
    try {
      bought = (await deps.provider.listSubscriptions(accountId)).find(
        (s) => s.planCode === plan.code && s.state === 'ACTIVE',
      );
    } catch (error) {
      await settle(input.idempotencyKey, { status: 'refused', message: String(error) });
      console.error('Billing provider unreachable before an organisation purchase', error);
      throw new SubscriptionPurchaseError('TRANSACTION_ERROR', outageMessage(false));
    }
    if (bought) {
      const account = await record(bought, price.taxAmount);
      await settle(input.idempotencyKey, {
        status: 'succeeded',
        subscriptionUuid: bought.uuid,
        message: 'resolved from the provider records after a lost answer',
      });
      return account;
    }
  }

  let outcome;
  try {
    outcome = await deps.provider.purchase({
      accountCode: accountId,
      payerCode: buyer.userId,
      email: buyer.email,
      planCode: plan.code,
      currency,
      billingToken: input.billingToken,
      threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? undefined,
      idempotencyKey: input.idempotencyKey,
      unitAmount: price.unitAmount,
      quantity: input.seats,
      country,
      trialDays: 0,
      company: {
        name: input.companyName,
        vatNumber: input.vatNumber,
        address: {
          line1: input.billingAddress.line1,
          line2: input.billingAddress.line2,
          city: input.billingAddress.city,
          postalCode: input.billingAddress.postalCode,
          country,
        },
      },
      reverseCharge,
    });
  } catch (error) {
    const mayHaveCharged = !(error instanceof BillingUnavailableError) || error.mayHaveCharged;
    await settle(input.idempotencyKey, {
      status: mayHaveCharged ? 'failed' : 'refused',
      message: String(error),
    });
    console.error('Billing provider organisation purchase failed', error);
    throw new SubscriptionPurchaseError('TRANSACTION_ERROR', outageMessage(mayHaveCharged));
  }
  switch (outcome.kind) {
    case 'declined':
      await settle(input.idempotencyKey, { status: 'declined', message: outcome.message });
      throw new SubscriptionPurchaseError('PURCHASE_ERROR', outcome.message);
    case 'three-d-secure':
      await settle(input.idempotencyKey, { status: 'three_d_secure', message: outcome.message });
      throw new SubscriptionPurchase3DSSecureError(
        {
          accountCode: accountId,
          billingToken: input.billingToken,
          threeDSecureActionToken: outcome.actionTokenId,
        },
        outcome.message,
      );
    case 'purchased': {
      const account = await record(outcome.subscription, outcome.invoice?.tax ?? price.taxAmount);
      await settle(input.idempotencyKey, {
        status: 'succeeded',
        subscriptionUuid: outcome.subscription.uuid,
        amountCharged: outcome.invoice?.paid ?? 0,
        invoiceId: outcome.invoice?.id ?? null,
      });
      return account;
    }
  }
}

/** Creates the account, its owner's seat and its subscription, unless an earlier try of the attempt did. */
async function createOnce(
  deps: Pick<PurchaseOrganisationDeps, 'repo' | 'newId'>,
  made: {
    accountId: string;
    plan: Plan;
    buyer: Buyer;
    input: PurchaseOrganisationInput;
    price: SeatPrice;
    subscription: { uuid: string; currentPeriodEndsAt: Date; state: string };
  },
): Promise<OrganisationAccountRecord> {
  const existing = await deps.repo.findAccount(made.accountId);
  if (existing) return existing;
  const email = made.buyer.email.toLowerCase();
  return deps.repo.createAccount({
    account: {
      id: made.accountId,
      title: made.input.companyName,
      ownerUserId: made.buyer.userId,
      primaryContactEmail: email,
      membershipType: 'Group',
      membershipLevel: made.plan.membershipLevel satisfies MembershipLevel,
      planCode: made.plan.code,
      purchasedSeats: made.input.seats,
      accessEndsAt: made.subscription.currentPeriodEndsAt,
      allowsGroupAddresses: true,
      companyDetails: {
        companyName: made.input.companyName,
        billingAddress: made.input.billingAddress,
        vatNumber: made.input.vatNumber,
        reverseCharge: made.price.reverseCharge,
      },
    },
    owner: {
      id: deps.newId(),
      email,
      userId: made.buyer.userId,
      role: 'OWNER',
      invitedByUserId: null,
    },
    subscription: {
      id: made.subscription.uuid,
      accountId: made.accountId,
      planCode: made.plan.code,
      currency: made.price.currency,
      seats: made.input.seats,
      itemPrice: made.price.itemPrice,
      taxAmount: made.price.taxAmount,
      taxInfo: { ...made.price.taxInfo, reverseCharge: made.price.reverseCharge },
      state: made.subscription.state,
      currentPeriodEndsAt: made.subscription.currentPeriodEndsAt,
    },
  });
}
