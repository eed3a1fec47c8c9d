import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { newsletterEditions, newsletterSends, newsletterSubscriptions, newsletters } from '@bof/db/schema';
import type { Jobs } from '../../platform/jobs/jobs';
import type { StoryCard } from '../content/content.types';
import type { Mailer, MailMessage } from '../email-change/email-change-mail';
import { signUnsubscribeToken } from './unsubscribe-token';

export const DELIVER_QUEUE = 'newsletter-deliver';
/** Recipients per delivery job: each recipient still has its own send record. */
const RECIPIENTS_PER_JOB = 50;

export interface SendingDeps {
  db: Database;
  jobs: Jobs;
  courier: Mailer;
  siteUrl: string;
  siteName: string;
  unsubscribeSecret: string;
  /** Published stories, newest first (the content service). */
  latestStories(limit: number): Promise<StoryCard[]>;
  storyPath(story: StoryCard): string;
  /** How long a delivery job may run before it counts as lost and is retried (default 15 minutes). */
  jobExpirySeconds?: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface EditionBody {
  subject: string;
  title: string;
  stories: { headline: string; standfirst: string; url: string }[];
}

/**
 * Composes editions from published stories and sends them through the job queue: one send record per
 * (edition, reader), taken before the courier is called, so a retried or resumed job never mails a
 * reader twice; a courier refusal releases the record so the retry can deliver.
 */
export function createNewsletterSending(deps: SendingDeps) {
  const { db, jobs } = deps;
  const bodies = new Map<string, EditionBody>();
  const queueSettings = {
    retryLimit: 10,
    retryDelaySeconds: 2,
    retryBackoff: true,
    expireInSeconds: deps.jobExpirySeconds ?? 15 * 60,
  };

  async function bodyOf(editionId: string): Promise<EditionBody | null> {
    const cached = bodies.get(editionId);
    if (cached) return cached;
    const [stored] = await db
      .select({
        subject: newsletterEditions.subject,
        title: newsletters.title,
        storyIds: newsletterEditions.storyIds,
      })
      .from(newsletterEditions)
      .innerJoin(newsletters, eq(newsletters.newsletterId, newsletterEditions.newsletterId))
      .where(eq(newsletterEditions.id, editionId));
    if (!stored) return null;
    const stories = (await deps.latestStories(200)).filter((s) => stored.storyIds.includes(s.id));
    const body: EditionBody = {
      subject: stored.subject,
      title: stored.title,
      // Only the public standfirst of any story, gated or not: the link opens by the reader's own access.
      stories: stories.map((s) => ({
        headline: s.headline,
        standfirst: s.standfirst,
        url: `${deps.siteUrl}${deps.storyPath(s)}`,
      })),
    };
    bodies.set(editionId, body);
    return body;
  }

  function messageFor(body: EditionBody, to: string, userId: string, newsletterId: string): MailMessage {
    const token = signUnsubscribeToken(deps.unsubscribeSecret, userId, newsletterId);
    const unsubscribeUrl = `${deps.siteUrl}/newsletters/unsubscribe/?token=${encodeURIComponent(token)}`;
    const text = [
      body.title,
      '',
      ...body.stories.flatMap((s) => [s.headline, s.standfirst, s.url, '']),
      `Unsubscribe: ${unsubscribeUrl}`,
    ].join('\n');
    const html =
      '<!doctype html><html><body style="margin:0;padding:16px;font-family:Georgia,serif;max-width:600px">' +
      `<h1 style="font-size:24px">${escapeHtml(body.title)}</h1>` +
      body.stories
        .map(
          (s) =>
            `<h2 style="font-size:18px"><a href="${escapeHtml(s.url)}">${escapeHtml(s.headline)}</a></h2>` +
            `<p>${escapeHtml(s.standfirst)}</p>`,
        )
        .join('') +
      `<p style="font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p></body></html>`;
    return {
      to,
      subject: body.subject,
      templateType: 'newsletter_edition',
      text,
      html,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /** Sends one edition to one reader at most once. */
  async function deliver(editionId: string, newsletterId: string, userId: string): Promise<void> {
    const [subscription] = await db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.userId, userId),
          eq(newsletterSubscriptions.newsletterId, newsletterId),
          eq(newsletterSubscriptions.status, 'subscribed'),
        ),
      );
    if (!subscription) return; // unsubscribed since the send began
    const taken = await db
      .insert(newsletterSends)
      .values({ editionId, userId, email: subscription.email, status: 'taken' })
      .onConflictDoNothing()
      .returning({ userId: newsletterSends.userId });
    if (taken.length === 0) return; // delivered (or being delivered) already
    const body = await bodyOf(editionId);
    if (!body) return;
    try {
      await deps.courier.send(messageFor(body, subscription.email, userId, newsletterId));
    } catch (error) {
      // The courier refused: nothing went out, so the record is released for the retry.
      await db
        .delete(newsletterSends)
        .where(and(eq(newsletterSends.editionId, editionId), eq(newsletterSends.userId, userId)));
      throw error;
    }
    await db
      .update(newsletterSends)
      .set({ status: 'sent', sentAt: new Date() })
      .where(and(eq(newsletterSends.editionId, editionId), eq(newsletterSends.userId, userId)));
  }

  return {
    messageFor,

    /** Makes an edition of the newsletter from the newest published stories (the daily brief's way). */
    async composeEdition(newsletterId: string, storyLimit = 8): Promise<string> {
      const [letter] = await db.select().from(newsletters).where(eq(newsletters.newsletterId, newsletterId));
      if (!letter) throw new Error(`unknown newsletter ${newsletterId}`);
      let stories = await deps.latestStories(200);
      if (letter.topicSlug)
        stories = stories.filter((s) => s.topics.some((t) => t.slug === letter.topicSlug));
      const picked = stories.slice(0, storyLimit);
      const id = randomUUID();
      await db.insert(newsletterEditions).values({
        id,
        newsletterId,
        subject: picked[0] ? `${letter.title}: ${picked[0].headline}` : letter.title,
        storyIds: picked.map((s) => s.id),
        status: 'queued',
      });
      return id;
    },

    /** Queues the edition's delivery jobs, one per small group of subscribers, each reader once. */
    async startSend(editionId: string): Promise<number> {
      const [edition] = await db
        .select()
        .from(newsletterEditions)
        .where(eq(newsletterEditions.id, editionId));
      if (!edition) throw new Error(`unknown edition ${editionId}`);
      await jobs.ensureQueue(DELIVER_QUEUE, queueSettings);
      let after = '';
      let total = 0;
      for (;;) {
        const page = await db
          .select({ userId: newsletterSubscriptions.userId })
          .from(newsletterSubscriptions)
          .where(
            and(
              eq(newsletterSubscriptions.newsletterId, edition.newsletterId),
              eq(newsletterSubscriptions.status, 'subscribed'),
              gt(newsletterSubscriptions.userId, after),
            ),
          )
          .orderBy(asc(newsletterSubscriptions.userId))
          .limit(5000);
        if (page.length === 0) break;
        const groups: { editionId: string; newsletterId: string; userIds: string[] }[] = [];
        for (let i = 0; i < page.length; i += RECIPIENTS_PER_JOB)
          groups.push({
            editionId,
            newsletterId: edition.newsletterId,
            userIds: page.slice(i, i + RECIPIENTS_PER_JOB).map((r) => r.userId),
          });
        await jobs.sendMany(DELIVER_QUEUE, groups);
        total += page.length;
        after = page.at(-1)!.userId;
      }
      await db
        .update(newsletterEditions)
        .set({ status: 'sending', recipientCount: total })
        .where(eq(newsletterEditions.id, editionId));
      return total;
    },

    /** Starts this process's delivery worker. */
    async startWorker(options: { concurrency?: number } = {}): Promise<string> {
      await jobs.ensureQueue(DELIVER_QUEUE, queueSettings);
      return jobs.work<{ editionId: string; newsletterId: string; userIds: string[] }>(
        DELIVER_QUEUE,
        async (batch) => {
          for (const job of batch)
            for (const userId of job.data.userIds)
              await deliver(job.data.editionId, job.data.newsletterId, userId);
        },
        { concurrency: options.concurrency ?? 2, pollingIntervalSeconds: 0.5 },
      );
    },

    /** How many of the edition's send records are done. */
    async sentCount(editionId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(newsletterSends)
        .where(and(eq(newsletterSends.editionId, editionId), inArray(newsletterSends.status, ['sent'])));
      return row?.n ?? 0;
    },
  };
}

export type NewsletterSending = ReturnType<typeof createNewsletterSending>;
