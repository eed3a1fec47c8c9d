import { z } from 'zod';
import type { OrganisationAccountSummary } from '../../auth/membership-records';
import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import type { ProviderInvoice } from '@bof/billing/billing-provider';
import {
  CurrencyEnum,
  MembershipLevelEnum,
  MembershipStatusEnum,
  OrganisationAccountRoleEnum,
} from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { SeatAllocationError } from '../../errors/seat-allocation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { OrganisationAccountType } from '../viewer/viewer.graphql';
import { requireViewer } from '../viewer/viewer.service';
import type { AccountUserRecord, OrganisationSubscriptionRecord } from './organisations.repo';
import {
  accountIdSchema,
  addUsersInputSchema,
  changeRoleInputSchema,
  grantPartnerInputSchema,
  removeUserInputSchema,
  usersFilterSchema,
} from './organisations.inputs';
import {
  organisationStatusOf,
  seatsOf,
  type AddUsersResult,
  type OrganisationAccountSeats,
} from './organisations.service';
import type { OrganisationAccountRecord } from './organisations.repo';
import { vatNumberSchema, type VatValidation } from './vat';

const organisationsOf = (ctx: GraphQLContext) => ctx.services.organisations;

/** One load of the account and the viewer's seat per account shown in a request. */
const loaded = new WeakMap<
  OrganisationAccountSummary,
  Promise<{ account: OrganisationAccountRecord; seat: AccountUserRecord }>
>();
function accountOf(summary: OrganisationAccountSummary, ctx: GraphQLContext) {
  let found = loaded.get(summary);
  if (!found) {
    found = organisationsOf(ctx).account(requireViewer(ctx.viewer), summary.accountId);
    loaded.set(summary, found);
  }
  return found;
}

const SeatsType = builder.objectRef<OrganisationAccountSeats>('OrganisationAccountSeats').implement({
  description: 'Seat counts. A seat held for an invited address counts as allocated.',
  fields: (t) => ({
    allocatedSeats: t.exposeInt('allocatedSeats'),
    extraSeatsUsed: t.exposeInt('extraSeatsUsed'),
    purchasedSeats: t.exposeInt('purchasedSeats'),
    purchasedSeatsRemaining: t.exposeInt('purchasedSeatsRemaining'),
    totalSeatsAvailable: t.exposeInt('totalSeatsAvailable'),
    totalSeatsRemaining: t.exposeInt('totalSeatsRemaining'),
  }),
});

export const OrganisationAccountUserType = builder
  .objectRef<AccountUserRecord>('OrganisationAccountUser')
  .implement({
    description: 'A seat in an organisation account. userId is null while the invitation is not taken up.',
    fields: (t) => ({
      accountUserId: t.exposeString('accountUserId'),
      userId: t.exposeString('userId', { nullable: true }),
      email: t.exposeString('email'),
      firstName: t.exposeString('firstName', { nullable: true }),
      lastName: t.exposeString('lastName', { nullable: true }),
      role: t.expose('role', { type: OrganisationAccountRoleEnum }),
      createdAt: t.expose('createdAt', { type: DateTimeScalar }),
    }),
  });

const OrganisationSubscriptionType = builder
  .objectRef<OrganisationSubscriptionRecord>('OrganisationSubscription')
  .implement({
    description: 'Amounts in minor units.',
    fields: (t) => ({
      id: t.exposeString('id'),
      accountId: t.exposeString('accountId'),
      planCode: t.exposeString('planCode'),
      currency: t.field({ type: CurrencyEnum, resolve: (s) => s.currency as 'GBP' }),
      seats: t.exposeInt('seats'),
      itemPrice: t.exposeInt('itemPrice'),
      taxAmount: t.exposeInt('taxAmount'),
      state: t.exposeString('state'),
      currentPeriodEndsAt: t.expose('currentPeriodEndsAt', { type: DateTimeScalar }),
    }),
  });

const OrganisationInvoiceType = builder.objectRef<ProviderInvoice>('OrganisationInvoice').implement({
  description: "An invoice of the organisation's billing account. Amounts in minor units.",
  fields: (t) => ({
    id: t.exposeString('id'),
    state: t.exposeString('state', { description: 'paid, failed or pending.' }),
    currency: t.expose('currency', { type: CurrencyEnum }),
    subtotal: t.exposeInt('subtotal'),
    tax: t.exposeInt('tax'),
    total: t.exposeInt('total'),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
  }),
});

builder.objectFields(OrganisationAccountType, (t) => ({
  status: t.field({
    type: MembershipStatusEnum,
    description:
      "The account's membership status, read from its subscription as an individual's is (a Partner grant does not renew).",
    resolve: async (summary, _args, ctx) => {
      const { account } = await accountOf(summary, ctx);
      const subscription = (await organisationsOf(ctx).repo.subscriptionsOf(account.id)).at(-1);
      return organisationStatusOf(account, subscription, organisationsOf(ctx).deps.now()).status;
    },
  }),
  paymentFailing: t.boolean({
    description: "A renewal's payment failed and the provider is retrying it (access continues meanwhile).",
    resolve: async (summary, _args, ctx) => {
      const { account } = await accountOf(summary, ctx);
      const subscription = (await organisationsOf(ctx).repo.subscriptionsOf(account.id)).at(-1);
      return organisationStatusOf(account, subscription, organisationsOf(ctx).deps.now()).paymentFailing;
    },
  }),
  accessEndsAt: t.field({
    type: DateTimeScalar,
    description: 'When the membership ends, or renews while its subscription is active.',
    resolve: async (summary, _args, ctx) => (await accountOf(summary, ctx)).account.accessEndsAt,
  }),
  invoices: t.field({
    type: [OrganisationInvoiceType],
    nullable: true,
    description:
      "The invoices of the account's billing account, for its owners and admins; null for users, and while the billing provider cannot be reached.",
    resolve: async (summary, _args, ctx) => {
      const { seat } = await accountOf(summary, ctx);
      if (seat.role === 'USER') return null;
      return organisationsOf(ctx).invoices(requireViewer(ctx.viewer), summary.accountId);
    },
  }),
  primaryContactEmail: t.string({
    resolve: async (summary, _args, ctx) => (await accountOf(summary, ctx)).account.primaryContactEmail,
  }),
  owner: t.field({
    type: OrganisationAccountUserType,
    nullable: true,
    description: 'The longest-standing owner.',
    resolve: async (summary, _args, ctx) => {
      const { account } = await accountOf(summary, ctx);
      return organisationsOf(ctx).repo.seatOf(account.id, account.ownerUserId);
    },
  }),
  recurlyAccountManagementUrl: t.string({
    nullable: true,
    description:
      "The billing provider's hosted account page, for owners and admins; null for a Partner membership, for users, and with a provider that has none (the simulator).",
    resolve: (summary, _args, ctx) =>
      organisationsOf(ctx).accountManagementUrl(requireViewer(ctx.viewer), summary.accountId),
  }),
  seats: t.field({
    type: SeatsType,
    resolve: async (summary, _args, ctx) => seatsOf((await accountOf(summary, ctx)).account),
  }),
  subscriptions: t.field({
    type: [OrganisationSubscriptionType],
    resolve: async (summary, _args, ctx) =>
      organisationsOf(ctx).repo.subscriptionsOf((await accountOf(summary, ctx)).account.id),
  }),
  user: t.field({
    type: OrganisationAccountUserType,
    description: "The requester's own seat in the account.",
    resolve: async (summary, _args, ctx) => (await accountOf(summary, ctx)).seat,
  }),
}));

builder.queryField('organisationAccount', (t) =>
  t.field({
    type: OrganisationAccountType,
    description: 'An organisation account the viewer belongs to; UnauthorizedError for any other id.',
    args: { accountId: t.arg.string({ required: true, validate: accountIdSchema }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: async (_root, args, ctx) => {
      const { account } = await organisationsOf(ctx).account(requireViewer(ctx.viewer), args.accountId);
      return { accountId: account.id, title: account.title };
    },
  }),
);

const PageInfoType = builder
  .objectRef<{ hasNextPage: boolean; endCursor: string | null }>('OrganisationAccountUsersPageInfo')
  .implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  });

const UsersPageType = builder
  .objectRef<{ users: AccountUserRecord[]; hasNextPage: boolean; endCursor: string | null }>(
    'OrganisationAccountUsersPage',
  )
  .implement({
    description: 'Users ordered by e-mail address; pass pageInfo.endCursor as `after` for the next page.',
    fields: (t) => ({
      users: t.expose('users', { type: [OrganisationAccountUserType] }),
      pageInfo: t.field({ type: PageInfoType, resolve: (page) => page }),
    }),
  });

const UsersFilterInput = builder
  .inputType('OrganisationAccountUsersFilter', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      search: t.string({ description: 'Part of a name or an e-mail address.' }),
      role: t.field({ type: OrganisationAccountRoleEnum }),
      first: t.int({ description: 'Page size, 1 to 100 (default 25).' }),
      after: t.string(),
    }),
  })
  .validate(usersFilterSchema);

builder.queryField('organisationAccountUsers', (t) =>
  t.field({
    type: UsersPageType,
    args: { filter: t.arg({ type: UsersFilterInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: (_root, { filter }, ctx) =>
      organisationsOf(ctx).users(requireViewer(ctx.viewer), {
        accountId: filter.accountId,
        search: filter.search ?? undefined,
        role: filter.role ?? undefined,
        first: filter.first ?? 25,
        after: filter.after ?? undefined,
      }),
  }),
);

const AddedUserStatusEnum = builder.enumType('OrganisationAccountAddedUserStatus', {
  values: ['ADDED', 'INVITED', 'ALREADY_MEMBER'] as const,
});

const AddedUserRowType = builder
  .objectRef<AddUsersResult['rows'][number]>('OrganisationAccountAddedUser')
  .implement({
    fields: (t) => ({
      row: t.exposeInt('row', { description: 'The address\u2019s position in the request, from 1.' }),
      email: t.exposeString('email'),
      status: t.expose('status', { type: AddedUserStatusEnum }),
      accountUserId: t.exposeString('accountUserId'),
    }),
  });

const AddUsersResultType = builder.objectRef<AddUsersResult>('OrganisationAccountUsersAdded').implement({
  fields: (t) => ({
    accountId: t.exposeString('accountId'),
    rows: t.expose('rows', { type: [AddedUserRowType] }),
    seats: t.expose('seats', { type: SeatsType }),
  }),
});

const AddUsersInput = builder
  .inputType('AddUsersToOrganisationAccountInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      emails: t.stringList({ required: true, description: 'Up to 1,000 addresses, each once.' }),
      role: t.field({ type: OrganisationAccountRoleEnum, description: 'Default USER.' }),
    }),
  })
  .validate(addUsersInputSchema);

builder.mutationField('addUsersToOrganisationAccount', (t) =>
  t.field({
    type: AddUsersResultType,
    description:
      'Adds readers to the account, all or none. Unknown addresses are invited by e-mail and their seat is held.',
    args: { input: t.arg({ type: AddUsersInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, UnauthorizedError, FieldValidationError, SeatAllocationError],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) => {
      const parsed = addUsersInputSchema.parse(input);
      return organisationsOf(ctx).addUsers(requireViewer(ctx.viewer), parsed);
    },
  }),
);

const RemovedUserType = builder
  .objectRef<{ removed: AccountUserRecord; seats: OrganisationAccountSeats }>(
    'OrganisationAccountUserRemoved',
  )
  .implement({
    fields: (t) => ({
      removed: t.expose('removed', { type: OrganisationAccountUserType }),
      seats: t.expose('seats', { type: SeatsType }),
    }),
  });

const RemoveUserInput = builder
  .inputType('RemoveUserFromOrganisationAccountInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      accountUserId: t.string({ required: true }),
    }),
  })
  .validate(removeUserInputSchema);

builder.mutationField('removeUserFromOrganisationAccount', (t) =>
  t.field({
    type: RemovedUserType,
    description: 'Frees the seat; the reader loses the membership at their next token refresh.',
    args: { input: t.arg({ type: RemoveUserInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: (_root, { input }, ctx) => organisationsOf(ctx).removeUser(requireViewer(ctx.viewer), input),
  }),
);

const ChangeRoleInput = builder
  .inputType('ChangeOrganisationAccountUserRoleInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      accountUserId: t.string({ required: true }),
      role: t.field({ type: OrganisationAccountRoleEnum, required: true }),
    }),
  })
  .validate(changeRoleInputSchema);

builder.mutationField('changeOrganisationAccountUserRole', (t) =>
  t.field({
    type: OrganisationAccountUserType,
    args: { input: t.arg({ type: ChangeRoleInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: (_root, { input }, ctx) => organisationsOf(ctx).changeRole(requireViewer(ctx.viewer), input),
  }),
);

const VatStatusEnum = builder.enumType('VatNumberStatus', {
  values: ['VALID', 'INVALID', 'COULD_NOT_VERIFY'] as const,
});

const VatValidationType = builder.objectRef<VatValidation>('VatValidation').implement({
  description:
    'A VAT number checked for form and check digits, and against the EU register for EU numbers. COULD_NOT_VERIFY is never treated as valid.',
  fields: (t) => ({
    vatNumber: t.exposeString('vatNumber'),
    countryCode: t.exposeString('countryCode', { nullable: true }),
    isValidFormat: t.exposeBoolean('isValidFormat'),
    isVerified: t.exposeBoolean('isVerified'),
    status: t.expose('status', { type: VatStatusEnum }),
    reverseCharge: t.exposeBoolean('reverseCharge', {
      description:
        'No VAT is charged: the buyer accounts for it (a valid EU number outside the seller country).',
    }),
    message: t.exposeString('message'),
  }),
});

const ValidateVatFilter = builder
  .inputType('ValidateVATFilter', { fields: (t) => ({ vatNumber: t.string({ required: true }) }) })
  .validate(z.object({ vatNumber: vatNumberSchema }));

builder.queryField('validateVAT', (t) =>
  t.field({
    type: VatValidationType,
    args: { filter: t.arg({ type: ValidateVatFilter, required: true }) },
    errors: { types: [FieldValidationError], directResult: true },
    resolve: (_root, { filter }, ctx) => organisationsOf(ctx).validateVat(filter.vatNumber),
  }),
);

const GrantPartnerInput = builder
  .inputType('GrantPartnerMembershipInput', {
    fields: (t) => ({
      title: t.string({ required: true }),
      ownerEmail: t.string({ required: true, description: 'A reader who has signed in; they become OWNER.' }),
      membershipLevel: t.field({ type: MembershipLevelEnum, required: true }),
      seats: t.int({ required: true }),
      endsAt: t.string({ required: true, description: 'ISO 8601 date and time.' }),
    }),
  })
  .validate(grantPartnerInputSchema);

builder.mutationField('grantPartnerMembership', (t) =>
  t.field({
    type: OrganisationAccountType,
    description: 'Admins only: a Partner membership for an organisation, without billing.',
    args: { input: t.arg({ type: GrantPartnerInput, required: true }) },
    authScopes: { admin: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const parsed = grantPartnerInputSchema.parse(input);
      const account = await organisationsOf(ctx).grantPartnerMembership(parsed);
      return { accountId: account.id, title: account.title };
    },
  }),
);

const ResendInvitationInput = builder
  .inputType('ResendOrganisationAccountInvitationInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      accountUserId: t.string({ required: true }),
    }),
  })
  .validate(removeUserInputSchema);

builder.mutationField('resendOrganisationAccountInvitation', (t) =>
  t.field({
    type: OrganisationAccountUserType,
    description: 'Owners and admins: sends the invitation e-mail again to an address whose seat is held.',
    args: { input: t.arg({ type: ResendInvitationInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      organisationsOf(ctx).resendInvitation(requireViewer(ctx.viewer), input),
  }),
);

const JoinAccountInput = builder
  .inputType('JoinOrganisationAccountInput', {
    fields: (t) => ({ accountId: t.string({ required: true }) }),
  })
  .validate(z.object({ accountId: accountIdSchema }));

builder.mutationField('joinOrganisationAccount', (t) =>
  t.field({
    type: OrganisationAccountUserType,
    description:
      "Takes a seat in the account that claims the viewer's e-mail domain (the token's unclaimed_membership_account_id); UnauthorizedError for any other account.",
    args: { input: t.arg({ type: JoinAccountInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, UnauthorizedError, FieldValidationError, SeatAllocationError],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      return organisationsOf(ctx).join(
        {
          userId: viewer.userId,
          email: viewer.email,
          unclaimedAccountId: viewer.unclaimedMembershipAccountId,
        },
        input.accountId,
      );
    },
  }),
);
