import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { newsletterEditions, newsletterSends, newsletterSubscriptions, newsletters } from '@bof/db/schema';
import type { Jobs } from '../../platform/jobs/jobs';
import type { StoryCard } from '../content/content.types';
import type { Mailer, MailMessage } from '../email-change/email-change-mail';
import { type EditionBody, type RenderedEdition, personalise, renderEdition } from './newsletter-email';
import { signUnsubscribeToken } from './unsubscribe-token';

export const DELIVER_QUEUE = 'newsletter-deliver';
/** The personalised digest's per-reader delivery jobs. */
export const DIGEST_QUEUE = 'newsletter-digest-deliver';
/** Scheduled: compose the day's daily brief and send it. */
export const DAILY_BRIEF_QUEUE = 'newsletter-daily-brief';
/** Scheduled: start the week's personalised digest. */
export const WEEKLY_DIGEST_QUEUE = 'newsletter-weekly-digest';
export const DAILY_BRIEF_ID = 'daily-brief';
export const DIGEST_ID = 'your-follows';
/** When the schedules run (UTC): the daily brief at 06:00, the digest on Mondays at 07:00. */
export const SCHEDULES = { dailyBrief: '0 6 * * *', weeklyDigest: '0 7 * * 1' } as const;
const DAY_MS = 24 * 3_600_000;
/** Stories in a daily brief composed automatically. */
const BRIEF_STORIES = 12;

/** The daily brief's next send after `at`: 06:00 UTC today, or tomorrow once that has passed. */
export function nextDailyBriefAt(at: Date): Date {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 6);
  return new Date(at.getTime() < today ? today : today + DAY_MS);
}

/** The upcoming daily brief as the newsroom shows it. */
export interface DailyBriefDraft {
  editionId: string;
  scheduledFor: Date;
  status: string;
  intro: string;
  editedBy: string | null;
  editedAt: Date | null;
  /** Its stories, in the order they are sent. */
  stories: StoryCard[];
  /** The window's other published stories, which an editor may add. */
  candidates: StoryCard[];
}

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
  /**
   * The newest stories from what a reader follows, published after `since` (the follows module): the
   * personalised digest's content.
   */
  followedStoriesSince(userId: string, since: Date, limit: number): Promise<StoryCard[]>;
  now?: () => Date;
  /** How long a delivery job may run before it counts as lost and is retried (default 15 minutes). */
  jobExpirySeconds?: number;
}

/**
 * Composes editions from published stories and sends them through the job queue: one send record per
 * (edition, reader), taken before the courier is called, so a retried or resumed job never mails a
 * reader twice; a courier refusal releases the record so the retry can deliver.
 */
export function createNewsletterSending(deps: SendingDeps) {
  const { db, jobs } = deps;
  /** Each edition rendered once per process; a reader's message only puts in their unsubscribe link. */
  const rendered = new Map<string, Promise<{ body: EditionBody; rendered: RenderedEdition } | null>>();
  const queueSettings = {
    retryLimit: 10,
    retryDelaySeconds: 2,
    retryBackoff: true,
    expireInSeconds: deps.jobExpirySeconds ?? 15 * 60,
  };

  async function loadBody(editionId: string): Promise<EditionBody | null> {
    const [stored] = await db
      .select({
        subject: newsletterEditions.subject,
        title: newsletters.title,
        storyIds: newsletterEditions.storyIds,
        intro: newsletterEditions.intro,
      })
      .from(newsletterEditions)
      .innerJoin(newsletters, eq(newsletters.newsletterId, newsletterEditions.newsletterId))
      .where(eq(newsletterEditions.id, editionId));
    if (!stored) return null;
    const byId = new Map((await deps.latestStories(200)).map((s) => [s.id, s]));
    const stories = stored.storyIds.flatMap((id) => byId.get(id) ?? []);
    return {
      subject: stored.subject,
      title: stored.title,
      ...(stored.intro ? { intro: stored.intro } : {}),
      stories: stories.map(emailStory),
    };
  }

  /** Only the public standfirst of any story, gated or not: the link opens by the reader's own access. */
  function emailStory(s: StoryCard): EditionBody['stories'][number] {
    return {
      headline: s.headline,
      standfirst: s.standfirst,
      url: `${deps.siteUrl}${deps.storyPath(s)}`,
      gated: s.access !== 'free',
    };
  }

  function renderedEdition(editionId: string) {
    let found = rendered.get(editionId);
    if (!found) {
      found = loadBody(editionId).then(async (body) =>
        body ? { body, rendered: await renderEdition(body, deps.siteName) } : null,
      );
      found.catch(() => rendered.delete(editionId));
      rendered.set(editionId, found);
    }
    return found;
  }

  function unsubscribeUrlFor(userId: string, newsletterId: string): string {
    const token = signUnsubscribeToken(deps.unsubscribeSecret, userId, newsletterId);
    return `${deps.siteUrl}/newsletters/unsubscribe/?token=${encodeURIComponent(token)}`;
  }

  /** One reader's message of a rendered edition: their unsubscribe link in the body and the headers. */
  function personalMessage(
    subject: string,
    edition: RenderedEdition,
    to: string,
    userId: string,
    newsletterId: string,
  ): MailMessage {
    const unsubscribeUrl = unsubscribeUrlFor(userId, newsletterId);
    return {
      to,
      subject,
      templateType: 'newsletter_edition',
      ...personalise(edition, unsubscribeUrl),
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /** Renders an edition's body for one reader (each call renders; deliveries use the edition's cache). */
  async function messageFor(
    body: EditionBody,
    to: string,
    userId: string,
    newsletterId: string,
  ): Promise<MailMessage> {
    return personalMessage(body.subject, await renderEdition(body, deps.siteName), to, userId, newsletterId);
  }

  const now = deps.now ?? (() => new Date());

  /** The addresses of those of `userIds` still subscribed to the newsletter (one query for a job). */
  async function subscribedAddresses(userIds: readonly string[], newsletterId: string) {
    const rows = await db
      .select({ userId: newsletterSubscriptions.userId, email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(
        and(
          inArray(newsletterSubscriptions.userId, [...userIds]),
          eq(newsletterSubscriptions.newsletterId, newsletterId),
          eq(newsletterSubscriptions.status, 'subscribed'),
        ),
      );
    return new Map(rows.map((r) => [r.userId, r.email]));
  }

  /** Sends one edition to a job's readers, each at most once; the unsubscribed since the start are skipped. */
  async function deliverJob(editionId: string, newsletterId: string, userIds: readonly string[]) {
    const edition = await renderedEdition(editionId);
    if (!edition) return;
    const addresses = await subscribedAddresses(userIds, newsletterId);
    await deliverEach(userIds, async (userId) => {
      const email = addresses.get(userId);
      if (!email) return;
      await deliverOnce(editionId, userId, () =>
        personalMessage(edition.body.subject, edition.rendered, email, userId, newsletterId),
      );
    });
  }

  /**
   * Delivers to every reader of a job, each on their own: one the courier refuses does not hold back the
   * others. Any refusal fails the job afterwards, so its retry tries those readers again (the others'
   * send records make the retry pass them by).
   */
  async function deliverEach(userIds: readonly string[], deliverTo: (userId: string) => Promise<void>) {
    const refused: unknown[] = [];
    for (const userId of userIds) await deliverTo(userId).catch((error: unknown) => refused.push(error));
    if (refused.length > 0) {
      throw new AggregateError(refused, `${refused.length} of ${userIds.length} deliveries were refused`);
    }
  }

  /**
   * Takes the send record of (edition, reader) and hands the message to the courier: a record already
   * taken means delivered (or being delivered) already.
   *
   * A courier writing to the database (the outbox) does both in one transaction, so a worker killed at
   * any moment leaves either both (delivered) or neither (the job's retry delivers): exactly once. Any
   * other courier (SMTP) is called after the record is taken; its refusal releases the record for the
   * retry, and a worker killed between the two loses that one message rather than sending it twice.
   */
  async function deliverOnce(
    editionId: string,
    userId: string,
    message: () => MailMessage | Promise<MailMessage>,
  ): Promise<void> {
    const mail = await message();
    const { within } = deps.courier;
    if (within) {
      await db.transaction(async (tx) => {
        const taken = await tx
          .insert(newsletterSends)
          .values({ editionId, userId, email: mail.to, status: 'sent', sentAt: new Date() })
          .onConflictDoNothing()
          .returning({ userId: newsletterSends.userId });
        if (taken.length > 0) await within.call(deps.courier, tx).send(mail);
      });
      return;
    }
    const taken = await db
      .insert(newsletterSends)
      .values({ editionId, userId, email: mail.to, status: 'taken' })
      .onConflictDoNothing()
      .returning({ userId: newsletterSends.userId });
    if (taken.length === 0) return;
    try {
      await deps.courier.send(mail);
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

  /**
   * The personalised digest for one reader: the new stories from their follows since their last digest
   * (the week before the edition for a first one). A reader with nothing new gets nothing (and no send
   * record, so nothing is counted); once sent, the edition's time is their last digest.
   */
  async function deliverDigest(editionId: string, userId: string): Promise<void> {
    const [subscription] = await db
      .select({ email: newsletterSubscriptions.email, lastDigestAt: newsletterSubscriptions.lastDigestAt })
      .from(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.userId, userId),
          eq(newsletterSubscriptions.newsletterId, DIGEST_ID),
          eq(newsletterSubscriptions.status, 'subscribed'),
        ),
      );
    if (!subscription) return;
    const [edition] = await db
      .select({ createdAt: newsletterEditions.createdAt, subject: newsletterEditions.subject })
      .from(newsletterEditions)
      .where(eq(newsletterEditions.id, editionId));
    if (!edition) return;
    const weekBefore = new Date(edition.createdAt.getTime() - 7 * DAY_MS);
    const last = subscription.lastDigestAt;
    // A digest already counted for this edition (a retried job) asks from the one before, as it did.
    const since = last && last < edition.createdAt ? last : weekBefore;
    const stories = await deps.followedStoriesSince(userId, since, 10);
    if (stories.length === 0) return;
    const [letter] = await db
      .select({ title: newsletters.title })
      .from(newsletters)
      .where(eq(newsletters.newsletterId, DIGEST_ID));
    const body: EditionBody = {
      subject: `${letter?.title ?? 'Your follows'}: ${stories[0]!.headline}`,
      title: letter?.title ?? 'Your follows',
      stories: stories.map(emailStory),
    };
    await deliverOnce(editionId, userId, () => messageFor(body, subscription.email, userId, DIGEST_ID));
    await db
      .update(newsletterSubscriptions)
      .set({ lastDigestAt: edition.createdAt })
      .where(
        and(
          eq(newsletterSubscriptions.userId, userId),
          eq(newsletterSubscriptions.newsletterId, DIGEST_ID),
          or(
            isNull(newsletterSubscriptions.lastDigestAt),
            lt(newsletterSubscriptions.lastDigestAt, edition.createdAt),
          ),
        ),
      );
  }

  /** The edition of a newsletter made in [from, to), if there is one (a schedule run twice). */
  async function editionBetween(newsletterId: string, from: Date, to: Date): Promise<string | null> {
    const [found] = await db
      .select({ id: newsletterEditions.id })
      .from(newsletterEditions)
      .where(
        and(
          eq(newsletterEditions.newsletterId, newsletterId),
          or(
            and(gte(newsletterEditions.scheduledFor, from), lt(newsletterEditions.scheduledFor, to)),
            and(
              isNull(newsletterEditions.scheduledFor),
              gte(newsletterEditions.createdAt, from),
              lt(newsletterEditions.createdAt, to),
            ),
          ),
        ),
      )
      .orderBy(desc(newsletterEditions.createdAt))
      .limit(1);
    return found?.id ?? null;
  }

  /** Queues one job per small group of the newsletter's subscribers on `queue`; answers how many. */
  async function queueSubscribers(queue: string, editionId: string, newsletterId: string): Promise<number> {
    let after = '';
    let total = 0;
    for (;;) {
      const page = await db
        .select({ userId: newsletterSubscriptions.userId })
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.newsletterId, newsletterId),
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
          newsletterId,
          userIds: page.slice(i, i + RECIPIENTS_PER_JOB).map((r) => r.userId),
        });
      await jobs.sendMany(queue, groups);
      total += page.length;
      after = page.at(-1)!.userId;
    }
    await db
      .update(newsletterEditions)
      .set({ status: 'sending', recipientCount: total })
      .where(eq(newsletterEditions.id, editionId));
    return total;
  }

  async function insertEdition(
    newsletterId: string,
    subject: string,
    storyIds: string[],
    createdAt: Date,
  ): Promise<string> {
    const id = randomUUID();
    await db
      .insert(newsletterEditions)
      .values({ id, newsletterId, subject, storyIds, status: 'queued', createdAt });
    return id;
  }

  async function briefTitle(): Promise<string> {
    const [letter] = await db
      .select({ title: newsletters.title })
      .from(newsletters)
      .where(eq(newsletters.newsletterId, DAILY_BRIEF_ID));
    return letter?.title ?? 'The Daily Brief';
  }

  async function briefSubject(lead: StoryCard): Promise<string> {
    return `${await briefTitle()}: ${lead.headline}`;
  }

  /** The stories published in (since, at], newest first: by default the 24 hours before `at`. */
  async function dayStories(at: Date, since = new Date(at.getTime() - DAY_MS), limit = BRIEF_STORIES) {
    return (await deps.latestStories(200))
      .filter((s) => s.publishedAt > since && s.publishedAt <= at)
      .slice(0, limit);
  }

  const sending = {
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
      return queueSubscribers(DELIVER_QUEUE, editionId, edition.newsletterId);
    },

    /**
     * The daily brief from the stories published in the 24 hours before `at`, sent to its subscribers.
     * Null on a day without stories (nothing is sent). Run twice the same day, it answers the day's
     * edition again; its readers' send records keep each to one message.
     */
    async sendDailyBrief(at: Date = now()): Promise<{ editionId: string; recipients: number } | null> {
      const startOfDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
      const found = await editionBetween(DAILY_BRIEF_ID, startOfDay, new Date(startOfDay.getTime() + DAY_MS));
      let editionId: string;
      if (found) {
        const [edition] = await db
          .select({
            status: newsletterEditions.status,
            editedAt: newsletterEditions.editedAt,
            storyIds: newsletterEditions.storyIds,
          })
          .from(newsletterEditions)
          .where(eq(newsletterEditions.id, found));
        editionId = found;
        if (edition?.status === 'draft' && !edition.editedAt) {
          // A draft no editor touched follows the day's stories up to the send.
          const stories = await dayStories(at);
          if (stories.length === 0) return null;
          await db
            .update(newsletterEditions)
            .set({ subject: await briefSubject(stories[0]!), storyIds: stories.map((s) => s.id) })
            .where(and(eq(newsletterEditions.id, found), eq(newsletterEditions.status, 'draft')));
        } else if (edition?.status === 'draft' && edition.storyIds.length === 0) return null; // all removed
      } else {
        const stories = await dayStories(at);
        if (stories.length === 0) return null;
        editionId = await insertEdition(
          DAILY_BRIEF_ID,
          await briefSubject(stories[0]!),
          stories.map((s) => s.id),
          at,
        );
      }
      await jobs.ensureQueue(DELIVER_QUEUE, queueSettings);
      return { editionId, recipients: await queueSubscribers(DELIVER_QUEUE, editionId, DAILY_BRIEF_ID) };
    },

    /**
     * The daily brief of the next send (06:00 UTC after `at`), as the newsroom edits it: made as a draft
     * from the stories published since the 24 hours before that send when there is none yet. Beside its
     * stories in order, the window's other published stories an editor may add.
     */
    async dailyBriefDraft(at: Date = now()): Promise<DailyBriefDraft | null> {
      const sendAt = nextDailyBriefAt(at);
      const [existing] = await db
        .select()
        .from(newsletterEditions)
        .where(
          and(
            eq(newsletterEditions.newsletterId, DAILY_BRIEF_ID),
            eq(newsletterEditions.scheduledFor, sendAt),
          ),
        );
      const window = await dayStories(at, new Date(sendAt.getTime() - DAY_MS), 50);
      let edition = existing;
      if (!edition) {
        if (window.length === 0) return null;
        const id = randomUUID();
        await db
          .insert(newsletterEditions)
          .values({
            id,
            newsletterId: DAILY_BRIEF_ID,
            subject: await briefSubject(window[0]!),
            storyIds: window.slice(0, BRIEF_STORIES).map((s) => s.id),
            status: 'draft',
            scheduledFor: sendAt,
            createdAt: at,
          })
          .onConflictDoNothing();
        [edition] = await db.select().from(newsletterEditions).where(eq(newsletterEditions.id, id));
        if (!edition) return null;
      } else if (edition.status === 'draft' && !edition.editedAt) {
        // Not edited yet: it follows the day's stories.
        edition = { ...edition, storyIds: window.slice(0, BRIEF_STORIES).map((s) => s.id) };
      }
      const byId = new Map((await deps.latestStories(200)).map((s) => [s.id, s]));
      const stories = edition.storyIds.flatMap((id) => byId.get(id) ?? []);
      return {
        editionId: edition.id,
        scheduledFor: sendAt,
        status: edition.status,
        intro: edition.intro ?? '',
        editedBy: edition.editedBy,
        editedAt: edition.editedAt,
        stories,
        candidates: window.filter((s) => !edition.storyIds.includes(s.id)),
      };
    },

    /**
     * An editor's version of a daily brief draft: its stories in this order (published ones only) and
     * its introduction. Refused once the send has begun. From then on the brief is sent as edited.
     */
    async editDailyBrief(
      editionId: string,
      edit: { storyIds: readonly string[]; intro: string; editedBy: string },
      at: Date = now(),
    ): Promise<'saved' | 'not-found' | 'sent'> {
      const published = new Map((await deps.latestStories(200)).map((s) => [s.id, s]));
      const storyIds = [...new Set(edit.storyIds)].filter((id) => published.has(id));
      const first = storyIds[0] ? published.get(storyIds[0]) : undefined;
      const updated = await db
        .update(newsletterEditions)
        .set({
          storyIds,
          intro: edit.intro.trim() || null,
          subject: first ? await briefSubject(first) : await briefTitle(),
          editedBy: edit.editedBy,
          editedAt: at,
        })
        .where(
          and(
            eq(newsletterEditions.id, editionId),
            eq(newsletterEditions.newsletterId, DAILY_BRIEF_ID),
            eq(newsletterEditions.status, 'draft'),
            gt(newsletterEditions.scheduledFor, at),
          ),
        )
        .returning({ id: newsletterEditions.id });
      if (updated.length > 0) return 'saved';
      const [edition] = await db
        .select({ id: newsletterEditions.id })
        .from(newsletterEditions)
        .where(
          and(eq(newsletterEditions.id, editionId), eq(newsletterEditions.newsletterId, DAILY_BRIEF_ID)),
        );
      return edition ? 'sent' : 'not-found';
    },

    /**
     * The week's personalised digest: one edition, and a job per group of its subscribers; each reader's
     * message is made from their own follows, and readers with nothing new are skipped. Run twice in a
     * week, it reuses the week's edition.
     */
    async startWeeklyDigest(at: Date = now()): Promise<{ editionId: string; recipients: number }> {
      const editionId =
        (await editionBetween(DIGEST_ID, new Date(at.getTime() - 6 * DAY_MS), new Date(at.getTime() + 1))) ??
        (await insertEdition(DIGEST_ID, 'Your follows this week', [], at));
      await jobs.ensureQueue(DIGEST_QUEUE, queueSettings);
      return { editionId, recipients: await queueSubscribers(DIGEST_QUEUE, editionId, DIGEST_ID) };
    },

    /** Starts this process's delivery worker. */
    async startWorker(
      options: { concurrency?: number; pollingIntervalSeconds?: number } = {},
    ): Promise<string> {
      await jobs.ensureQueue(DELIVER_QUEUE, queueSettings);
      return jobs.work<{ editionId: string; newsletterId: string; userIds: string[] }>(
        DELIVER_QUEUE,
        async (batch) => {
          for (const job of batch)
            await deliverJob(job.data.editionId, job.data.newsletterId, job.data.userIds);
        },
        {
          concurrency: options.concurrency ?? 2,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
        },
      );
    },

    /**
     * Starts this process's newsletter work: the delivery workers, and the daily brief's and weekly
     * digest's schedules (a schedule job runs where the job queue's scheduler runs). Answers the workers'
     * ids; `jobs.stop()` ends them gracefully.
     */
    async startWork(
      options: { concurrency?: number; pollingIntervalSeconds?: number } = {},
    ): Promise<string[]> {
      const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
      const scheduled = { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, oneJobPerKey: true };
      await Promise.all([
        jobs.ensureQueue(DIGEST_QUEUE, queueSettings),
        jobs.ensureQueue(DAILY_BRIEF_QUEUE, scheduled),
        jobs.ensureQueue(WEEKLY_DIGEST_QUEUE, scheduled),
      ]);
      const ids = [
        await sending.startWorker({ ...options, ...polling }),
        await jobs.work<{ editionId: string; userIds: string[] }>(
          DIGEST_QUEUE,
          async (batch) => {
            for (const job of batch)
              await deliverEach(job.data.userIds, (userId) => deliverDigest(job.data.editionId, userId));
          },
          { concurrency: options.concurrency ?? 2, ...polling },
        ),
        await jobs.work(DAILY_BRIEF_QUEUE, async () => void (await sending.sendDailyBrief()), polling),
        await jobs.work(WEEKLY_DIGEST_QUEUE, async () => void (await sending.startWeeklyDigest()), polling),
      ];
      await jobs.schedule(DAILY_BRIEF_QUEUE, SCHEDULES.dailyBrief);
      await jobs.schedule(WEEKLY_DIGEST_QUEUE, SCHEDULES.weeklyDigest);
      return ids;
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
  return sending;
}

export type NewsletterSending = ReturnType<typeof createNewsletterSending>;
