import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  articles,
  articleTopics,
  contentSections,
  contentTopics,
  notificationPreferences,
  notificationRateWindows,
  notificationSends,
  pushDeliveries,
  pushSubscriptions,
  userFollows,
} from '@bof/db/schema';
import type { NotificationKind } from './notifications.inputs';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What a notification about a story needs. */
export interface StoryForPush {
  id: string;
  slug: string;
  kind: 'article' | 'case_study';
  headline: string;
  standfirst: string;
  section: { slug: string };
  topics: string[];
}

/** The only place that builds the notifications' queries. */
export function createNotificationsRepo(db: Database) {
  return {
    async subscriptionCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return Number(row?.n ?? 0);
    },

    /**
     * Stores the browser's subscription for the reader. The endpoint is the browser's: subscribing again
     * (new keys, or another reader signed in on the same browser) replaces the row's keys and reader.
     */
    async upsertSubscription(values: {
      userId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string;
    }): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: values.userId,
            p256dh: values.p256dh,
            auth: values.auth,
            userAgent: values.userAgent,
          },
        })
        .returning();
      return row!;
    },

    async subscriptionByEndpoint(endpoint: string): Promise<PushSubscriptionRow | null> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      return row ?? null;
    },

    subscriptionsOf: (userId: string): Promise<PushSubscriptionRow[]> =>
      db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt)),

    async subscription(id: string): Promise<PushSubscriptionRow | null> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row ?? null;
    },

    /** Deletes a subscription (of that reader only, when given); whether there was one. */
    async deleteSubscription(id: string, userId?: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(
          userId
            ? and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId))
            : eq(pushSubscriptions.id, id),
        )
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async preferencesOf(userId: string): Promise<Map<string, boolean>> {
      const rows = await db
        .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return new Map(rows.map((r) => [r.kind, r.enabled]));
    },

    async setPreference(userId: string, kind: NotificationKind, enabled: boolean): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ userId, kind, enabled })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { enabled, updatedAt: sql`now()` },
        });
    },

    async story(id: string): Promise<StoryForPush | null> {
      const [row] = await db
        .select({
          id: articles.id,
          slug: articles.slug,
          kind: articles.kind,
          headline: articles.headline,
          standfirst: articles.standfirst,
          sectionSlug: contentSections.slug,
        })
        .from(articles)
        .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
        .where(eq(articles.id, id));
      if (!row) return null;
      const topics = await db
        .select({ slug: contentTopics.slug })
        .from(articleTopics)
        .innerJoin(contentTopics, eq(contentTopics.id, articleTopics.topicId))
        .where(eq(articleTopics.articleId, id))
        .orderBy(asc(articleTopics.position));
      return {
        id: row.id,
        slug: row.slug,
        kind: row.kind,
        headline: row.headline,
        standfirst: row.standfirst,
        section: { slug: row.sectionSlug },
        topics: topics.map((t) => t.slug),
      };
    },

    /** Readers with the kind's switch on and at least one subscription; for `followed_topics`, following one of `topics`. */
    async audience(kind: NotificationKind, topics: readonly string[] = []): Promise<string[]> {
      const subscribed = sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${notificationPreferences.userId})`;
      const switchedOn = and(
        eq(notificationPreferences.kind, kind),
        eq(notificationPreferences.enabled, true),
      );
      if (kind === 'breaking_news') {
        const rows = await db
          .select({ userId: notificationPreferences.userId })
          .from(notificationPreferences)
          .where(and(switchedOn, subscribed));
        return rows.map((r) => r.userId);
      }
      if (topics.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: notificationPreferences.userId })
        .from(notificationPreferences)
        .innerJoin(
          userFollows,
          and(
            eq(userFollows.userId, notificationPreferences.userId),
            eq(userFollows.followsType, 'TAG_SLUG'),
            inArray(userFollows.followsKey, [...topics]),
          ),
        )
        .where(and(switchedOn, subscribed));
      return rows.map((r) => r.userId);
    },

    /**
     * Claims the story for the reader: 'sent' when this call is the first for the reader and story (and,
     * with `hourlyLimit`, the hour's count had room); 'rate_limited' when it is the first but the hour is
     * full; 'already' when another fan-out had it. The claim and the count change in one transaction,
     * and the count rises only while below the limit (a conditional upsert), so concurrent fan-outs
     * never exceed it.
     */
    async claim(
      userId: string,
      storyId: string,
      kind: NotificationKind,
      hourlyLimit: { limit: number; windowStart: Date } | null,
    ): Promise<'sent' | 'rate_limited' | 'already'> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(notificationSends)
          .values({ userId, storyId, kind, status: 'sent' })
          .onConflictDoNothing()
          .returning({ userId: notificationSends.userId });
        if (claimed.length === 0) return 'already';
        if (!hourlyLimit) return 'sent';
        const counted = await tx
          .insert(notificationRateWindows)
          .values({ userId, windowStart: hourlyLimit.windowStart, sent: 1 })
          .onConflictDoUpdate({
            target: [notificationRateWindows.userId, notificationRateWindows.windowStart],
            set: { sent: sql`${notificationRateWindows.sent} + 1` },
            setWhere: sql`${notificationRateWindows.sent} < ${hourlyLimit.limit}`,
          })
          .returning({ sent: notificationRateWindows.sent });
        if (counted.length > 0) return 'sent';
        await tx
          .update(notificationSends)
          .set({ status: 'rate_limited' })
          .where(and(eq(notificationSends.userId, userId), eq(notificationSends.storyId, storyId)));
        return 'rate_limited';
      });
    },

    /** Starts a delivery to one subscription: false when it was already sent (a retried job). */
    async beginDelivery(subscriptionId: string, storyId: string): Promise<boolean> {
      await db
        .insert(pushDeliveries)
        .values({ subscriptionId, storyId, status: 'pending' })
        .onConflictDoNothing();
      const [row] = await db
        .select({ status: pushDeliveries.status })
        .from(pushDeliveries)
        .where(and(eq(pushDeliveries.subscriptionId, subscriptionId), eq(pushDeliveries.storyId, storyId)));
      return row?.status === 'pending';
    },

    async delivered(subscriptionId: string, storyId: string): Promise<void> {
      await db
        .update(pushDeliveries)
        .set({ status: 'sent' })
        .where(and(eq(pushDeliveries.subscriptionId, subscriptionId), eq(pushDeliveries.storyId, storyId)));
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(eq(pushSubscriptions.id, subscriptionId));
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
