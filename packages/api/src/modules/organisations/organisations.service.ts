import type {
  MembershipLevel,
  MembershipStatus,
  MembershipType,
  OrganisationAccountRole,
} from '@bof/config/enums';
import { DomainError } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { SeatAllocationError } from '../../errors/seat-allocation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import type { Mailer } from '../email-change/email-change-mail';
import { isGroupStyleAddress } from '../../inputs/group-style-address';
import { FREE_MAIL_DOMAINS } from './free-mail-domains';
import { organisationInvitationMessage } from './organisation-mail';
import type {
  AccountUserRecord,
  NewAccountUser,
  OrganisationAccountRecord,
  OrganisationSubscriptionRecord,
  OrganisationsRepo,
} from './organisations.repo';
import type { AddUsersInput, UsersFilter } from './organisations.inputs';

export interface OrganisationsDeps {
  repo: OrganisationsRepo;
  mailer: Mailer;
  siteName: string;
  siteUrl: string;
  now: () => Date;
  newId: () => string;
  /** Orders membership levels: higher opens more (billing's rank). */
  levelRank: (level: MembershipLevel) => number;
}

export interface Requester {
  userId: string;
}

/** The seat counts of spec §3 OrganisationAccountSeats. */
export interface OrganisationAccountSeats {
  allocatedSeats: number;
  extraSeatsUsed: number;
  purchasedSeats: number;
  purchasedSeatsRemaining: number;
  totalSeatsAvailable: number;
  totalSeatsRemaining: number;
}

/** A reader's membership through an organisation account. */
export interface OrganisationMembership {
  accountId: string;
  title: string;
  level: MembershipLevel;
  type: Extract<MembershipType, 'Group' | 'Partner'>;
  status: MembershipStatus;
}

export type AddedUserStatus = 'ADDED' | 'INVITED' | 'ALREADY_MEMBER';

export interface AddUsersResult {
  accountId: string;
  rows: { row: number; email: string; status: AddedUserStatus; accountUserId: string }[];
  seats: OrganisationAccountSeats;
}

export const ALL_ROLES: readonly OrganisationAccountRole[] = ['OWNER', 'ADMIN', 'USER'];
export const MANAGERS: readonly OrganisationAccountRole[] = ['OWNER', 'ADMIN'];

export function seatsOf(
  account: Pick<OrganisationAccountRecord, 'purchasedSeats' | 'allocatedSeats'>,
): OrganisationAccountSeats {
  const remaining = Math.max(0, account.purchasedSeats - account.allocatedSeats);
  return {
    allocatedSeats: account.allocatedSeats,
    extraSeatsUsed: Math.max(0, account.allocatedSeats - account.purchasedSeats),
    purchasedSeats: account.purchasedSeats,
    purchasedSeatsRemaining: remaining,
    totalSeatsAvailable: account.purchasedSeats,
    totalSeatsRemaining: remaining,
  };
}

export function isAccountActive(account: Pick<OrganisationAccountRecord, 'accessEndsAt'>, now: Date) {
  return account.accessEndsAt > now;
}

/**
 * The requester's seat in the account when their role is one of `roles`; UnauthorizedError otherwise.
 * An unknown account and one the requester does not belong to are refused alike, with the same words,
 * so the refusal tells nothing about an account that is not theirs.
 */
export async function requireOrganisationRole(
  deps: { repo: Pick<OrganisationsRepo, 'seatOf'> },
  accountId: string,
  userId: string,
  roles: readonly OrganisationAccountRole[],
): Promise<AccountUserRecord> {
  const seat = await deps.repo.seatOf(accountId, userId);
  if (!seat || !roles.includes(seat.role)) throw new UnauthorizedError(userId, accountId);
  return seat;
}

async function accountOrRefuse(deps: OrganisationsDeps, accountId: string, userId: string) {
  const account = await deps.repo.findAccount(accountId);
  if (!account) throw new UnauthorizedError(userId, accountId);
  return account;
}

/** The account as its member sees it, with their own seat; UnauthorizedError for anyone else. */
export async function organisationAccountFor(
  deps: OrganisationsDeps,
  requester: Requester,
  accountId: string,
) {
  const seat = await requireOrganisationRole(deps, accountId, requester.userId, ALL_ROLES);
  const account = await accountOrRefuse(deps, accountId, requester.userId);
  return { account, seat };
}

/** One page of the account's users; any member may list them. */
export async function organisationAccountUsers(
  deps: OrganisationsDeps,
  requester: Requester,
  filter: UsersFilter,
) {
  await requireOrganisationRole(deps, filter.accountId, requester.userId, ALL_ROLES);
  const after = filter.after ? decodeCursor(filter.after) : undefined;
  const rows = await deps.repo.listUsers({
    accountId: filter.accountId,
    search: filter.search,
    role: filter.role,
    limit: filter.first + 1,
    after,
  });
  const page = rows.slice(0, filter.first);
  return {
    users: page,
    hasNextPage: rows.length > filter.first,
    endCursor: page.length > 0 ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export function encodeCursor(row: Pick<AccountUserRecord, 'email' | 'accountUserId'>): string {
  return Buffer.from(JSON.stringify([row.email, row.accountUserId])).toString('base64url');
}

function decodeCursor(cursor: string): { email: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { email: value[0] as string, id: value[1] as string };
    }
  } catch {
    // falls through to the field error
  }
  throw new FieldValidationError([
    { path: ['filter', 'after'], code: 'invalid_cursor', message: 'This is not a cursor of this list.' },
  ]);
}

/**
 * Adds readers to the account, all at once or none: each address takes a seat; readers with an
 * account get the membership at their next token refresh, anyone else gets an invitation e-mail and
 * their seat is held for them. Addresses already on the account are reported, not added twice.
 */
export async function addUsersToOrganisationAccount(
  deps: OrganisationsDeps,
  requester: Requester,
  input: AddUsersInput,
): Promise<AddUsersResult> {
  const seat = await requireOrganisationRole(deps, input.accountId, requester.userId, MANAGERS);
  // Only an owner makes another owner.
  if (input.role === 'OWNER' && seat.role !== 'OWNER') {
    throw new UnauthorizedError(requester.userId, input.accountId);
  }
  const account = await accountOrRefuse(deps, input.accountId, requester.userId);
  if (!isAccountActive(account, deps.now())) {
    throw new DomainError('organisation_membership_ended', "This organisation's membership has ended.");
  }
  if (!account.allowsGroupAddresses) {
    const refused = input.emails
      .map((email, index) => ({ email, index }))
      .filter(({ email }) => isGroupStyleAddress(email));
    if (refused.length > 0) {
      throw new FieldValidationError(
        refused.map(({ email, index }) => ({
          path: ['input', 'emails', String(index)],
          code: 'group_address',
          message: `${email} looks like a shared inbox; this membership is for named people.`,
        })),
      );
    }
  }

  const existing = await deps.repo.existingEmails(input.accountId, input.emails);
  const fresh = input.emails.filter((email) => !existing.has(email));
  if (fresh.length > account.purchasedSeats) throw new SeatAllocationError('INVALID_SEAT_REQUEST');

  const userIds = await deps.repo.userIdsByEmail(fresh);
  const newUsers: NewAccountUser[] = fresh.map((email) => ({
    id: deps.newId(),
    email,
    userId: userIds.get(email) ?? null,
    role: input.role,
    invitedByUserId: requester.userId,
  }));
  if (newUsers.length > 0) {
    const outcome = await deps.repo.allocateSeats(input.accountId, newUsers);
    if (outcome.kind === 'no_seats') throw new SeatAllocationError('NO_SEATS_REMAINING');
    if (outcome.kind === 'already_taken') {
      throw new DomainError(
        'already_added',
        `${outcome.emails.join(', ')} joined the account meanwhile; nobody was added. Try again.`,
      );
    }
    for (const user of newUsers.filter((u) => u.userId === null)) {
      // The seat is held whatever becomes of the e-mail; the list shows the invitation either way.
      await deps.mailer
        .send(
          organisationInvitationMessage({
            to: user.email,
            siteName: deps.siteName,
            siteUrl: deps.siteUrl,
            accountTitle: account.title,
          }),
        )
        .catch((error: unknown) => console.error('Sending an organisation invitation failed', error));
    }
  }

  const after = (await deps.repo.findAccount(input.accountId)) ?? account;
  const added = new Map(newUsers.map((u) => [u.email, u]));
  const rows = await Promise.all(
    input.emails.map(async (email, index) => {
      const user = added.get(email);
      if (user) {
        return {
          row: index + 1,
          email,
          status: (user.userId ? 'ADDED' : 'INVITED') as AddedUserStatus,
          accountUserId: user.id,
        };
      }
      const found = await deps.repo.findAccountUserByEmail(input.accountId, email);
      return {
        row: index + 1,
        email,
        status: 'ALREADY_MEMBER' as AddedUserStatus,
        accountUserId: found?.accountUserId ?? '',
      };
    }),
  );
  return { accountId: input.accountId, rows, seats: seatsOf(after) };
}

async function targetIn(deps: OrganisationsDeps, accountId: string, accountUserId: string) {
  const target = await deps.repo.findAccountUser(accountId, accountUserId);
  if (!target) {
    throw new DomainError('account_user_not_found', 'This person is not on the organisation account.');
  }
  return target;
}

const lastOwner = () =>
  new DomainError(
    'last_owner',
    'An organisation account needs an owner: make someone else owner before this change.',
  );

/**
 * Removes a user from the account and frees their seat. Owners and admins remove users; only an owner
 * removes an admin or an owner; anyone may leave (remove their own seat); the last owner stays.
 */
export async function removeUserFromOrganisationAccount(
  deps: OrganisationsDeps,
  requester: Requester,
  input: { accountId: string; accountUserId: string },
) {
  const seat = await requireOrganisationRole(deps, input.accountId, requester.userId, ALL_ROLES);
  // Anyone may leave (their own seat); removing someone else is a manager's.
  const leaving = seat.accountUserId === input.accountUserId;
  if (!leaving && !MANAGERS.includes(seat.role)) {
    throw new UnauthorizedError(requester.userId, input.accountId);
  }
  const target = leaving ? seat : await targetIn(deps, input.accountId, input.accountUserId);
  if (!leaving && target.role !== 'USER' && seat.role !== 'OWNER') {
    throw new UnauthorizedError(requester.userId, input.accountId);
  }
  const owners = target.role === 'OWNER' ? await deps.repo.ownersOf(input.accountId) : [];
  if (target.role === 'OWNER' && owners.length <= 1) throw lastOwner();
  await deps.repo.removeAccountUser(input.accountId, input.accountUserId);
  if (target.role === 'OWNER') await keepOwnerRecorded(deps, input.accountId);
  const account = await accountOrRefuse(deps, input.accountId, requester.userId);
  return { removed: target, seats: seatsOf(account) };
}

/**
 * Changes a user's role. An admin may make a user an admin; everything touching an owner or an
 * admin's role is an owner's; the last owner keeps the role.
 */
export async function changeOrganisationAccountUserRole(
  deps: OrganisationsDeps,
  requester: Requester,
  input: { accountId: string; accountUserId: string; role: OrganisationAccountRole },
) {
  const seat = await requireOrganisationRole(deps, input.accountId, requester.userId, MANAGERS);
  const target = await targetIn(deps, input.accountId, input.accountUserId);
  if (seat.role !== 'OWNER' && (target.role !== 'USER' || input.role === 'OWNER')) {
    throw new UnauthorizedError(requester.userId, input.accountId);
  }
  if (target.role === input.role) return { ...target };
  if (target.role === 'OWNER' && (await deps.repo.ownersOf(input.accountId)).length <= 1) throw lastOwner();
  if (input.role === 'OWNER' && !target.userId) {
    throw new DomainError(
      'owner_not_signed_in',
      'Only someone who has signed in can be an owner: wait until they accept the invitation.',
    );
  }
  await deps.repo.setRole(input.accountId, input.accountUserId, input.role);
  if (target.role === 'OWNER' || input.role === 'OWNER') await keepOwnerRecorded(deps, input.accountId);
  return { ...target, role: input.role };
}

/** The account's `owner` is its longest-standing owner. */
async function keepOwnerRecorded(deps: OrganisationsDeps, accountId: string) {
  const [first] = await deps.repo.ownersOf(accountId);
  if (first?.userId) await deps.repo.setOwner(accountId, first.userId);
}

/** The best membership the reader holds through organisation accounts, if any is live. */
export async function organisationMembershipOf(
  deps: Pick<OrganisationsDeps, 'repo' | 'levelRank'>,
  userId: string,
  now: Date,
): Promise<OrganisationMembership | null> {
  const held = await deps.repo.accountsOf(userId);
  const live = held
    .filter(({ account }) => isAccountActive(account, now))
    .sort(
      (a, b) =>
        deps.levelRank(b.account.membershipLevel as MembershipLevel) -
        deps.levelRank(a.account.membershipLevel as MembershipLevel),
    );
  const best = live[0]?.account;
  if (best) {
    const subscription = (await deps.repo.subscriptionsOf(best.id)).at(-1);
    return {
      accountId: best.id,
      title: best.title,
      level: best.membershipLevel as MembershipLevel,
      type: best.membershipType,
      status: subscription ? organisationStatusOf(best, subscription, now).status : 'ActiveRenewing',
    };
  }
  const lapsed = held[0]?.account;
  if (!lapsed) return null;
  return {
    accountId: lapsed.id,
    title: lapsed.title,
    level: 'None',
    type: lapsed.membershipType,
    status: 'Expired',
  };
}

/**
 * The account whose membership the reader may join through their e-mail domain (the token's
 * `unclaimed_membership_account_id`): an enabled, proved claim on the domain of a verified address, of
 * a live account the reader is not in yet.
 */
export async function unclaimedMembershipAccountOf(
  deps: Pick<OrganisationsDeps, 'repo'>,
  reader: { userId: string; email: string; emailVerified: boolean },
  now: Date,
): Promise<string | null> {
  if (!reader.emailVerified) return null;
  const domain = reader.email.split('@')[1]?.toLowerCase();
  // Anyone can hold an address at a free-mail provider: a claim on one never offers a seat.
  if (!domain || FREE_MAIL_DOMAINS.has(domain)) return null;
  const claim = await deps.repo.enabledDomain(domain);
  if (!claim) return null;
  const [account, seat] = await Promise.all([
    deps.repo.findAccount(claim.accountId),
    deps.repo.seatOf(claim.accountId, reader.userId),
  ]);
  if (!account || seat || !isAccountActive(account, now)) return null;
  // A shared inbox at the domain takes no seat where the account's plan is for named people.
  if (!account.allowsGroupAddresses && isGroupStyleAddress(reader.email)) return null;
  return account.id;
}

/**
 * Sends the invitation e-mail again to an address whose seat is held and not taken up yet. Owners and
 * admins only.
 */
export async function resendOrganisationInvitation(
  deps: OrganisationsDeps,
  requester: Requester,
  input: { accountId: string; accountUserId: string },
): Promise<AccountUserRecord> {
  await requireOrganisationRole(deps, input.accountId, requester.userId, MANAGERS);
  const target = await targetIn(deps, input.accountId, input.accountUserId);
  if (target.userId) {
    throw new DomainError(
      'invitation_taken_up',
      `${target.email} has already joined: there is no invitation to send again.`,
    );
  }
  const account = await accountOrRefuse(deps, input.accountId, requester.userId);
  if (!isAccountActive(account, deps.now())) {
    throw new DomainError('organisation_membership_ended', "This organisation's membership has ended.");
  }
  await deps.mailer.send(
    organisationInvitationMessage({
      to: target.email,
      siteName: deps.siteName,
      siteUrl: deps.siteUrl,
      accountTitle: account.title,
    }),
  );
  return target;
}

/**
 * An organisation account's status (spec §4), as an individual's is read from their subscription: live
 * and renewing, live but cancelled (to the end of what was paid), or ended; `paymentFailing` while a
 * renewal's payment is being retried (access continues meanwhile). A Partner grant renews never.
 */
export function organisationStatusOf(
  account: Pick<OrganisationAccountRecord, 'accessEndsAt' | 'membershipType'>,
  subscription: Pick<OrganisationSubscriptionRecord, 'state' | 'isInDunning'> | undefined,
  now: Date,
): { status: MembershipStatus; paymentFailing: boolean } {
  if (!isAccountActive(account, now)) return { status: 'Expired', paymentFailing: false };
  if (!subscription) {
    return {
      status: account.membershipType === 'Partner' ? 'ActiveCanceled' : 'ActiveRenewing',
      paymentFailing: false,
    };
  }
  return {
    status: subscription.state === 'ACTIVE' ? 'ActiveRenewing' : 'ActiveCanceled',
    paymentFailing: subscription.state === 'ACTIVE' && subscription.isInDunning,
  };
}

/**
 * A reader's seats: every account they hold a seat in, with their role, level and end, its plan,
 * seats (taken and bought) and status.
 */
export async function organisationMembershipsOf(
  deps: Pick<OrganisationsDeps, 'repo' | 'now'>,
  userId: string,
) {
  const now = deps.now();
  const held = await deps.repo.accountsOf(userId);
  return Promise.all(
    held.map(async ({ account, role }) => {
      const subscription = (await deps.repo.subscriptionsOf(account.id)).at(-1);
      return {
        accountId: account.id,
        title: account.title,
        role,
        membershipType: account.membershipType,
        membershipLevel: account.membershipLevel as MembershipLevel,
        planCode: account.planCode,
        accessEndsAt: account.accessEndsAt,
        active: isAccountActive(account, now),
        seats: seatsOf(account),
        subscription: subscription ?? null,
        ...organisationStatusOf(account, subscription, now),
        seat: (await deps.repo.seatOf(account.id, userId))!,
      };
    }),
  );
}

/**
 * The reader joins the account their e-mail domain is claimed by (the token's
 * `unclaimed_membership_account_id`) and takes a seat as USER. The claim is checked again now: a
 * claim disabled since the token was issued, an account that ended, or another account id is refused
 * with UnauthorizedError; a full account with SeatAllocationError NO_SEATS_REMAINING.
 */
export async function joinOrganisationAccount(
  deps: OrganisationsDeps,
  reader: { userId: string; email: string; unclaimedAccountId: string | null },
  accountId: string,
): Promise<AccountUserRecord> {
  const refuse = () => new UnauthorizedError(reader.userId, accountId);
  if (reader.unclaimedAccountId !== accountId) throw refuse();
  const offered = await unclaimedMembershipAccountOf(
    deps,
    { userId: reader.userId, email: reader.email, emailVerified: true },
    deps.now(),
  );
  if (offered !== accountId) throw refuse();
  const user: NewAccountUser = {
    id: deps.newId(),
    email: reader.email.toLowerCase(),
    userId: reader.userId,
    role: 'USER',
    invitedByUserId: null,
  };
  const outcome = await deps.repo.allocateSeats(accountId, [user]);
  if (outcome.kind === 'no_seats') throw new SeatAllocationError('NO_SEATS_REMAINING');
  if (outcome.kind === 'already_taken') {
    throw new DomainError(
      'already_added',
      'A seat is already held for your address in this account: it becomes yours at your next sign-in.',
    );
  }
  return (await deps.repo.seatOf(accountId, reader.userId))!;
}
