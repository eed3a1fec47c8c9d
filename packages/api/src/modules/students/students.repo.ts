import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  academicDomainRules,
  accounts,
  billingSubscriptions,
  studentGraduationNotices,
  userAcademicData,
} from '@bof/db/schema';
import type { DomainRule } from './academic-domains';

export type AcademicDataRow = typeof userAcademicData.$inferSelect;

/** PostgreSQL's unique violation, through drizzle's wrapper (pg and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** A student subscription coming up for renewal, with what graduation handling needs of its reader. */
export interface RenewingStudent {
  subscriptionUuid: string;
  userId: string;
  accountEmail: string;
  currency: string;
  currentPeriodStartedAt: Date;
  currentPeriodEndsAt: Date;
  graduationYear: number | null;
}

/** The only place that builds the student memberships' queries. */
export function createStudentsRepo(db: Database) {
  return {
    async find(userId: string): Promise<AcademicDataRow | null> {
      const [row] = await db.select().from(userAcademicData).where(eq(userAcademicData.userId, userId));
      return row ?? null;
    },

    /** The reader whose verification holds `email`, verified since `since` (another reader's included). */
    async verifiedHolderOf(email: string): Promise<AcademicDataRow | null> {
      const [row] = await db
        .select()
        .from(userAcademicData)
        .where(and(eq(userAcademicData.email, email), eq(userAcademicData.emailVerified, true)));
      return row ?? null;
    },

    /** Stores a new code for the reader's address, replacing any earlier address and code. */
    async savePending(input: {
      userId: string;
      email: string;
      graduationYear: number;
      institution: string | null;
      codeHash: string;
      codeExpiresAt: Date;
      now: Date;
    }): Promise<void> {
      const values = {
        email: input.email,
        graduationYear: input.graduationYear,
        institution: input.institution,
        emailVerified: false,
        emailVerifiedDateTime: null,
        emailVerificationCodeHash: input.codeHash,
        codeExpiresAt: input.codeExpiresAt,
        codeAttempts: 0,
        updatedAt: input.now,
      };
      await db
        .insert(userAcademicData)
        .values({ userId: input.userId, ...values, createdAt: input.now })
        .onConflictDoUpdate({ target: userAcademicData.userId, set: values });
    },

    /**
     * Counts one try at the reader's live code (unverified, not expired, under `maxAttempts`) and returns
     * the row; null when there is none. Counting before comparing keeps parallel guesses within the limit.
     */
    async claimAttempt(userId: string, now: Date, maxAttempts: number): Promise<AcademicDataRow | null> {
      const [row] = await db
        .update(userAcademicData)
        .set({ codeAttempts: sql`${userAcademicData.codeAttempts} + 1`, updatedAt: now })
        .where(
          and(
            eq(userAcademicData.userId, userId),
            eq(userAcademicData.emailVerified, false),
            isNotNull(userAcademicData.emailVerificationCodeHash),
            gt(userAcademicData.codeExpiresAt, now),
            lt(userAcademicData.codeAttempts, maxAttempts),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The code no longer works (too many wrong tries). */
    async voidCode(userId: string, now: Date): Promise<void> {
      await db
        .update(userAcademicData)
        .set({ emailVerificationCodeHash: null, updatedAt: now })
        .where(eq(userAcademicData.userId, userId));
    },

    /**
     * Marks the reader's address verified. A verification of the same address by another reader from an
     * earlier academic year (before `yearStart`) lapses first; a current one makes this throw a unique
     * violation, nothing changed.
     */
    async markVerified(userId: string, email: string, now: Date, yearStart: Date): Promise<AcademicDataRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(userAcademicData)
          .set({ emailVerified: false, updatedAt: now })
          .where(
            and(
              eq(userAcademicData.email, email),
              eq(userAcademicData.emailVerified, true),
              ne(userAcademicData.userId, userId),
              lt(userAcademicData.emailVerifiedDateTime, yearStart),
            ),
          );
        const [row] = await tx
          .update(userAcademicData)
          .set({
            emailVerified: true,
            emailVerifiedDateTime: now,
            emailVerificationCodeHash: null,
            codeExpiresAt: null,
            updatedAt: now,
          })
          .where(eq(userAcademicData.userId, userId))
          .returning();
        return row!;
      });
    },

    async rulesFor(domains: string[]): Promise<DomainRule[]> {
      if (domains.length === 0) return [];
      return db
        .select({
          domain: academicDomainRules.domain,
          rule: academicDomainRules.rule,
          institution: academicDomainRules.institution,
        })
        .from(academicDomainRules)
        .where(inArray(academicDomainRules.domain, domains));
    },

    async listRules(): Promise<(DomainRule & { changedBy: string; updatedAt: Date })[]> {
      return db
        .select({
          domain: academicDomainRules.domain,
          rule: academicDomainRules.rule,
          institution: academicDomainRules.institution,
          changedBy: academicDomainRules.changedBy,
          updatedAt: academicDomainRules.updatedAt,
        })
        .from(academicDomainRules)
        .orderBy(academicDomainRules.domain);
    },

    async setRule(rule: DomainRule, changedBy: string, now: Date): Promise<void> {
      const values = { rule: rule.rule, institution: rule.institution, changedBy, updatedAt: now };
      await db
        .insert(academicDomainRules)
        .values({ domain: rule.domain, ...values, createdAt: now })
        .onConflictDoUpdate({ target: academicDomainRules.domain, set: values });
    },

    async removeRule(domain: string): Promise<void> {
      await db.delete(academicDomainRules).where(eq(academicDomainRules.domain, domain));
    },

    /** Active subscriptions on `planCode` whose current period ends by `until` (or the one `uuid`). */
    async renewingStudents(
      planCode: string,
      filter: { until: Date } | { uuid: string } | 'all',
    ): Promise<RenewingStudent[]> {
      return db
        .select({
          subscriptionUuid: billingSubscriptions.uuid,
          userId: billingSubscriptions.userId,
          accountEmail: accounts.email,
          currency: billingSubscriptions.currency,
          currentPeriodStartedAt: billingSubscriptions.currentPeriodStartedAt,
          currentPeriodEndsAt: billingSubscriptions.currentPeriodEndsAt,
          graduationYear: userAcademicData.graduationYear,
        })
        .from(billingSubscriptions)
        .innerJoin(accounts, eq(accounts.userId, billingSubscriptions.userId))
        .leftJoin(userAcademicData, eq(userAcademicData.userId, billingSubscriptions.userId))
        .where(
          and(
            eq(billingSubscriptions.planCode, planCode),
            eq(billingSubscriptions.state, 'ACTIVE'),
            filter === 'all'
              ? undefined
              : 'uuid' in filter
                ? eq(billingSubscriptions.uuid, filter.uuid)
                : lte(billingSubscriptions.currentPeriodEndsAt, filter.until),
          ),
        );
    },

    /** Records the notice of one renewal; false when it was recorded before (sent once). */
    async recordNotice(input: { subscriptionUuid: string; renewsAt: Date; userId: string; now: Date }) {
      const rows = await db
        .insert(studentGraduationNotices)
        .values({ ...input, sentAt: input.now, createdAt: input.now, updatedAt: input.now })
        .onConflictDoNothing()
        .returning({ uuid: studentGraduationNotices.subscriptionUuid });
      return rows.length > 0;
    },

    async noticeOf(subscriptionUuid: string, renewsAt: Date) {
      const [row] = await db
        .select()
        .from(studentGraduationNotices)
        .where(
          and(
            eq(studentGraduationNotices.subscriptionUuid, subscriptionUuid),
            eq(studentGraduationNotices.renewsAt, renewsAt),
          ),
        );
      return row ?? null;
    },

    /**
     * Marks the renewal's move made (recording the notice if none was); true only for the one call that
     * made the mark, however many runs move the same renewal at once.
     */
    async markMoved(input: { subscriptionUuid: string; renewsAt: Date; userId: string; now: Date }) {
      const marked = await db
        .insert(studentGraduationNotices)
        .values({ ...input, movedAt: input.now, createdAt: input.now, updatedAt: input.now })
        .onConflictDoUpdate({
          target: [studentGraduationNotices.subscriptionUuid, studentGraduationNotices.renewsAt],
          set: { movedAt: input.now, updatedAt: input.now },
          setWhere: isNull(studentGraduationNotices.movedAt),
        })
        .returning({ uuid: studentGraduationNotices.subscriptionUuid });
      return marked.length > 0;
    },
  };
}

export type StudentsRepo = ReturnType<typeof createStudentsRepo>;
