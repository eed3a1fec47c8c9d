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
import type { MailMessage } from '../email-change/email-change-mail';
import { createNewsletterSending } from './newsletter-sending';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const RECIPIENTS = 400;
const SECRET = 'test-unsubscribe-secret';
let database: DatabaseHandle;
const delivered: MailMessage[] = [];
/** The courier refuses these attempts (nothing goes out); the job fails and is retried. */
const refuseAt = new Set([37, 150, 333]);
let attempts = 0;
/** An address the courier always refuses. */
const BOUNCING = 'bounce@example.org';

beforeAll(async () => {
  database = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
  const rows = Array.from({ length: RECIPIENTS }, (_, n) => ({
    userId: `reader-${String(n).padStart(5, '0')}`,
    newsletterId: 'daily-brief',
    status: 'subscribed',
    email: `reader-${n}@example.org`,
  }));
  await database.db.insert(newsletterSubscriptions).values(rows);
  // Some readers of another letter, and one who unsubscribed: neither gets this edition.
  await database.db.insert(newsletterSubscriptions).values([
    { userId: 'beauty-only', newsletterId: 'beauty-weekly', status: 'subscribed', email: 'b@example.org' },
    { userId: 'gone', newsletterId: 'daily-brief', status: 'unsubscribed', email: 'gone@example.org' },
  ]);
}, 180_000);
afterAll(async () => {
  await database?.close();
});

function sendingOver(jobs: Jobs) {
  const content = contentServiceFor(database.db);
  return createNewsletterSending({
    db: database.db,
    jobs,
    siteUrl: 'https://site.example',
    siteName: 'The Site',
    unsubscribeSecret: SECRET,
    latestStories: (limit) => content.latest(limit),
    followedStoriesSince: async () => [],
    storyPath,
    jobExpirySeconds: 3,
    courier: {
      async send(message) {
        attempts += 1;
        if (refuseAt.has(attempts)) throw new Error('SMTP 451: try again later');
        if (message.to === BOUNCING) throw new Error('SMTP 550: no such mailbox');
        delivered.push(message);
      },
    },
  });
}

const until = async (check: () => Promise<boolean>, ms = 240_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('sending an edition', () => {
  it('delivers exactly one message per subscriber, through failures and two worker restarts', async () => {
    let jobs = await createPgBossJobs(database, { scheduler: true });
    let sending = sendingOver(jobs);
    const editionId = await sending.composeEdition('daily-brief');
    expect(await sending.startSend(editionId)).toBe(RECIPIENTS);

    for (const stopAt of [RECIPIENTS / 4, RECIPIENTS / 2]) {
      await sending.startWorker({ concurrency: 2 });
      await until(async () => delivered.length >= stopAt);
      // The worker goes away mid-send without finishing its jobs; a new one takes over.
      await jobs.stop(0);
      jobs = await createPgBossJobs(database, { scheduler: true });
      sending = sendingOver(jobs);
    }
    await sending.startWorker({ concurrency: 2 });
    await until(async () => (await sending.sentCount(editionId)) >= RECIPIENTS);
    await new Promise((resolve) => setTimeout(resolve, 3000)); // retried jobs finish: nothing more goes
    await jobs.stop(1000);

    const perAddress = new Map<string, number>();
    for (const m of delivered) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);
    expect(delivered).toHaveLength(RECIPIENTS);
    expect(perAddress.size).toBe(RECIPIENTS);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(perAddress.has('gone@example.org')).toBe(false);
    expect(perAddress.has('b@example.org')).toBe(false);
    expect(attempts).toBe(RECIPIENTS + refuseAt.size);

    const message = delivered[0]!;
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(message.headers!['List-Unsubscribe']!)![1]!;
    const token = new URL(url).searchParams.get('token')!;
    expect(verifyUnsubscribeToken(SECRET, token)?.newsletterId).toBe('daily-brief');
    expect(message.text).toContain(url);
  }, 400_000);
});

describe('an address the courier always refuses', () => {
  it('holds back no one else in its batch', async () => {
    const readers = Array.from({ length: 20 }, (_, n) => ({
      userId: `beauty-${String(n).padStart(2, '0')}`,
      newsletterId: 'beauty-weekly',
      status: 'subscribed',
      email: n === 3 ? BOUNCING : `beauty-${n}@example.org`,
    }));
    await database.db.insert(newsletterSubscriptions).values(readers);
    const jobs = await createPgBossJobs(database, { scheduler: true });
    const sending = sendingOver(jobs);
    const editionId = await sending.composeEdition('beauty-weekly');
    // The 20 new readers and the one from before.
    expect(await sending.startSend(editionId)).toBe(21);
    await sending.startWorker({ concurrency: 1 });
    await until(async () => (await sending.sentCount(editionId)) >= 20);
    await jobs.stop(1000);
    expect(await sending.sentCount(editionId)).toBe(20);
    const beauty = delivered.filter((m) => /^beauty-|^b@/.test(m.to)).map((m) => m.to);
    expect(new Set(beauty).size).toBe(20);
    expect(beauty).not.toContain(BOUNCING);
  }, 300_000);
});

describe('unsubscribe tokens', () => {
  it('refuse tampering', () => {
    const content = `${Buffer.from('reader-1').toString('base64url')}.daily-brief`;
    expect(verifyUnsubscribeToken(SECRET, `${content}.AAAAAAAAAAAAAAAAAAAAAA`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 'garbage')).toBeNull();
  });
});
