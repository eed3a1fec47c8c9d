import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { newsletterSubscriptions } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { createPgBossJobs } from '../../platform/jobs/pg-boss-jobs';
import type { Jobs } from '../../platform/jobs/jobs';
import { runSeeds } from '../../platform/seeds';
import { seedList } from '../../platform/seed-list';
import { contentServiceFor } from '../content/content.module';
import { storyPath } from '../content/content.service';
import type { StoryCard } from '../content/content.types';
import type { MailMessage } from '../email-change/email-change-mail';
import { createFollowsRepo } from '../follows/follows.repo';
import { createFollowsService } from '../follows/follows.service';
import {
  createNewsletterSending,
  DAILY_BRIEF_QUEUE,
  SCHEDULES,
  WEEKLY_DIGEST_QUEUE,
  type NewsletterSending,
} from './newsletter-sending';

// The daily brief and the personalised weekly digest, composed and sent through the job queue over PGlite
// at a small size, as the server's worker runs them.

let database: DatabaseHandle;
let jobs: Jobs;
let sending: NewsletterSending;
let newest: StoryCard;
let stories: StoryCard[];
const delivered: MailMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
  const content = contentServiceFor(database.db);
  const follows = createFollowsService({
    repo: createFollowsRepo(database.db),
    targetExists: async () => true,
    followedStories: (followed, page, options) => content.followedStories(followed, page, options),
  });
  stories = await content.latest(200);
  newest = stories[0]!;
  const author = newest.authors[0]!.slug;
  const subscribe = (userId: string, newsletterId: string) => ({
    userId,
    newsletterId,
    status: 'subscribed',
    email: `${userId}@example.org`,
  });
  await database.db
    .insert(newsletterSubscriptions)
    .values([
      subscribe('brief-1', 'daily-brief'),
      subscribe('brief-2', 'daily-brief'),
      subscribe('brief-3', 'daily-brief'),
      subscribe('digest-follows', 'your-follows'),
      subscribe('digest-nothing', 'your-follows'),
    ]);
  // A reader following the newest story's author; one following nothing; one following without the letter.
  await follows.add({ userId: 'digest-follows' } as never, { followsType: 'AUTHOR_ID', followsKey: author });
  await follows.add({ userId: 'not-subscribed' } as never, { followsType: 'AUTHOR_ID', followsKey: author });

  jobs = await createPgBossJobs(database, { scheduler: true });
  sending = createNewsletterSending({
    db: database.db,
    jobs,
    courier: { send: async (message) => void delivered.push(message) },
    siteUrl: 'https://site.example',
    siteName: 'The Site',
    unsubscribeSecret: 'test-secret',
    latestStories: (limit) => content.latest(limit),
    followedStoriesSince: async (userId, since, limit) =>
      (await follows.stories({ userId }, 1, { since, pageSize: limit })).stories,
    storyPath,
    now: () => new Date(newest.publishedAt.getTime() + 3_600_000),
  });
  await sending.startWork({ pollingIntervalSeconds: 0.5 });
}, 180_000);
afterAll(async () => {
  await jobs?.stop(2000);
  await database?.close();
});

const until = async (check: () => Promise<boolean> | boolean, ms = 120_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
const to = (prefix: string) => delivered.filter((m) => m.to.startsWith(prefix));

describe('the newsletter schedules', () => {
  it('are registered with the job queue when the work starts', async () => {
    // Through the query builder: the same on PGlite and PostgreSQL.
    const result = (await database.db.execute(
      sql`select name, cron from pgboss.schedule order by name`,
    )) as unknown as { rows: { name: string; cron: string }[] };
    expect(result.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: DAILY_BRIEF_QUEUE, cron: SCHEDULES.dailyBrief }),
        expect.objectContaining({ name: WEEKLY_DIGEST_QUEUE, cron: SCHEDULES.weeklyDigest }),
      ]),
    );
  });
});

describe('the daily brief', () => {
  it("is composed from the day's published stories and sent once to each subscriber", async () => {
    const first = await sending.sendDailyBrief();
    expect(first?.recipients).toBe(3);
    await until(async () => (await sending.sentCount(first!.editionId)) === 3);
    const at = new Date(newest.publishedAt.getTime() + 3_600_000);
    const ofTheDay = stories.filter((s) => s.publishedAt.getTime() > at.getTime() - 86_400_000);
    const message = to('brief-1')[0]!;
    expect(message.subject).toContain(newest.headline);
    for (const story of ofTheDay.slice(0, 12)) expect(message.text).toContain(story.headline);
    const older = stories.find((s) => s.publishedAt.getTime() <= at.getTime() - 86_400_000);
    if (older) expect(message.text).not.toContain(older.headline);

    // The schedule firing again the same day reuses the edition: nobody gets it twice.
    const again = await sending.sendDailyBrief();
    expect(again?.editionId).toBe(first!.editionId);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(to('brief-').length).toBe(3);
  });

  it('is not sent on a day without stories', async () => {
    const quiet = new Date(stories.at(-1)!.publishedAt.getTime() - 30 * 86_400_000);
    expect(await sending.sendDailyBrief(quiet)).toBeNull();
  });
});

describe('the weekly personalised digest', () => {
  it('e-mails a reader the new stories from their follows and skips readers with nothing new', async () => {
    const { editionId, recipients } = await sending.startWeeklyDigest();
    expect(recipients).toBe(2);
    await until(async () => (await sending.sentCount(editionId)) === 1);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(to('digest-follows')).toHaveLength(1);
    expect(to('digest-nothing')).toHaveLength(0);
    expect(to('not-subscribed')).toHaveLength(0);
    const digest = to('digest-follows')[0]!;
    expect(digest.text).toContain(newest.headline);
    expect(digest.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Started again in the same week: the same edition, no second message.
    expect((await sending.startWeeklyDigest()).editionId).toBe(editionId);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(to('digest-follows')).toHaveLength(1);
  });
});
