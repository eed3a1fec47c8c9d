import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { MembershipLevel, MembershipType, OrganisationAccountRole } from '@bof/config/enums';
import { FieldValidationError } from '../../errors/field-validation-error';
import type { MembershipRecords } from '../../auth/membership-records';
import type { OrganisationRoles } from '../../auth/organisation-roles';
import type { Platform } from '../../platform/platform';
import type { BillingModule } from '../billing/billing.module';
import { membershipLevelRank } from '../billing/membership';
import type { Mailer } from '../email-change/email-change-mail';
import {
  claimOrganisationAccountDomain,
  confirmOrganisationAccountDomain,
  disableOrganisationAccountDomain,
  enableOrganisationAccountDomain,
  organisationAccountDomains,
  proveOrganisationAccountDomain,
  resendOrganisationAccountDomainVerification,
  type DomainDeps,
} from './organisation-domains';
import {
  createOrganisationsRepo,
  syncOrganisationSubscription,
  type NewAccountUser,
} from './organisations.repo';
import {
  ALL_ROLES,
  addUsersToOrganisationAccount,
  changeOrganisationAccountUserRole,
  joinOrganisationAccount,
  organisationAccountFor,
  organisationAccountUsers,
  organisationMembershipOf,
  organisationMembershipsOf,
  removeUserFromOrganisationAccount,
  requireOrganisationRole,
  resendOrganisationInvitation,
  unclaimedMembershipAccountOf,
  type OrganisationsDeps,
  type Requester,
} from './organisations.service';
import type { AddUsersInput, ClaimDomainInput, UsersFilter } from './organisations.inputs';
import { purchaseOrganisationSubscription, type Buyer } from './purchase-organisation-subscription';
import type { PurchaseOrganisationInput } from './purchase-organisation.inputs';
import { previewOrganisationSeatPurchase, purchaseOrganisationSeats } from './purchase-organisation-seats';
import { createSimulatedVatRegistry, createViesRegistry, validateVat, type VatRegistry } from './vat';

/** What the session token's membership claims are made of. */
export interface ReaderFacts {
  email: string;
  emailVerified: boolean;
}

export type OrganisationsModule = ReturnType<typeof createOrganisationsModule>;

/**
 * The organisations module: organisation accounts, their seats, users and roles. Built once, by the
 * composition root (services.ts); its failures carry stable codes (UnauthorizedError, SeatAllocationError).
 */
export function createOrganisationsModule(
  platform: Pick<Platform, 'db' | 'env'>,
  courier: Mailer,
  options: {
    now?: () => Date;
    vatRegistry?: VatRegistry;
    /** The billing module: organisation purchases go through its provider and purchase claims. */
    billing?: Pick<BillingModule, 'deps' | 'flushWebhooks'> &
      Partial<Pick<BillingModule, 'setOrganisationSubscriptionSync'>>;
    /**
     * The product's cookie-signing secret, asked for when a domain verification link is signed or
     * checked (the session module that holds it is built after this one). A random one otherwise (tests).
     */
    secret?: () => string;
  } = {},
) {
  const repo = createOrganisationsRepo(platform.db);
  // Webhooks for organisation subscriptions (renewals, cancellations, failed payments) reach the account.
  options.billing?.setOrganisationSubscriptionSync?.(syncOrganisationSubscription);
  const deps: OrganisationsDeps = {
    repo,
    mailer: courier,
    siteName: platform.env.siteName,
    siteUrl: platform.env.siteUrl,
    now: options.now ?? (() => new Date()),
    newId: randomUUID,
    levelRank: membershipLevelRank,
  };
  // The EU register where billing is real (Recurly), its simulator on the embedded defaults.
  const vatRegistry =
    options.vatRegistry ??
    (platform.env.billing.recurly ? createViesRegistry() : createSimulatedVatRegistry());
  const requireBilling = () => {
    if (!options.billing) throw new Error('Organisation billing needs the billing module.');
    return options.billing;
  };
  const fallbackSecret = randomBytes(32).toString('base64url');
  /** The domain verification links' key, derived from the product's secret. */
  const domainDeps = (): DomainDeps => ({
    ...deps,
    secret: createHmac('sha256', options.secret?.() ?? fallbackSecret)
      .update('organisation-domain-links')
      .digest('base64url'),
  });
  const roles: OrganisationRoles = {
    roleOf: async ({ accountId, userId }) => (await repo.seatOf(accountId, userId))?.role ?? null,
  };
  return {
    deps,
    repo,
    roles,
    validateVat: (vatNumber: string) => validateVat(vatRegistry, vatNumber),
    requireOrganisationRole: (
      accountId: string,
      userId: string,
      allowed: readonly OrganisationAccountRole[],
    ) => requireOrganisationRole(deps, accountId, userId, allowed),
    account: (requester: Requester, accountId: string) => organisationAccountFor(deps, requester, accountId),
    users: (requester: Requester, filter: UsersFilter) => organisationAccountUsers(deps, requester, filter),
    addUsers: (requester: Requester, input: AddUsersInput) =>
      addUsersToOrganisationAccount(deps, requester, input),
    removeUser: (requester: Requester, input: { accountId: string; accountUserId: string }) =>
      removeUserFromOrganisationAccount(deps, requester, input),
    changeRole: (
      requester: Requester,
      input: { accountId: string; accountUserId: string; role: OrganisationAccountRole },
    ) => changeOrganisationAccountUserRole(deps, requester, input),
    membershipOf: (userId: string, now = deps.now()) => organisationMembershipOf(deps, userId, now),
    /** Buys an organisation plan with seats; the buyer becomes OWNER on the first seat. */
    async purchaseSubscription(buyer: Buyer, input: PurchaseOrganisationInput) {
      const billing = options.billing;
      if (!billing) throw new Error('Organisation purchases need the billing module.');
      const billingDeps = await billing.deps();
      try {
        return await purchaseOrganisationSubscription(
          {
            claims: billingDeps,
            provider: billingDeps.provider,
            repo,
            validateVat: (vatNumber) => validateVat(vatRegistry, vatNumber),
            newId: randomUUID,
          },
          buyer,
          input,
        );
      } finally {
        // The simulator's notifications go out after each change, as Recurly's would.
        void billing
          .flushWebhooks()
          .catch((error: unknown) => console.error('Delivering billing webhooks failed', error));
      }
    },
    /** What `seats` more seats cost now (owners only). */
    async previewSeatPurchase(requester: Requester, input: { accountId: string; seats: number }) {
      const billingDeps = await requireBilling().deps();
      return previewOrganisationSeatPurchase(
        { repo, provider: billingDeps.provider, claims: billingDeps },
        requester,
        input,
      );
    },
    /** Buys `seats` more seats, charging the preview the owner confirmed, once per key. */
    async purchaseSeats(
      requester: Requester,
      input: { accountId: string; seats: number; idempotencyKey: string; expectedDueToday: number },
    ) {
      const billing = requireBilling();
      const billingDeps = await billing.deps();
      try {
        return await purchaseOrganisationSeats(
          { repo, provider: billingDeps.provider, claims: billingDeps },
          requester,
          input,
        );
      } finally {
        void billing
          .flushWebhooks()
          .catch((error: unknown) => console.error('Delivering billing webhooks failed', error));
      }
    },
    /**
     * The invoices of the account's billing account, for its owners and admins (UnauthorizedError for
     * anyone else); null while the provider cannot be reached, none for a Partner grant.
     */
    async invoices(requester: Requester, accountId: string) {
      await requireOrganisationRole(deps, accountId, requester.userId, ['OWNER', 'ADMIN']);
      if (!options.billing) return [];
      const { provider } = await options.billing.deps();
      return provider.listInvoices(accountId).catch((error: unknown) => {
        console.error('Billing provider could not list organisation invoices', error);
        return null;
      });
    },
    /**
     * The billing provider's hosted page for the account, for its owners and admins; null for a
     * Partner grant, for users, and while the provider cannot be reached.
     */
    async accountManagementUrl(requester: Requester, accountId: string) {
      const seat = await requireOrganisationRole(deps, accountId, requester.userId, ALL_ROLES);
      const account = await repo.findAccount(accountId);
      if (seat.role === 'USER' || !options.billing || account?.membershipType !== 'Group') return null;
      const { provider } = await options.billing.deps();
      return provider.accountManagementUrl(accountId).catch(() => null);
    },
    resendInvitation: (requester: Requester, input: { accountId: string; accountUserId: string }) =>
      resendOrganisationInvitation(deps, requester, input),
    /** The accounts the reader holds a seat in, with their role, level and end. */
    memberships: (userId: string) => organisationMembershipsOf(deps, userId),
    join: (reader: { userId: string; email: string; unclaimedAccountId: string | null }, accountId: string) =>
      joinOrganisationAccount(deps, reader, accountId),
    /** The account's claimed domains (owners and admins). */
    domains: (requester: Requester, accountId: string) =>
      organisationAccountDomains(domainDeps(), requester, accountId),
    /** An owner claims a domain; the verification e-mail goes to `input.email` at it. */
    claimDomain: (requester: Requester, input: ClaimDomainInput) =>
      claimOrganisationAccountDomain(domainDeps(), requester, input),
    resendDomainVerification: (
      requester: Requester,
      input: { accountId: string; domainId: string; email?: string | undefined },
    ) => resendOrganisationAccountDomainVerification(domainDeps(), requester, input),
    /** Anyone holding a genuine, current verification link confirms the claim. */
    confirmDomain: (token: string) => confirmOrganisationAccountDomain(domainDeps(), token),
    /** Admins only (the caller checks): marks a claim proved without the e-mail. */
    proveDomain: (domainId: string) => proveOrganisationAccountDomain(domainDeps(), domainId),
    disableDomain: (requester: Requester, input: { accountId: string; domainId: string }) =>
      disableOrganisationAccountDomain(domainDeps(), requester, input),
    enableDomain: (requester: Requester, input: { accountId: string; domainId: string }) =>
      enableOrganisationAccountDomain(domainDeps(), requester, input),
    /** Every user of the account, for the CSV download: managers only (UnauthorizedError otherwise). */
    async allUsers(requester: Requester, accountId: string) {
      await requireOrganisationRole(deps, accountId, requester.userId, ['OWNER', 'ADMIN']);
      const users = [];
      let after: string | undefined;
      for (;;) {
        const page = await organisationAccountUsers(deps, requester, {
          accountId,
          search: undefined,
          first: 100,
          after,
        });
        users.push(...page.users);
        if (!page.hasNextPage || !page.endCursor) return users;
        after = page.endCursor;
      }
    },
    /**
     * Creates an account with its first owner holding the first seat (a purchase, or an admin's
     * Partner grant).
     */
    async createAccount(input: {
      title: string;
      owner: { userId: string; email: string };
      membershipType: 'Group' | 'Partner';
      membershipLevel: MembershipLevel;
      planCode: string | null;
      seats: number;
      accessEndsAt: Date;
      allowsGroupAddresses?: boolean;
    }) {
      const id = randomUUID();
      const owner: NewAccountUser = {
        id: randomUUID(),
        email: input.owner.email.toLowerCase(),
        userId: input.owner.userId,
        role: 'OWNER',
        invitedByUserId: null,
      };
      return repo.createAccount({
        account: {
          id,
          title: input.title,
          ownerUserId: input.owner.userId,
          primaryContactEmail: input.owner.email.toLowerCase(),
          membershipType: input.membershipType,
          membershipLevel: input.membershipLevel,
          planCode: input.planCode,
          purchasedSeats: input.seats,
          accessEndsAt: input.accessEndsAt,
          allowsGroupAddresses: input.allowsGroupAddresses ?? true,
        },
        owner,
      });
    },
    /**
     * An admin grants an organisation a Partner membership, without billing: the owner (a reader with
     * an account) takes the first seat.
     */
    async grantPartnerMembership(input: {
      title: string;
      ownerEmail: string;
      membershipLevel: MembershipLevel;
      seats: number;
      endsAt: Date;
    }) {
      if (input.endsAt <= deps.now()) {
        throw new FieldValidationError([
          { path: ['input', 'endsAt'], code: 'too_small', message: 'The end date must be in the future.' },
        ]);
      }
      const ownerId = (await repo.userIdsByEmail([input.ownerEmail])).get(input.ownerEmail);
      if (!ownerId) {
        throw new FieldValidationError([
          {
            path: ['input', 'ownerEmail'],
            code: 'unknown_reader',
            message: 'The owner must have signed in to the site with this address first.',
          },
        ]);
      }
      return this.createAccount({
        title: input.title,
        owner: { userId: ownerId, email: input.ownerEmail },
        membershipType: 'Partner',
        membershipLevel: input.membershipLevel,
        planCode: null,
        seats: input.seats,
        accessEndsAt: input.endsAt,
      });
    },
    /**
     * The session token's membership facts: seats held for the reader's verified address become theirs,
     * then the better of their individual and organisation memberships wins; an enabled domain claim
     * on their address offers its account (`unclaimed_membership_account_id`).
     */
    async membershipClaims(
      billing: Pick<BillingModule, 'membershipOf'>,
      userId: string,
      reader?: ReaderFacts,
    ): Promise<{ level: MembershipLevel; type: MembershipType; unclaimedAccountId: string | null }> {
      if (reader?.emailVerified) await repo.linkInvitations(userId, reader.email);
      const now = deps.now();
      const [individual, group, unclaimedAccountId] = await Promise.all([
        billing.membershipOf(userId),
        organisationMembershipOf(deps, userId, now),
        reader ? unclaimedMembershipAccountOf(deps, { userId, ...reader }, now) : Promise.resolve(null),
      ]);
      const useGroup =
        group !== null && membershipLevelRank(group.level) > membershipLevelRank(individual.level);
      return useGroup
        ? { level: group.level, type: group.type, unclaimedAccountId }
        : { level: individual.level, type: individual.type, unclaimedAccountId };
    },
    /** The viewer query's records, with the organisation accounts and group membership filled in. */
    records(base: MembershipRecords): MembershipRecords {
      return {
        ...base,
        async groupMembership(userId) {
          const group = await organisationMembershipOf(deps, userId, deps.now());
          return group ? { accountId: group.accountId, title: group.title, status: group.status } : null;
        },
        async organisationAccounts(userId) {
          return (await repo.accountsOf(userId)).map(({ account }) => ({
            accountId: account.id,
            title: account.title,
          }));
        },
      };
    },
  };
}

/**
 * The viewer's records: `base` (billing's) with the organisation accounts and group membership of the
 * organisations module, reached when first asked (the web app's GraphQL route builds its records before
 * the services exist).
 */
export function withOrganisationRecords(
  base: MembershipRecords,
  organisations: () => Promise<Pick<OrganisationsModule, 'records'>>,
): MembershipRecords {
  return {
    ...base,
    groupMembership: async (userId) => (await organisations()).records(base).groupMembership(userId),
    organisationAccounts: async (userId) =>
      (await organisations()).records(base).organisationAccounts(userId),
  };
}

export { usersCsv } from './users-csv';
