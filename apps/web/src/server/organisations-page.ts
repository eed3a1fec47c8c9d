import { findPlan } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import type { AccountDomain } from '../components/organisations/organisation-domains';
import type { AccountUser, Role } from '../components/organisations/organisation-users';

export type Membership = Awaited<ReturnType<typeof membershipsOf>>[number];

/**
 * The organisation accounts the reader holds a seat in, with their role, level, plan, seats, renewal
 * and status; owners and admins also see the account's invoices (null while the billing provider
 * cannot be reached).
 */
export async function membershipsOf(userId: string) {
  const { organisations } = await runningServices();
  const held = await organisations.memberships(userId);
  return Promise.all(
    held.map(async (m) => ({
      accountId: m.accountId,
      title: m.title,
      role: m.role as Role,
      membershipType: m.membershipType,
      membershipLevel: m.membershipLevel,
      planTitle: m.planCode ? (findPlan(m.planCode)?.title ?? m.planCode) : null,
      accessEndsAt: m.accessEndsAt.toISOString(),
      active: m.active,
      status: m.status,
      paymentFailing: m.paymentFailing,
      /** The next renewal, for a subscription that renews. */
      renewsAt:
        m.subscription && m.subscription.state === 'ACTIVE'
          ? m.subscription.currentPeriodEndsAt.toISOString()
          : null,
      canBuySeats: m.role === 'OWNER' && m.subscription?.state === 'ACTIVE' && m.active,
      seats: { allocatedSeats: m.seats.allocatedSeats, purchasedSeats: m.seats.purchasedSeats },
      invoices:
        m.role === 'USER'
          ? []
          : ((await organisations.invoices({ userId }, m.accountId))?.map((i) => ({
              id: i.id,
              createdAt: i.createdAt.toISOString(),
              state: i.state,
              total: i.total,
              currency: i.currency,
            })) ?? null),
      accountUserId: m.seat.accountUserId,
    })),
  );
}

/** The account's seat counts and first page of users, for one of its owners or admins. */
export async function usersPageData(userId: string, accountId: string) {
  const { organisations } = await runningServices();
  const [{ account }, page] = await Promise.all([
    organisations.account({ userId }, accountId),
    organisations.users({ userId }, { accountId, search: undefined, first: 25 }),
  ]);
  const users: AccountUser[] = page.users.map((u) => ({
    accountUserId: u.accountUserId,
    userId: u.userId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
  }));
  const remaining = Math.max(0, account.purchasedSeats - account.allocatedSeats);
  return {
    seats: {
      allocatedSeats: account.allocatedSeats,
      purchasedSeats: account.purchasedSeats,
      totalSeatsRemaining: remaining,
    },
    page: { users, hasNextPage: page.hasNextPage, endCursor: page.endCursor },
  };
}

/** The name of the account the reader may join through their e-mail domain, if it is live. */
export async function offeredAccount(accountId: string | null) {
  if (!accountId) return null;
  const account = await (await runningServices()).organisations.repo.findAccount(accountId);
  return account && account.accessEndsAt > new Date() ? { accountId, title: account.title } : null;
}

/** The account's claimed domains, for one of its owners or admins (UnauthorizedError otherwise). */
export async function domainsPageData(userId: string, accountId: string): Promise<AccountDomain[]> {
  const { organisations } = await runningServices();
  const domains = await organisations.domains({ userId }, accountId);
  return Promise.all(
    domains.map(async (d) => ({
      domainId: d.id,
      domain: d.domain,
      isDisabled: d.disabledAt !== null,
      isVerified: d.verifiedAt !== null,
      verificationEmail: d.verificationEmail,
      verificationSentAt: d.verificationSentAt?.toISOString() ?? null,
      verifiedAt: d.verifiedAt?.toISOString() ?? null,
      createdAt: d.createdAt.toISOString(),
      disabledAt: d.disabledAt?.toISOString() ?? null,
      disablerEmail: d.disablerUserId
        ? ((await organisations.repo.seatOf(accountId, d.disablerUserId))?.email ?? null)
        : null,
    })),
  );
}
