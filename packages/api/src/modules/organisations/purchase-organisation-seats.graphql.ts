import { builder } from '../../builder';
import { CurrencyEnum } from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { SeatAllocationError } from '../../errors/seat-allocation-error';
import { SubscriptionUpgradeError } from '../../errors/subscription-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { SubscriptionUpgradePreviewType } from '../billing/billing.graphql';
import { OrganisationAccountType } from '../viewer/viewer.graphql';
import { requireViewer } from '../viewer/viewer.service';
import type { SeatPurchasePreview, SeatPurchaseReceipt } from './purchase-organisation-seats';
import { purchaseSeatsInputSchema, seatPurchasePreviewSchema } from './purchase-organisation.inputs';

const SeatPurchasePreviewType = builder
  .objectRef<SeatPurchasePreview>('OrganisationSeatPurchasePreview')
  .implement({
    description:
      'What buying more seats costs: prorated to the end of the paid year today, every seat at the band of the new total from renewal. Amounts in minor units.',
    fields: (t) => ({
      accountId: t.exposeString('accountId'),
      seats: t.exposeInt('seats', { description: 'The seats to buy now.' }),
      totalSeats: t.exposeInt('totalSeats', { description: 'The seats the account holds afterwards.' }),
      unitAmount: t.exposeInt('unitAmount', {
        description: "One seat's yearly price before tax, at the band of the new total.",
      }),
      preview: t.expose('preview', { type: SubscriptionUpgradePreviewType }),
    }),
  });

const SeatPurchasePreviewInput = builder
  .inputType('OrganisationSeatPurchasePreviewInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      seats: t.int({
        required: true,
        description:
          'Seats to add, one or more; a total beyond the plan\u2019s bands (100) is SeatAllocationError INVALID_SEAT_REQUEST.',
      }),
    }),
  })
  .validate(seatPurchasePreviewSchema);

const SEAT_ERRORS = [
  AuthError,
  UnauthorizedError,
  FieldValidationError,
  SeatAllocationError,
  SubscriptionUpgradeError,
] as const;

builder.queryField('previewOrganisationSeatPurchase', (t) =>
  t.field({
    type: SeatPurchasePreviewType,
    description: "Owners only: the price of more seats now. UnauthorizedError for anyone else's request.",
    args: { input: t.arg({ type: SeatPurchasePreviewInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [...SEAT_ERRORS], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.organisations.previewSeatPurchase(
        requireViewer(ctx.viewer),
        seatPurchasePreviewSchema.parse(input),
      ),
  }),
);

const PurchaseSeatsInput = builder
  .inputType('PurchaseOrganisationSeatsInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      seats: t.int({ required: true, description: 'Seats to add, as previewed.' }),
      idempotencyKey: t.string({
        required: true,
        description: 'One per purchase attempt; a retry sends the same one.',
      }),
      expectedDueToday: t.int({
        required: true,
        description:
          'previewOrganisationSeatPurchase.preview.dueToday as the owner saw it: if the price is no longer that, nothing is charged (SubscriptionUpgradeError PRICE_CHANGED).',
      }),
    }),
  })
  .validate(purchaseSeatsInputSchema);

const SeatPurchaseReceiptType = builder.objectRef<SeatPurchaseReceipt>('OrganisationSeatPurchase').implement({
  description: 'Seats bought, with what the billing provider charged for them.',
  fields: (t) => ({
    account: t.field({
      type: OrganisationAccountType,
      resolve: (r) => ({ accountId: r.account.id, title: r.account.title }),
    }),
    seatsBought: t.exposeInt('seatsBought'),
    purchasedSeats: t.int({ resolve: (r) => r.account.purchasedSeats }),
    amountCharged: t.exposeInt('amountCharged', {
      description: "What the provider's invoice charged the card, in minor units.",
    }),
    currency: t.expose('currency', { type: CurrencyEnum }),
    invoiceId: t.exposeString('invoiceId', { nullable: true }),
  }),
});

builder.mutationField('purchaseOrganisationSeats', (t) =>
  t.field({
    type: SeatPurchaseReceiptType,
    description:
      'Owners only: buys more seats at once on the card on file, charging exactly the preview the owner confirmed, once per idempotency key.',
    args: { input: t.arg({ type: PurchaseSeatsInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [...SEAT_ERRORS], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.organisations.purchaseSeats(
        requireViewer(ctx.viewer),
        purchaseSeatsInputSchema.parse(input),
      ),
  }),
);
