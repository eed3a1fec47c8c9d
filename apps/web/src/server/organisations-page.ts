import { runningServices } from '@bof/api/running-services';
import type { AccountDomain } from '../components/organisations/organisation-domains';
import type { AccountUser, Role } from '../components/organisations/organisation-users';

export type Membership = Awaited<ReturnType<typeof membershipsOf>>[number];

/** The organisation accounts the reader holds a seat in, with their role, level and end. */
export async function membershipsOf(userId: string) {
  const held = await (await runningServices()).organisations.memberships(userId);
  return held.map((m) => ({
    accountId: m.accountId,
    title: m.title,
    role: m.role as Role,
    membershipType: m.membershipType,
    membershipLevel: m.membershipLevel,
    accessEndsAt: m.accessEndsAt.toISOString(),
    active: m.active,
    accountUserId: m.seat.accountUserId,
  }));
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
