import { eq, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { quiltBetaTesters, userAcademicData, userData } from '@bof/db/schema';

/** A reader's personal details as stored (spec §3 UserData). Reference fields hold list keys. */
export interface UserDataRecord {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  jobFunction: string | null;
  jobIndustry: string | null;
  jobLevel: string | null;
  organisationTitle: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The details a change may set; a field left undefined keeps its value, null clears it. */
export type UserDataChanges = Partial<
  Omit<UserDataRecord, 'userId' | 'createdAt' | 'updatedAt' | 'firstName' | 'lastName'>
> & { firstName?: string; lastName?: string };

/** A student's academic address, without the verification code (it never leaves the server). */
export interface UserAcademicDataRecord {
  userId: string;
  email: string;
  emailVerified: boolean;
  emailVerifiedDateTime: Date | null;
  graduationYear: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The only place that builds queries over a reader's own data. */
export function createUserDataRepo(db: Database) {
  return {
    async findUserData(userId: string): Promise<UserDataRecord | null> {
      const [row] = await db.select().from(userData).where(eq(userData.userId, userId));
      return row ?? null;
    },

    /** Creates the reader's details or changes the given fields; returns the stored result. */
    async saveUserData(userId: string, changes: UserDataChanges, at: Date): Promise<UserDataRecord> {
      const [row] = await db
        .insert(userData)
        .values({ userId, ...changes, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: userData.userId, set: { ...changes, updatedAt: at } })
        .returning();
      if (!row) throw new Error('saving personal details returned no row');
      return row;
    },

    async findAcademicData(userId: string): Promise<UserAcademicDataRecord | null> {
      const [row] = await db
        .select({
          userId: userAcademicData.userId,
          email: userAcademicData.email,
          emailVerified: userAcademicData.emailVerified,
          emailVerifiedDateTime: userAcademicData.emailVerifiedDateTime,
          graduationYear: userAcademicData.graduationYear,
          createdAt: userAcademicData.createdAt,
          updatedAt: userAcademicData.updatedAt,
        })
        .from(userAcademicData)
        .where(eq(userAcademicData.userId, userId));
      return row ?? null;
    },

    async isQuiltBetaTester(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(quiltBetaTesters)
        .where(eq(quiltBetaTesters.userId, userId));
      return row !== undefined;
    },
  };
}

export type UserDataRepo = ReturnType<typeof createUserDataRepo>;
