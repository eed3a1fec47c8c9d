import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { accounts, userFollows } from '@bof/db/schema';
import type { FollowType } from '../newsletters/newsletters.types';

export interface UserFollow {
  userId: string;
  followsType: FollowType;
  followsKey: string;
  createdAt: Date;
}

const toFollow = (row: typeof userFollows.$inferSelect): UserFollow => ({
  ...row,
  followsType: row.followsType as FollowType,
});

/** The only place that builds the follows' queries. */
export function createFollowsRepo(db: Database) {
  return {
    /** Adds the follow; an existing one is kept as it was. */
    async add(userId: string, followsType: FollowType, followsKey: string): Promise<UserFollow> {
      await db.insert(userFollows).values({ userId, followsType, followsKey }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(userFollows)
        .where(
          and(
            eq(userFollows.userId, userId),
            eq(userFollows.followsType, followsType),
            eq(userFollows.followsKey, followsKey),
          ),
        );
      return toFollow(row!);
    },

    async remove(userId: string, followsType: FollowType, followsKey: string): Promise<boolean> {
      const rows = await db
        .delete(userFollows)
        .where(
          and(
            eq(userFollows.userId, userId),
            eq(userFollows.followsType, followsType),
            eq(userFollows.followsKey, followsKey),
          ),
        )
        .returning({ userId: userFollows.userId });
      return rows.length > 0;
    },

    async of(userId: string, followsType: FollowType | null): Promise<UserFollow[]> {
      const rows = await db
        .select()
        .from(userFollows)
        .where(
          followsType
            ? and(eq(userFollows.userId, userId), eq(userFollows.followsType, followsType))
            : eq(userFollows.userId, userId),
        )
        .orderBy(desc(userFollows.createdAt));
      return rows.map(toFollow);
    },

    /** The readers following one key, newest first, with their sign-in address; and how many there are. */
    async followers(followsType: FollowType, followsKey: string, page: { limit: number; offset: number }) {
      const where = and(eq(userFollows.followsType, followsType), eq(userFollows.followsKey, followsKey));
      const [total, rows] = await Promise.all([
        db.select({ n: count() }).from(userFollows).where(where),
        db
          .select({ userId: userFollows.userId, email: accounts.email, createdAt: userFollows.createdAt })
          .from(userFollows)
          .leftJoin(accounts, eq(accounts.userId, userFollows.userId))
          .where(where)
          .orderBy(desc(userFollows.createdAt))
          .limit(page.limit)
          .offset(page.offset),
      ]);
      return { total: Number(total[0]?.n ?? 0), users: rows };
    },
  };
}

export type FollowsRepo = ReturnType<typeof createFollowsRepo>;
