import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { OrganisationAccountRole } from '@bof/config/enums';
import type { ProviderSubscription } from '@bof/billing/billing-provider';
import type { Database } from '@bof/db/client';
import {
  accounts,
  organisationAccountDomains,
  organisationAccounts,
  organisationAccountUsers,
  organisationSubscriptions,
  userData,
} from '@bof/db/schema';

export type OrganisationAccountRecord = typeof organisationAccounts.$inferSelect;
export type OrganisationSubscriptionRecord = typeof organisationSubscriptions.$inferSelect;
export type OrganisationDomainRecord = typeof organisationAccountDomains.$inferSelect;

/** A seat as the users list shows it: the account's row, with the reader's name when known. */
export interface AccountUserRecord {
  accountUserId: string;
  accountId: string;
  userId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: OrganisationAccountRole;
  createdAt: Date;
}

export interface NewAccountUser {
  id: string;
  email: string;
  userId: string | null;
  role: OrganisationAccountRole;
  invitedByUserId: string | null;
}

/** Why an allocation did not happen (the service turns these into SeatAllocationErrors). */
export type AllocationOutcome =
  | { kind: 'allocated'; users: NewAccountUser[] }
  | { kind: 'no_seats' }
  | { kind: 'already_taken'; emails: string[] };

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const userColumns = {
  accountUserId: organisationAccountUsers.id,
  accountId: organisationAccountUsers.accountId,
  userId: organisationAccountUsers.userId,
  email: organisationAccountUsers.email,
  firstName: userData.firstName,
  lastName: userData.lastName,
  role: organisationAccountUsers.role,
  createdAt: organisationAccountUsers.createdAt,
};

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * When an organisation's access ends, by its subscription's state, as an individual's does: active (in
 * dunning too, while the provider retries) to the end of the paid period; cancelled to the end of what
 * was paid; expired or failed at once (its expiry, or the moment the provider changed it).
 */
export function accessEndOf(sub: ProviderSubscription): Date {
  switch (sub.state) {
    case 'ACTIVE':
      return sub.currentPeriodEndsAt;
    case 'CANCELED':
      return sub.expiresAt ?? sub.currentPeriodEndsAt;
    default:
      return sub.expiresAt && sub.expiresAt < sub.updatedAt ? sub.expiresAt : sub.updatedAt;
  }
}

/**
 * Brings an organisation's subscription and its account in line with the provider's record, unless the
 * product holds a newer state already (a later `updatedAt`): a renewal moves the account's end to the
 * new period's, a cancellation to the end of what was paid, an expiry (dunning ran out, a refund ended
 * it) to its expiry. The seats bought follow the provider's quantity, never below the seats taken.
 * Runs in the caller's transaction (a webhook's). Nothing happens for a subscription not on record.
 */
export async function syncOrganisationSubscription(db: Database, sub: ProviderSubscription): Promise<void> {
  const [row] = await db
    .update(organisationSubscriptions)
    .set({
      state: sub.state,
      currentPeriodEndsAt: sub.currentPeriodEndsAt,
      ...(sub.quantity === undefined ? {} : { seats: sub.quantity }),
      unitAmount: sub.unitAmount,
      cancelledAt: sub.cancelledAt,
      expiresAt: sub.expiresAt,
      isInDunning: sub.isInDunning,
      providerUpdatedAt: sub.updatedAt,
    })
    .where(
      and(
        eq(organisationSubscriptions.id, sub.uuid),
        sql`(${organisationSubscriptions.providerUpdatedAt} is null or ${organisationSubscriptions.providerUpdatedAt} <= ${sub.updatedAt.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ accountId: organisationSubscriptions.accountId, seats: organisationSubscriptions.seats });
  if (!row) return;
  await db
    .update(organisationAccounts)
    .set({
      accessEndsAt: accessEndOf(sub),
      purchasedSeats: sql`greatest(${organisationAccounts.allocatedSeats}, ${row.seats})`,
    })
    .where(eq(organisationAccounts.id, row.accountId));
}

/** The only place that builds organisation queries. */
export function createOrganisationsRepo(db: Database) {
  async function existingEmails(accountId: string, emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await db
      .select({ email: organisationAccountUsers.email })
      .from(organisationAccountUsers)
      .where(
        and(
          eq(organisationAccountUsers.accountId, accountId),
          inArray(organisationAccountUsers.email, [...emails]),
        ),
      );
    return new Set(rows.map((r) => r.email));
  }

  return {
    async createAccount(input: {
      account: typeof organisationAccounts.$inferInsert;
      owner: NewAccountUser;
      subscription?: typeof organisationSubscriptions.$inferInsert;
    }): Promise<OrganisationAccountRecord> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .insert(organisationAccounts)
          .values({ ...input.account, allocatedSeats: 1 })
          .returning();
        await tx.insert(organisationAccountUsers).values({ ...input.owner, accountId: input.account.id });
        if (input.subscription) await tx.insert(organisationSubscriptions).values(input.subscription);
        return account!;
      });
    },

    async findAccount(accountId: string): Promise<OrganisationAccountRecord | null> {
      const [row] = await db
        .select()
        .from(organisationAccounts)
        .where(eq(organisationAccounts.id, accountId));
      return row ?? null;
    },

    /** The requester's own seat in the account, or null when they hold none (or the account is unknown). */
    async seatOf(accountId: string, userId: string): Promise<AccountUserRecord | null> {
      const [row] = await db
        .select(userColumns)
        .from(organisationAccountUsers)
        .leftJoin(userData, eq(userData.userId, organisationAccountUsers.userId))
        .where(
          and(eq(organisationAccountUsers.accountId, accountId), eq(organisationAccountUsers.userId, userId)),
        );
      return row ?? null;
    },

    async findAccountUser(accountId: string, accountUserId: string): Promise<AccountUserRecord | null> {
      const [row] = await db
        .select(userColumns)
        .from(organisationAccountUsers)
        .leftJoin(userData, eq(userData.userId, organisationAccountUsers.userId))
        .where(
          and(
            eq(organisationAccountUsers.accountId, accountId),
            eq(organisationAccountUsers.id, accountUserId),
          ),
        );
      return row ?? null;
    },

    async findAccountUserByEmail(accountId: string, email: string): Promise<AccountUserRecord | null> {
      const [row] = await db
        .select(userColumns)
        .from(organisationAccountUsers)
        .leftJoin(userData, eq(userData.userId, organisationAccountUsers.userId))
        .where(
          and(eq(organisationAccountUsers.accountId, accountId), eq(organisationAccountUsers.email, email)),
        );
      return row ?? null;
    },

    /** The accounts the reader holds a seat in, with their role. */
    async accountsOf(
      userId: string,
    ): Promise<{ account: OrganisationAccountRecord; role: OrganisationAccountRole }[]> {
      return db
        .select({ account: organisationAccounts, role: organisationAccountUsers.role })
        .from(organisationAccountUsers)
        .innerJoin(organisationAccounts, eq(organisationAccounts.id, organisationAccountUsers.accountId))
        .where(eq(organisationAccountUsers.userId, userId))
        .orderBy(asc(organisationAccounts.title), asc(organisationAccounts.id));
    },

    /** Readers with an account already, by (lower-case) e-mail address. */
    async userIdsByEmail(emails: readonly string[]): Promise<Map<string, string>> {
      if (emails.length === 0) return new Map();
      const rows = await db
        .select({ userId: accounts.userId, email: sql<string>`lower(${accounts.email})` })
        .from(accounts)
        .where(inArray(sql`lower(${accounts.email})`, [...emails]));
      return new Map(rows.map((r) => [r.email, r.userId]));
    },

    existingEmails,

    /**
     * Takes `users.length` seats and adds the users, all or none. The seat count is raised by one
     * conditional UPDATE: PostgreSQL locks the account's row, so concurrent requests for the last seat
     * are decided one after the other and at most the purchased seats are ever taken.
     */
    async allocateSeats(accountId: string, users: readonly NewAccountUser[]): Promise<AllocationOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const taken = await tx
            .update(organisationAccounts)
            .set({ allocatedSeats: sql`${organisationAccounts.allocatedSeats} + ${users.length}` })
            .where(
              and(
                eq(organisationAccounts.id, accountId),
                sql`${organisationAccounts.allocatedSeats} + ${users.length} <= ${organisationAccounts.purchasedSeats}`,
              ),
            )
            .returning({ id: organisationAccounts.id });
          if (taken.length === 0) return { kind: 'no_seats' } as const;
          await tx.insert(organisationAccountUsers).values(users.map((u) => ({ ...u, accountId })));
          return { kind: 'allocated', users: [...users] } as const;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const already = await existingEmails(
          accountId,
          users.map((u) => u.email),
        );
        return { kind: 'already_taken', emails: [...already] };
      }
    },

    /** Frees the seat; false when it was gone already. */
    async removeAccountUser(accountId: string, accountUserId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(organisationAccountUsers)
          .where(
            and(
              eq(organisationAccountUsers.accountId, accountId),
              eq(organisationAccountUsers.id, accountUserId),
            ),
          )
          .returning({ id: organisationAccountUsers.id });
        if (removed.length === 0) return false;
        await tx
          .update(organisationAccounts)
          .set({ allocatedSeats: sql`${organisationAccounts.allocatedSeats} - 1` })
          .where(eq(organisationAccounts.id, accountId));
        return true;
      });
    },

    async setRole(accountId: string, accountUserId: string, role: OrganisationAccountRole): Promise<void> {
      await db
        .update(organisationAccountUsers)
        .set({ role })
        .where(
          and(
            eq(organisationAccountUsers.accountId, accountId),
            eq(organisationAccountUsers.id, accountUserId),
          ),
        );
    },

    async setOwner(accountId: string, ownerUserId: string): Promise<void> {
      await db
        .update(organisationAccounts)
        .set({ ownerUserId })
        .where(eq(organisationAccounts.id, accountId));
    },

    /** The account's owners with a reader behind them, oldest first. */
    async ownersOf(accountId: string): Promise<AccountUserRecord[]> {
      return db
        .select(userColumns)
        .from(organisationAccountUsers)
        .leftJoin(userData, eq(userData.userId, organisationAccountUsers.userId))
        .where(
          and(eq(organisationAccountUsers.accountId, accountId), eq(organisationAccountUsers.role, 'OWNER')),
        )
        .orderBy(asc(organisationAccountUsers.createdAt), asc(organisationAccountUsers.id));
    },

    /**
     * One page of the account's users, by e-mail address: matching a search on name or address, and a
     * role. `after` is the last row of the previous page (its e-mail and id).
     */
    async listUsers(filter: {
      accountId: string;
      search?: string | undefined;
      role?: OrganisationAccountRole | undefined;
      limit: number;
      after?: { email: string; id: string } | undefined;
    }): Promise<AccountUserRecord[]> {
      const term = filter.search ? likePattern(filter.search) : null;
      return db
        .select(userColumns)
        .from(organisationAccountUsers)
        .leftJoin(userData, eq(userData.userId, organisationAccountUsers.userId))
        .where(
          and(
            eq(organisationAccountUsers.accountId, filter.accountId),
            filter.role ? eq(organisationAccountUsers.role, filter.role) : undefined,
            // The address, or the name as one string (the first name, the last name and both
            // together): two lookups, each by its trigram index (an OR across the joined tables would
            // read every seat of the account and test both on each), united by seat id.
            term
              ? sql`${organisationAccountUsers.id} in (
                  select o.id from ${organisationAccountUsers} o
                   where o.account_id = ${filter.accountId} and o.email ilike ${term}
                  union
                  select o.id from ${organisationAccountUsers} o
                    join ${userData} u on u.user_id = o.user_id
                   where o.account_id = ${filter.accountId}
                     and (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ${term})`
              : undefined,
            filter.after
              ? or(
                  gt(organisationAccountUsers.email, filter.after.email),
                  and(
                    eq(organisationAccountUsers.email, filter.after.email),
                    gt(organisationAccountUsers.id, filter.after.id),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(asc(organisationAccountUsers.email), asc(organisationAccountUsers.id))
        .limit(filter.limit);
    },

    /**
     * Seats held for `email` in any account become the reader's once they have proved the address
     * (a verified address, at sign-in). Returns how many were linked.
     */
    async linkInvitations(userId: string, email: string): Promise<number> {
      const linked = await db
        .update(organisationAccountUsers)
        .set({ userId })
        .where(
          and(
            isNull(organisationAccountUsers.userId),
            eq(organisationAccountUsers.email, email.toLowerCase()),
            // A reader never holds two seats in one account.
            sql`not exists (select 1 from ${organisationAccountUsers} o2 where o2.account_id = ${organisationAccountUsers.accountId} and o2.user_id = ${userId})`,
          ),
        )
        .returning({ id: organisationAccountUsers.id });
      return linked.length;
    },

    /** Writes the provider's state of an organisation's subscription (see `syncOrganisationSubscription`). */
    syncSubscription: (sub: ProviderSubscription) =>
      db.transaction((tx) => syncOrganisationSubscription(tx as unknown as Database, sub)),

    /**
     * Records seats bought on the account's subscription: the subscription's new count and price, and
     * the account's purchased seats raised to the same count, in one transaction (the row lock orders it
     * with seat allocations). A change the provider reported as older than the state held changes
     * nothing on the subscription's price but still never lowers the seats.
     */
    async recordSeatPurchase(input: {
      accountId: string;
      sub: ProviderSubscription;
      seats: number;
      itemPrice: number;
      taxAmount: number;
    }): Promise<OrganisationAccountRecord> {
      return db.transaction(async (tx) => {
        await tx
          .update(organisationSubscriptions)
          .set({
            seats: sql`greatest(${organisationSubscriptions.seats}, ${input.seats})`,
            itemPrice: input.itemPrice,
            taxAmount: input.taxAmount,
            unitAmount: input.sub.unitAmount,
            state: input.sub.state,
            currentPeriodEndsAt: input.sub.currentPeriodEndsAt,
            providerUpdatedAt: input.sub.updatedAt,
          })
          .where(
            and(
              eq(organisationSubscriptions.id, input.sub.uuid),
              eq(organisationSubscriptions.accountId, input.accountId),
            ),
          );
        const [account] = await tx
          .update(organisationAccounts)
          .set({ purchasedSeats: sql`greatest(${organisationAccounts.purchasedSeats}, ${input.seats})` })
          .where(eq(organisationAccounts.id, input.accountId))
          .returning();
        return account!;
      });
    },

    async subscriptionsOf(accountId: string): Promise<OrganisationSubscriptionRecord[]> {
      return db
        .select()
        .from(organisationSubscriptions)
        .where(eq(organisationSubscriptions.accountId, accountId))
        .orderBy(asc(organisationSubscriptions.createdAt));
    },

    async domainsOf(accountId: string): Promise<OrganisationDomainRecord[]> {
      return db
        .select()
        .from(organisationAccountDomains)
        .where(eq(organisationAccountDomains.accountId, accountId))
        .orderBy(asc(organisationAccountDomains.domain), asc(organisationAccountDomains.createdAt));
    },

    async findDomain(domainId: string): Promise<OrganisationDomainRecord | null> {
      const [row] = await db
        .select()
        .from(organisationAccountDomains)
        .where(eq(organisationAccountDomains.id, domainId));
      return row ?? null;
    },

    /** The enabled claims (proved or not) on `domain`, of every account. */
    async enabledClaimsOn(domain: string): Promise<OrganisationDomainRecord[]> {
      return db
        .select()
        .from(organisationAccountDomains)
        .where(
          and(eq(organisationAccountDomains.domain, domain), isNull(organisationAccountDomains.disabledAt)),
        );
    },

    /** A new, unproved claim; null when the account has an enabled claim on the domain already. */
    async insertDomain(row: {
      id: string;
      accountId: string;
      domain: string;
      creatorUserId: string;
    }): Promise<OrganisationDomainRecord | null> {
      try {
        const [created] = await db.insert(organisationAccountDomains).values(row).returning();
        return created!;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Records where and when the latest verification e-mail went: earlier links stop working. */
    async setVerificationSent(domainId: string, email: string, at: Date): Promise<OrganisationDomainRecord> {
      const [row] = await db
        .update(organisationAccountDomains)
        .set({ verificationEmail: email, verificationSentAt: at })
        .where(eq(organisationAccountDomains.id, domainId))
        .returning();
      return row!;
    },

    /**
     * Marks an enabled, unproved claim proved, once: `sentAt` (a link's) must be the latest e-mail's.
     * `taken` when another account proved the domain first.
     */
    async markDomainVerified(
      domainId: string,
      at: Date,
      sentAt: Date | null,
    ): Promise<
      { kind: 'verified'; domain: OrganisationDomainRecord } | { kind: 'not_pending' } | { kind: 'taken' }
    > {
      try {
        const [row] = await db
          .update(organisationAccountDomains)
          .set({ verifiedAt: at })
          .where(
            and(
              eq(organisationAccountDomains.id, domainId),
              isNull(organisationAccountDomains.verifiedAt),
              isNull(organisationAccountDomains.disabledAt),
              sentAt ? eq(organisationAccountDomains.verificationSentAt, sentAt) : undefined,
            ),
          )
          .returning();
        return row ? { kind: 'verified', domain: row } : { kind: 'not_pending' };
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'taken' };
        throw error;
      }
    },

    /**
     * Disables (with who and when) or enables again the account's claim. `taken` when enabling would
     * make a second enabled claim on the domain (in this account, or a proved one elsewhere).
     */
    async setDomainDisabled(
      accountId: string,
      domainId: string,
      disabled: { at: Date; byUserId: string } | null,
    ): Promise<{ kind: 'done'; domain: OrganisationDomainRecord | null } | { kind: 'taken' }> {
      try {
        const [row] = await db
          .update(organisationAccountDomains)
          .set({ disabledAt: disabled?.at ?? null, disablerUserId: disabled?.byUserId ?? null })
          .where(
            and(
              eq(organisationAccountDomains.accountId, accountId),
              eq(organisationAccountDomains.id, domainId),
            ),
          )
          .returning();
        return { kind: 'done', domain: row ?? null };
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'taken' };
        throw error;
      }
    },

    /** The enabled, proved claim on `domain`, if any. */
    async enabledDomain(domain: string): Promise<OrganisationDomainRecord | null> {
      const [row] = await db
        .select()
        .from(organisationAccountDomains)
        .where(
          and(
            eq(organisationAccountDomains.domain, domain),
            isNull(organisationAccountDomains.disabledAt),
            sql`${organisationAccountDomains.verifiedAt} is not null`,
          ),
        );
      return row ?? null;
    },
  };
}

export type OrganisationsRepo = ReturnType<typeof createOrganisationsRepo>;
