import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { newsletterSubscriptions } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import type { Viewer } from '../../auth/viewer';
import { createPgBossJobs } from '../../platform/jobs/pg-boss-jobs';
import { runSeeds } from '../../platform/seeds';
import { seedList } from '../../platform/seed-list';
import { contentServiceFor } from '../content/content.module';
import { storyPath } from '../content/content.service';
import type { StoryCard } from '../content/content.types';
import type { MailMessage } from '../email-change/email-change-mail';
import type { StaffMember } from '../newsroom/newsroom.module';
import { createDailyBriefDesk } from './daily-brief-desk';
import { createNewsletterSending, nextDailyBriefAt } from './newsletter-sending';

// The newsroom's daily brief: composed as a draft from the day's stories, edited by an editor (order,
// removals, introduction), and sent as edited at 06:00 UTC.

const HOUR = 3_600_000;
const clock = { now: new Date('2026-05-01T20:00:00Z') };
let database: DatabaseHandle;
let stories: StoryCard[] = [];
const delivered: MailMessage[] = [];
const viewer = (userId: string) => ({ userId, email: `${userId}@example.org` }) as Viewer;
const staff: Record<string, StaffMember> = {
  'editor-1': { userId: 'editor-1', role: 'editor', name: 'Eda Editor' } as StaffMember,
  'writer-1': { userId: 'writer-1', role: 'writer', name: 'Wes Writer' } as StaffMember,
};

beforeAll(async () => {
  database = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
  // The demo edition's stories, as if published in the hours before the clock.
  stories = (await contentServiceFor(database.db).latest(5)).map((s, i) => ({
    ...s,
    publishedAt: new Date(clock.now.getTime() - (i + 1) * HOUR),
  }));
  await database.db.insert(newsletterSubscriptions).values(
    Array.from({ length: 5 }, (_, n) => ({
      userId: `brief-reader-${n}`,
      newsletterId: 'daily-brief',
      status: 'subscribed',
      email: `brief-reader-${n}@example.org`,
    })),
  );
}, 180_000);
afterAll(async () => {
  await database?.close();
});

async function setUp() {
  const jobs = await createPgBossJobs(database, { scheduler: true });
  const sending = createNewsletterSending({
    db: database.db,
    jobs,
    courier: { send: async (message) => void delivered.push(message) },
    siteUrl: 'https://site.example',
    siteName: 'The Site',
    unsubscribeSecret: 'secret',
    latestStories: async (limit) => stories.slice(0, limit),
    followedStoriesSince: async () => [],
    storyPath,
    now: () => clock.now,
    jobExpirySeconds: 5,
  });
  const desk = createDailyBriefDesk({
    sending,
    staffOf: async (v) => (v ? (staff[v.userId] ?? null) : null),
  });
  return { jobs, sending, desk };
}

describe('the daily brief desk', () => {
  it('shows the upcoming brief composed from the day’s stories to newsroom staff only', async () => {
    const { jobs, desk } = await setUp();
    const draft = (await desk.draft(viewer('writer-1')))!;
    expect(draft.scheduledFor).toEqual(new Date('2026-05-02T06:00:00Z'));
    expect(draft.status).toBe('draft');
    expect(draft.stories.map((s) => s.id)).toEqual(stories.map((s) => s.id));
    await expect(desk.draft(null)).rejects.toMatchObject({ code: 'auth_required' });
    await expect(desk.draft(viewer('reader-1'))).rejects.toMatchObject({ code: 'not_authorised' });
    await jobs.stop(0);
  });

  it('lets editors, not writers, reorder and remove stories and write the introduction', async () => {
    const { jobs, desk } = await setUp();
    const { editionId } = (await desk.draft(viewer('editor-1')))!;
    const [a, b, c] = stories;
    const edit = { editionId, storyIds: [c!.id, a!.id], intro: 'Good morning: <two> stories & one deal.' };
    await expect(desk.edit(viewer('writer-1'), edit)).rejects.toMatchObject({ code: 'not_authorised' });
    await expect(desk.edit(viewer('editor-1'), { ...edit, intro: 'x'.repeat(1001) })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(desk.edit(viewer('editor-1'), { ...edit, editionId: 'nope' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await desk.edit(viewer('editor-1'), edit);
    const draft = (await desk.draft(viewer('editor-1')))!;
    expect(draft.editionId).toBe(editionId);
    expect(draft.stories.map((s) => s.id)).toEqual([c!.id, a!.id]);
    expect(draft.candidates.map((s) => s.id)).toContain(b!.id);
    expect(draft.intro).toBe(edit.intro);
    expect(draft.editedBy).toBe('editor-1');
    await jobs.stop(0);
  });

  it('sends the edited brief at 06:00, and refuses edits once the send began', async () => {
    const { jobs, sending, desk } = await setUp();
    const { editionId } = (await desk.draft(viewer('editor-1')))!;
    // A story published later in the night does not slip into an edited brief.
    stories = [
      { ...stories[4]!, id: 'late-story', publishedAt: new Date('2026-05-02T02:00:00Z') },
      ...stories,
    ];
    clock.now = new Date(nextDailyBriefAt(clock.now).getTime() + 1000);
    const sent = (await sending.sendDailyBrief(clock.now))!;
    expect(sent).toEqual({ editionId, recipients: 5 });
    await sending.startWorker({ concurrency: 1 });
    const end = Date.now() + 120_000;
    while ((await sending.sentCount(editionId)) < 5 && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await jobs.stop(0);
    expect(delivered).toHaveLength(5);
    const { html, text, subject } = delivered[0]!;
    const [a, , c] = stories.slice(1);
    expect(subject).toContain(c!.headline);
    expect(html).toContain('Good morning: &lt;two&gt; stories &amp; one deal.');
    expect(html.indexOf(c!.headline)).toBeLessThan(html.indexOf(a!.headline));
    for (const left of [stories[0]!, stories[2]!, stories[4]!]) expect(text).not.toContain(left.standfirst);

    const again = { editionId, storyIds: [a!.id], intro: '' };
    await expect(desk.edit(viewer('editor-1'), again)).rejects.toMatchObject({
      code: 'daily_brief_already_sent',
    });
  });
});
