import { builder } from '../../builder';
import { CurrencyEnum, SubscriptionStateEnum } from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
  SubscriptionUpgradeError,
} from '../../errors/subscription-errors';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import type { GraphQLContext } from '../../context';
import { IndividualAccountType } from '../viewer/viewer.graphql';
import { requireViewer } from '../viewer/viewer.service';
import type { BillingInfo } from '@bof/billing/billing-provider';
import type { SubscriptionPrice } from '@bof/billing/pricing';
import type { SubscriptionUpgradePreview } from '@bof/billing/proration';
import type { TaxInfo } from '@bof/billing/tax';
import type { SubscriptionRecord } from './billing.repo';
import {
  billingInfoInputSchema,
  cancelInputSchema,
  purchaseInputSchema,
  redeemDiscountInputSchema,
  resumeInputSchema,
  upgradeInputSchema,
  upgradePreviewInputSchema,
} from './billing.inputs';
import { acceptedCancellationCoupon, type CANCELLATION_COUPON } from './cancel-subscription';
import type { IndividualSubscription } from './individual-subscription';
import type { IndividualUpgradeReceipt } from './upgrade-individual-subscription';

const billingFor = (ctx: GraphQLContext) => ctx.services.billing;

const TaxInfoType = builder.objectRef<TaxInfo>('TaxInfo').implement({
  fields: (t) => ({
    rate: t.exposeFloat('rate', { description: 'A fraction: 0.2 is 20 %.' }),
    region: t.exposeString('region'),
    type: t.exposeString('type', { description: 'VAT, GST or none.' }),
  }),
});

const SubscriptionPriceType = builder.objectRef<SubscriptionPrice>('SubscriptionPrice').implement({
  description: 'Amounts are in minor units (pence, cents, paise).',
  fields: (t) => ({
    currency: t.expose('currency', { type: CurrencyEnum }),
    fullPrice: t.exposeInt('fullPrice', { description: 'What the reader pays: item price plus tax.' }),
    itemPrice: t.exposeInt('itemPrice'),
    taxAmount: t.exposeInt('taxAmount'),
    taxInfo: t.expose('taxInfo', { type: TaxInfoType }),
  }),
});

const CancellationCouponType = builder.objectRef<typeof CANCELLATION_COUPON>('CancellationCoupon').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    discountType: t.exposeString('discountType'),
    discountPercent: t.exposeInt('discountPercent'),
  }),
});

const RecurlySubscriptionType = builder.objectRef<SubscriptionRecord>('RecurlySubscription').implement({
  description: 'A subscription as the billing provider holds it (spec §3). Amounts in minor units.',
  fields: (t) => ({
    uuid: t.exposeString('uuid'),
    planCode: t.exposeString('planCode'),
    state: t.field({ type: SubscriptionStateEnum, resolve: (s) => s.state as typeof s.state & 'ACTIVE' }),
    currency: t.field({ type: CurrencyEnum, resolve: (s) => s.currency as SubscriptionPrice['currency'] }),
    activatedAt: t.expose('activatedAt', { type: DateTimeScalar }),
    cancelledAt: t.expose('cancelledAt', { type: DateTimeScalar, nullable: true }),
    expiresAt: t.expose('expiresAt', { type: DateTimeScalar, nullable: true }),
    trialEndsAt: t.expose('trialEndsAt', { type: DateTimeScalar, nullable: true }),
    currentPeriodEndsAt: t.expose('currentPeriodEndsAt', { type: DateTimeScalar }),
    currentTermEndsAt: t.expose('currentTermEndsAt', { type: DateTimeScalar }),
    isInDunning: t.exposeBoolean('isInDunning'),
    activeInvoiceId: t.exposeString('activeInvoiceId', { nullable: true }),
    cancellationCoupon: t.field({
      type: CancellationCouponType,
      nullable: true,
      description: 'The save offer, once accepted on this subscription.',
      resolve: (s) => acceptedCancellationCoupon(s),
    }),
  }),
});

const CardInfoType = builder.objectRef<BillingInfo['card']>('CardInfo').implement({
  fields: (t) => ({
    cardType: t.exposeString('cardType'),
    expMonth: t.exposeInt('expMonth'),
    expYear: t.exposeInt('expYear'),
    firstSix: t.exposeString('firstSix'),
    lastFour: t.exposeString('lastFour'),
  }),
});

const BillingInfoType = builder.objectRef<BillingInfo>('BillingInfo').implement({
  fields: (t) => ({
    countryCode: t.exposeString('countryCode'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    postalCode: t.exposeString('postalCode'),
    paymentMethod: t.exposeString('paymentMethod'),
    card: t.expose('card', { type: CardInfoType }),
  }),
});

builder.objectFields(IndividualAccountType, (t) => ({
  billingInfo: t.field({
    type: BillingInfoType,
    nullable: true,
    description: 'Null while the billing provider cannot be reached.',
    resolve: (account, _args, ctx) => billingFor(ctx).billingInfoOf(account.accountId),
  }),
  subscriptions: t.field({
    type: [RecurlySubscriptionType],
    resolve: (account, _args, ctx) => billingFor(ctx).subscriptionsOf(account.accountId),
  }),
}));

export const IndividualSubscriptionType = builder
  .objectRef<IndividualSubscription>('IndividualSubscription')
  .implement({
    fields: (t) => ({
      id: t.string({ resolve: (s) => s.record.uuid }),
      accountId: t.string({ resolve: (s) => s.record.accountCode }),
      planCode: t.string({ resolve: (s) => s.record.planCode }),
      title: t.string({ resolve: (s) => s.plan.title }),
      isTrial: t.exposeBoolean('isTrial'),
      price: t.expose('price', { type: SubscriptionPriceType }),
    }),
  });

export const SubscriptionUpgradePreviewType = builder
  .objectRef<SubscriptionUpgradePreview>('SubscriptionUpgradePreview')
  .implement({
    description: 'Amounts in minor units. dueToday is exactly what the upgrade charges.',
    fields: (t) => ({
      currency: t.expose('currency', { type: CurrencyEnum }),
      dueToday: t.exposeInt('dueToday'),
      planFee: t.exposeInt('planFee'),
      planFeePerMonth: t.exposeInt('planFeePerMonth'),
      proRata: t.exposeInt('proRata', {
        description: 'Credit for the unused part of the current plan (zero or less).',
      }),
      taxAmount: t.exposeInt('taxAmount'),
      taxInfo: t.expose('taxInfo', { type: TaxInfoType }),
      total: t.exposeInt('total'),
      totalPerMonth: t.exposeInt('totalPerMonth'),
    }),
  });

const PurchaseIndividualSubscriptionInput = builder
  .inputType('PurchaseIndividualSubscriptionInput', {
    fields: (t) => ({
      planCode: t.string({ required: true }),
      currency: t.field({ type: CurrencyEnum, required: true }),
      billingToken: t.string({ required: true, description: 'The card token from the payment fields.' }),
      idempotencyKey: t.string({
        required: true,
        description: 'One per purchase attempt; a retry sends the same one.',
      }),
      country: t.string({
        required: true,
        description:
          "ISO 3166-1 alpha-2, the billing country chosen: it must be the card's; the card's billing address decides the tax.",
      }),
      threeDSecureActionResultToken: t.string({ description: 'After a 3-D Secure challenge, its result.' }),
      withTrial: t.boolean({
        description:
          "Whether to start with the plan's free trial (default true). A reader who has held a membership before is not eligible (INELIGIBLE_FOR_TRIAL) and buys with false, paying today.",
      }),
    }),
  })
  .validate(purchaseInputSchema);

builder.mutationField('purchaseIndividualSubscription', (t) =>
  t.field({
    type: IndividualSubscriptionType,
    description: 'Buys an individual plan. Charges once per idempotency key; grants nothing until paid.',
    args: { input: t.arg({ type: PurchaseIndividualSubscriptionInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, FieldValidationError, SubscriptionPurchaseError, SubscriptionPurchase3DSSecureError],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      return billingFor(ctx).purchaseIndividual({
        userId: viewer.userId,
        email: viewer.email,
        planCode: input.planCode,
        currency: input.currency,
        country: input.country,
        billingToken: input.billingToken,
        idempotencyKey: input.idempotencyKey,
        threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? undefined,
        withTrial: input.withTrial ?? undefined,
      });
    },
  }),
);

const SubscriptionUpgradePreviewInput = builder
  .inputType('SubscriptionUpgradePreviewInput', {
    fields: (t) => ({ planCode: t.string({ required: true }) }),
  })
  .validate(upgradePreviewInputSchema);

builder.queryField('subscriptionUpgradePreview', (t) =>
  t.field({
    type: SubscriptionUpgradePreviewType,
    args: { input: t.arg({ type: SubscriptionUpgradePreviewInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, SubscriptionUpgradeError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      billingFor(ctx).previewUpgrade({ userId: requireViewer(ctx.viewer).userId, planCode: input.planCode }),
  }),
);

const PurchaseSubscriptionUpgradeInput = builder
  .inputType('PurchaseSubscriptionUpgradeInput', {
    fields: (t) => ({
      planCode: t.string({ required: true }),
      currency: t.field({
        type: CurrencyEnum,
        required: true,
        description: "The membership's currency, as the preview showed it.",
      }),
      idempotencyKey: t.string({ required: true }),
      expectedDueToday: t.int({
        required: true,
        description:
          'subscriptionUpgradePreview.dueToday as the reader saw it, in minor units: if the price is no longer that, nothing is charged (SubscriptionUpgradeError).',
      }),
    }),
  })
  .validate(upgradeInputSchema);

const SubscriptionUpgradeReceiptType = builder
  .objectRef<IndividualUpgradeReceipt>('SubscriptionUpgradeReceipt')
  .implement({
    description: 'An upgrade made, with what the billing provider charged for it.',
    fields: (t) => ({
      subscription: t.expose('subscription', { type: IndividualSubscriptionType }),
      previousPlanCode: t.exposeString('previousPlanCode'),
      amountCharged: t.exposeInt('amountCharged', {
        description: "What the provider's invoice charged the card, in minor units (0 in a free trial).",
      }),
      currency: t.expose('currency', { type: CurrencyEnum }),
      invoiceId: t.exposeString('invoiceId', { nullable: true }),
    }),
  });

builder.mutationField('purchaseSubscriptionUpgrade', (t) =>
  t.field({
    type: SubscriptionUpgradeReceiptType,
    description:
      'Upgrades at once, charging exactly the subscriptionUpgradePreview.dueToday the reader confirmed.',
    args: { input: t.arg({ type: PurchaseSubscriptionUpgradeInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, SubscriptionUpgradeError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      billingFor(ctx).upgradeIndividual({ userId: requireViewer(ctx.viewer).userId, ...input }),
  }),
);

builder.queryField('cancellableIndividualSubscription', (t) =>
  t.field({
    type: RecurlySubscriptionType,
    nullable: true,
    description: 'The individual subscription the reader can cancel, if any.',
    authScopes: { loggedIn: true },
    errors: { types: [AuthError], directResult: true },
    resolve: (_root, _args, ctx) => billingFor(ctx).cancellableSubscription(requireViewer(ctx.viewer).userId),
  }),
);

builder.queryField('cancellationDiscount', (t) =>
  t.field({
    type: CancellationCouponType,
    nullable: true,
    description: 'The one save offer of the cancellation journey, while it is unused.',
    authScopes: { loggedIn: true },
    errors: { types: [AuthError], directResult: true },
    resolve: (_root, _args, ctx) => billingFor(ctx).cancellationDiscount(requireViewer(ctx.viewer).userId),
  }),
);

const RedeemCancellationDiscountCouponInput = builder
  .inputType('RedeemCancellationDiscountCouponInput', {
    fields: (t) => ({
      couponCode: t.string({
        required: true,
        description: 'The code of the offer the reader accepts, as `cancellationDiscount` showed it.',
      }),
    }),
  })
  .validate(redeemDiscountInputSchema);

builder.mutationField('redeemCancellationDiscountCoupon', (t) =>
  t.field({
    type: RecurlySubscriptionType,
    description: 'Accepts the save offer (once per subscription).',
    args: { input: t.arg({ type: RedeemCancellationDiscountCouponInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, SubscriptionPurchaseError], directResult: true },
    resolve: (_root, _args, ctx) => billingFor(ctx).redeemDiscount(requireViewer(ctx.viewer).userId),
  }),
);

const CancelSubscriptionInput = builder
  .inputType('CancelSubscriptionInput', {
    fields: (t) => ({
      reason: t.string({
        required: true,
        description:
          'too_expensive, not_reading_enough, found_alternative, temporary_break, content or other.',
      }),
      reasonOther: t.string({ description: 'Free text; required when the reason is other.' }),
    }),
  })
  .validate(cancelInputSchema);

builder.mutationField('cancelSubscription', (t) =>
  t.field({
    type: RecurlySubscriptionType,
    description: 'Cancels at the end of the paid period: access continues until then.',
    args: { input: t.arg({ type: CancelSubscriptionInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, SubscriptionPurchaseError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      billingFor(ctx).cancel({
        userId: requireViewer(ctx.viewer).userId,
        reason: input.reason,
        reasonOther: input.reasonOther ?? null,
      }),
  }),
);

const ReactivateSubscriptionInput = builder
  .inputType('ReactivateSubscriptionInput', {
    fields: (t) => ({
      subscriptionUuid: t.string({
        required: true,
        description: 'The cancelled subscription the reader was shown (`RecurlySubscription.uuid`).',
      }),
    }),
  })
  .validate(resumeInputSchema);

builder.mutationField('reactivateSubscription', (t) =>
  t.field({
    type: RecurlySubscriptionType,
    description:
      "Resumes the reader's cancelled membership before its paid period ends: it renews again then. Nothing is charged now.",
    args: { input: t.arg({ type: ReactivateSubscriptionInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, SubscriptionPurchaseError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      billingFor(ctx).resume(requireViewer(ctx.viewer).userId, input.subscriptionUuid),
  }),
);

const UpdateIndividualBillingInfoInput = builder
  .inputType('UpdateIndividualBillingInfoInput', {
    fields: (t) => ({ billingToken: t.string({ required: true }) }),
  })
  .validate(billingInfoInputSchema);

builder.mutationField('updateIndividualBillingInfo', (t) =>
  t.field({
    type: BillingInfoType,
    description: "Replaces the reader's card on file with the one a card token stands for.",
    args: { input: t.arg({ type: UpdateIndividualBillingInfoInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, SubscriptionPurchaseError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      billingFor(ctx).updateBillingInfo({ userId: requireViewer(ctx.viewer).userId, ...input }),
  }),
);
