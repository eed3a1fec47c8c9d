import { builder } from '../../builder';
import { CurrencyEnum } from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { SeatAllocationError } from '../../errors/seat-allocation-error';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
} from '../../errors/subscription-errors';
import { OrganisationAccountType } from '../viewer/viewer.graphql';
import { requireViewer } from '../viewer/viewer.service';
import { purchaseOrganisationInputSchema } from './purchase-organisation.inputs';

const BillingAddressInput = builder.inputType('OrganisationBillingAddressInput', {
  fields: (t) => ({
    line1: t.string({ required: true }),
    line2: t.string(),
    city: t.string({ required: true }),
    postalCode: t.string({ required: true }),
    country: t.string({
      required: true,
      description: "ISO 3166-1 alpha-2. The card's billing country; it decides the tax.",
    }),
  }),
});

const PurchaseOrganisationSubscriptionInput = builder
  .inputType('PurchaseOrganisationSubscriptionInput', {
    fields: (t) => ({
      planCode: t.string({ required: true, description: 'organisations_bundle_volume_yearly_v1' }),
      currency: t.field({ type: CurrencyEnum, required: true }),
      seats: t.int({
        required: true,
        description:
          "Within the plan's seat tiers; any other count is SeatAllocationError INVALID_SEAT_REQUEST.",
      }),
      companyName: t.string({ required: true }),
      billingAddress: t.field({ type: BillingAddressInput, required: true }),
      vatNumber: t.string({
        description:
          'With its country prefix, in capitals, no spaces. A number the EU register confirms, outside the seller country, is reverse-charged.',
      }),
      billingToken: t.string({ required: true, description: 'The card token from the payment fields.' }),
      idempotencyKey: t.string({
        required: true,
        description: 'One per purchase attempt; a retry sends the same one.',
      }),
      threeDSecureActionResultToken: t.string({ description: 'After a 3-D Secure challenge, its result.' }),
    }),
  })
  .validate(purchaseOrganisationInputSchema);

builder.mutationField('purchaseOrganisationSubscription', (t) =>
  t.field({
    type: OrganisationAccountType,
    description:
      'Buys seats of an organisation plan; the buyer becomes OWNER and takes the first seat. Charges once per idempotency key.',
    args: { input: t.arg({ type: PurchaseOrganisationSubscriptionInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [
        AuthError,
        FieldValidationError,
        SeatAllocationError,
        SubscriptionPurchaseError,
        SubscriptionPurchase3DSSecureError,
      ],
      directResult: true,
    },
    resolve: async (_root, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const account = await ctx.services.organisations.purchaseSubscription(
        { userId: viewer.userId, email: viewer.email },
        purchaseOrganisationInputSchema.parse(input),
      );
      return { accountId: account.id, title: account.title };
    },
  }),
);
