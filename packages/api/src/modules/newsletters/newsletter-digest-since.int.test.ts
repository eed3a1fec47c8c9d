import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { newsletterSubscriptions } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { createPgBossJobs } from '../../platform/jobs/pg-boss-jobs';
import { runSeeds } from '../../platform/seeds';
import { seedList } from '../../platform/seed-list';
import { contentServiceFor } from '../content/content.module';
import { storyPath } from '../content/content.service';
import type { MailMessage } from '../email-change/email-change-mail';
import { DIGEST_ID, createNewsletterSending } from './newsletter-sending';

// The personalised digest holds what is new since the reader's last digest, not a fixed week.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
  await database.db
    .insert(newsletterSubscriptions)
    .values([
      { userId: 'follower', newsletterId: DIGEST_ID, status: 'subscribed', email: 'follower@example.org' },
    ]);
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('the weekly digest', () => {
  it('asks for the stories since the reader’s last digest, a week for the first', async () => {
    const asked: Date[] = [];
    const delivered: MailMessage[] = [];
    const [story] = await contentServiceFor(database.db).latest(1);
    const jobs = await createPgBossJobs(database, { scheduler: true });
    const sending = createNewsletterSending({
      db: database.db,
      jobs,
      courier: { send: async (message) => void delivered.push(message) },
      siteUrl: 'https://site.example',
      siteName: 'The Site',
      unsubscribeSecret: 'secret',
      latestStories: async () => [],
      followedStoriesSince: async (_userId, since) => (asked.push(since), [story!]),
      storyPath,
      jobExpirySeconds: 5,
    });
    await sending.startWork({ pollingIntervalSeconds: 0.5 });
    const until = async (n: number) => {
      const end = Date.now() + 120_000;
      while (delivered.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    };
    const first = new Date('2026-05-04T07:00:00Z');
    await sending.startWeeklyDigest(first);
    await until(1);
    // The next week's digest comes 10 days later (a missed Monday): it reaches back to the last one.
    const second = new Date('2026-05-14T07:00:00Z');
    await sending.startWeeklyDigest(second);
    await until(2);
    await jobs.stop(0);
    expect(delivered).toHaveLength(2);
    expect(asked).toEqual([new Date(first.getTime() - 7 * 86_400_000), first]);
  });
});
