import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { newsletterSubscriptions, newsletters } from '@bof/db/schema';
import type { CatalogueEntry } from './newsletter-catalogue';
import type { Newsletter, NewsletterGroup } from './newsletters.types';

type Row = typeof newsletters.$inferSelect;

const toNewsletter = (row: Row): Newsletter => ({
  newsletterId: row.newsletterId,
  title: row.title,
  description: row.description,
  author: row.author,
  badges: row.badges,
  newsletterGroup: row.newsletterGroup as NewsletterGroup,
  isExecutive: row.isExecutive,
  isProfessional: row.isProfessional,
  isTopic: row.isTopic,
  isVisibleOnOMS: row.isVisibleOnOms,
  isPreselectedOnOMS: row.isPreselectedOnOms,
  topicSlug: row.topicSlug,
});

/** The only place that builds the newsletter catalogue's and subscriptions' queries. */
export function createNewslettersRepo(db: Database) {
  return {
    async all(): Promise<Newsletter[]> {
      const rows = await db.select().from(newsletters).orderBy(asc(newsletters.position));
      return rows.map(toNewsletter);
    },

    /** Adds the catalogue's newsletters that are missing; existing ones (maybe edited) stay. */
    async seed(entries: readonly CatalogueEntry[]): Promise<void> {
      await db
        .insert(newsletters)
        .values(
          entries.map((entry, position) => ({
            newsletterId: entry.newsletterId,
            title: entry.title,
            description: entry.description,
            author: entry.author,
            badges: entry.badges,
            newsletterGroup: entry.newsletterGroup,
            isExecutive: entry.isExecutive ?? false,
            isProfessional: entry.isProfessional ?? false,
            isTopic: entry.isTopic ?? false,
            isVisibleOnOms: entry.isVisibleOnOMS ?? false,
            isPreselectedOnOms: entry.isPreselectedOnOMS ?? false,
            topicSlug: entry.topicSlug ?? null,
            position,
          })),
        )
        .onConflictDoNothing();
    },

    async update(
      newsletterId: string,
      change: Partial<Omit<Newsletter, 'newsletterId' | 'newsletterGroup' | 'topicSlug'>>,
    ): Promise<Newsletter | null> {
      const [row] = await db
        .update(newsletters)
        .set({
          ...(change.title !== undefined ? { title: change.title } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.author !== undefined ? { author: change.author } : {}),
          ...(change.badges !== undefined ? { badges: change.badges } : {}),
          ...(change.isExecutive !== undefined ? { isExecutive: change.isExecutive } : {}),
          ...(change.isProfessional !== undefined ? { isProfessional: change.isProfessional } : {}),
          ...(change.isTopic !== undefined ? { isTopic: change.isTopic } : {}),
          ...(change.isVisibleOnOMS !== undefined ? { isVisibleOnOms: change.isVisibleOnOMS } : {}),
          ...(change.isPreselectedOnOMS !== undefined
            ? { isPreselectedOnOms: change.isPreselectedOnOMS }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(newsletters.newsletterId, newsletterId))
        .returning();
      return row ? toNewsletter(row) : null;
    },

    async statusesOf(userId: string): Promise<Map<string, 'subscribed' | 'unsubscribed'>> {
      const rows = await db
        .select({
          newsletterId: newsletterSubscriptions.newsletterId,
          status: newsletterSubscriptions.status,
        })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.userId, userId));
      return new Map(rows.map((row) => [row.newsletterId, row.status as 'subscribed' | 'unsubscribed']));
    },

    /** Sets the reader's status for each newsletter (insert or update). */
    async setStatuses(
      userId: string,
      email: string,
      changes: readonly { newsletterId: string; status: 'subscribed' | 'unsubscribed' }[],
    ): Promise<void> {
      if (changes.length === 0) return;
      await db
        .insert(newsletterSubscriptions)
        .values(changes.map((change) => ({ userId, email, ...change })))
        .onConflictDoUpdate({
          target: [newsletterSubscriptions.userId, newsletterSubscriptions.newsletterId],
          set: { status: sql`excluded.status`, email: sql`excluded.email`, updatedAt: new Date() },
        });
    },

    /** Unsubscribes one reader from one newsletter; false when there was no subscription. */
    async unsubscribe(userId: string, newsletterId: string): Promise<boolean> {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({ status: 'unsubscribed', updatedAt: new Date() })
        .where(
          and(
            eq(newsletterSubscriptions.userId, userId),
            eq(newsletterSubscriptions.newsletterId, newsletterId),
          ),
        )
        .returning({ userId: newsletterSubscriptions.userId });
      return rows.length > 0;
    },

    async existing(newsletterIds: readonly string[]): Promise<Set<string>> {
      if (newsletterIds.length === 0) return new Set();
      const rows = await db
        .select({ id: newsletters.newsletterId })
        .from(newsletters)
        .where(inArray(newsletters.newsletterId, [...newsletterIds]));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type NewslettersRepo = ReturnType<typeof createNewslettersRepo>;
