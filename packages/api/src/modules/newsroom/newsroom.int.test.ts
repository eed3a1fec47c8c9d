import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { accounts, articles, newsroomStories } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import type { Viewer } from '../../auth/viewer';
import { memorySource } from '../content/content-source';
import { contentServiceFor, importContentInto } from '../content/content.module';
import type { ContentChangeNotice } from './newsroom.service';
import { createNewsroomModule, type Draft, type NewsroomModule } from './newsroom.module';

let database: DatabaseHandle;
let newsroom: NewsroomModule;
let other: NewsroomModule;
const announced: ContentChangeNotice[] = [];
let clock = new Date();

const viewer = (userId: string, isBofAdmin = true): Viewer => ({
  userId,
  email: `${userId}@example.org`,
  membershipLevel: 'None',
  membershipType: 'None',
  isBofAdmin,
  isFirstLogin: false,
  unclaimedMembershipAccountId: null,
  isChallenged: false,
  isUserDataComplete: true,
});
const editor = viewer('edna-editor');
const writer = viewer('wim-writer');
const admin = viewer('ada-admin');
const reader = viewer('rita-reader', false);
const flaggedOnly = viewer('fred-flagged');

async function failure(
  work: Promise<unknown>,
): Promise<{ code: string; message: string; fieldErrors?: unknown }> {
  try {
    await work;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a failure');
}

function ready(draft: Draft): Draft {
  return {
    ...draft,
    standfirst: 'Why the season ends early.',
    section: 'news',
    topics: ['retail'],
    authors: [{ slug: 'nia-north', role: 'AUTHOR' }],
    hero: { ...draft.hero, alt: 'A shop window', caption: 'Paris, October', credit: 'Illustration: Studio' },
    body: [
      { type: 'paragraph', text: 'First paragraph.' },
      { type: 'heading', text: 'What changes', level: 2 },
      { type: 'paragraph', text: 'Second paragraph.' },
    ],
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const env = parseServerEnv({ DATA_DIR: `/tmp/newsroom-int-${process.pid}` });
  const platform = { env, db: database.db };
  const deps = {
    announce: async (_repo: unknown, change: ContentChangeNotice) => void announced.push(change),
    sweepMs: 0,
    now: () => clock,
  };
  newsroom = createNewsroomModule(platform, deps);
  other = createNewsroomModule(platform, deps);
  for (const v of [editor, writer, admin, reader, flaggedOnly])
    await database.db
      .insert(accounts)
      .values({ userId: v.userId, email: v.email, isBofAdmin: v.isBofAdmin, firstSessionId: 's' });
  await database.db.execute(sql`insert into newsroom_staff (user_id, role, name) values
    ('edna-editor', 'editor', 'Edna Editor'), ('wim-writer', 'writer', 'Wim Writer'),
    ('ada-admin', 'admin', 'Ada Admin'), ('rita-reader', 'editor', 'Rita Reader')`);
  await importContentInto(
    database.db,
    memorySource(
      [
        { type: 'section', slug: 'news', name: 'News', description: 'News.' },
        { type: 'topic', slug: 'retail', name: 'Retail', description: 'Retail.' },
        { type: 'author', slug: 'nia-north', name: 'Nia North', title: 'Reporter', bio: 'Reports.' },
      ].map((value, i) => ({ source: 'test', record: i + 1, value })),
    ),
  );
});
afterAll(async () => {
  newsroom?.stop();
  other?.stop();
  await database?.close();
});

describe('newsroom roles', () => {
  it('refuses anyone without the admin flag and a newsroom role', async () => {
    expect((await failure(newsroom.listStories(null, {}))).code).toBe('auth_required');
    // A newsroom role without the admin flag is not enough, nor the flag without a role.
    expect((await failure(newsroom.listStories(reader, {}))).code).toBe('not_authorised');
    expect((await failure(newsroom.listStories(flaggedOnly, {}))).code).toBe('not_authorised');
    expect(await newsroom.staffOf(editor)).toMatchObject({ role: 'editor', name: 'Edna Editor' });
  });

  it('lets a writer write but not publish or schedule, and hides others’ stories from writers', async () => {
    const mine = await newsroom.createStory(writer, { headline: 'A writer’s draft' });
    const saved = await newsroom.saveStory(writer, {
      id: mine.id,
      baseRevision: 1,
      draft: ready(mine.record),
    });
    expect(saved.revision).toBe(2);
    const refused = await failure(newsroom.publish(writer, mine.id));
    expect(refused).toMatchObject({
      code: 'not_authorised',
      message: 'Only editors can schedule, publish or unpublish stories.',
    });
    expect((await failure(newsroom.schedule(writer, mine.id, new Date(clock.getTime() + 60_000)))).code).toBe(
      'not_authorised',
    );
    const editors = await newsroom.createStory(editor, { headline: 'An editor’s draft' });
    expect((await failure(newsroom.story(writer, editors.id))).code).toBe('newsroom_story_not_found');
    expect((await newsroom.listStories(writer, {})).map((s) => s.id)).toEqual([mine.id]);
    expect((await failure(newsroom.auditLog(editor))).code).toBe('not_authorised');
  });
});

describe('writing a story', () => {
  it('sanitises script out of every text field on the server', async () => {
    const story = await newsroom.createStory(editor, { headline: 'Sanitising' });
    const { draftSchema } = await import('./newsroom.inputs');
    const draft = draftSchema.parse({
      ...story.record,
      headline: '<script>alert(1)</script>Clean <b>headline</b>',
      body: [{ type: 'paragraph', text: 'Safe <img src=x onerror=alert(1)>text' }],
    });
    const saved = await newsroom.saveStory(editor, { id: story.id, baseRevision: 1, draft });
    expect(saved.record.headline).toBe('Clean headline');
    expect(saved.record.body).toEqual([{ type: 'paragraph', text: 'Safe text' }]);
  });

  it('refuses a headline over the limit on its field', async () => {
    const { draftSchema } = await import('./newsroom.inputs');
    const parsed = draftSchema.safeParse({
      ...(await newsroom.createStory(editor, { headline: 'x' })).record,
      headline: 'h'.repeat(201),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['headline'], message: 'At most 200 characters.' });
  });

  it('suggests another slug when one is taken', async () => {
    await newsroom.createStory(editor, { headline: 'Slug clash', slug: 'slug-clash' });
    const clash = (await failure(
      newsroom.createStory(editor, { headline: 'Slug clash', slug: 'slug-clash' }),
    )) as {
      code: string;
      fieldErrors: { path: string[]; message: string }[];
    };
    expect(clash.code).toBe('invalid_input');
    expect(clash.fieldErrors[0]).toMatchObject({
      path: ['input', 'slug'],
      message: expect.stringContaining('slug-clash-2'),
    });
    // Without a chosen slug, a free one is picked.
    expect((await newsroom.createStory(editor, { headline: 'Slug clash' })).slug).toBe('slug-clash-2');
  });

  it('refuses a save on a stale revision, showing the other’s changes, and keeps every revision', async () => {
    const story = await newsroom.createStory(editor, { headline: 'Two editors' });
    const first = await newsroom.saveStory(editor, {
      id: story.id,
      baseRevision: 1,
      draft: { ...story.record, standfirst: 'Edna’s standfirst' },
    });
    const stale = (await failure(
      other.saveStory(admin, {
        id: story.id,
        baseRevision: 1,
        draft: { ...story.record, standfirst: 'Ada’s' },
      }),
    )) as unknown as { code: string; savedBy: string; changes: { kind: string; text: string }[] };
    expect(stale.code).toBe('newsroom_stale_revision');
    expect(stale.savedBy).toBe('Edna Editor');
    expect(stale.changes).toContainEqual({ kind: 'added', field: 'standfirst', text: 'Edna’s standfirst' });
    expect((await newsroom.story(editor, story.id)).record.standfirst).toBe('Edna’s standfirst');

    const revisions = await newsroom.revisions(admin, story.id);
    expect(revisions.map((r) => [r.revision, r.name])).toEqual([
      [2, 'Edna Editor'],
      [1, 'Edna Editor'],
    ]);
    const diff = await newsroom.diff(admin, story.id, 1, 2);
    expect(diff.filter((l) => l.kind !== 'same')).toEqual([
      { kind: 'removed', field: 'standfirst', text: '' },
      { kind: 'added', field: 'standfirst', text: 'Edna’s standfirst' },
    ]);
    const restored = await newsroom.restore(admin, {
      id: story.id,
      revision: 1,
      baseRevision: first.revision,
    });
    expect(restored).toMatchObject({ revision: 3 });
    expect(restored.record.standfirst).toBe('');
  });

  it('shows who else is editing', async () => {
    const story = await newsroom.createStory(editor, { headline: 'Presence' });
    expect(await newsroom.heartbeat(editor, story.id)).toEqual([]);
    expect(await newsroom.heartbeat(admin, story.id)).toEqual(['Edna Editor']);
    expect((await newsroom.story(editor, story.id)).editing).toEqual(['Ada Admin']);
    await newsroom.heartbeat(admin, story.id, true);
    expect((await newsroom.story(editor, story.id)).editing).toEqual([]);
  });
});

describe('publishing', () => {
  it('refuses to publish without alt text or a section, naming the fields, and writes nothing', async () => {
    const story = await newsroom.createStory(editor, { headline: 'Not ready' });
    const draft = ready(story.record);
    await newsroom.saveStory(editor, {
      id: story.id,
      baseRevision: 1,
      draft: { ...draft, section: null, hero: { ...draft.hero, alt: '' } },
    });
    const refused = (await failure(newsroom.publish(editor, story.id))) as {
      code: string;
      fieldErrors: { path: string[]; message: string }[];
    };
    expect(refused.code).toBe('invalid_input');
    expect(refused.fieldErrors.map((e) => e.path.join('.'))).toEqual(['draft.section', 'draft.hero.alt']);
    expect((await newsroom.story(editor, story.id)).status).toBe('draft');
    expect(await database.db.select().from(articles).where(eq(articles.slug, story.slug))).toEqual([]);
  });

  it('refuses to schedule in the past', async () => {
    const story = await newsroom.createStory(editor, { headline: 'Yesterday' });
    const refused = (await failure(
      newsroom.schedule(editor, story.id, new Date(clock.getTime() - 1000)),
    )) as {
      fieldErrors: { path: string[]; message: string }[];
    };
    expect(refused.fieldErrors[0]).toMatchObject({
      path: ['input', 'publishAt'],
      message: 'Choose a time in the future.',
    });
  });

  it('publishes now, pushes an edit live, and unpublishes, announcing each change', async () => {
    const story = await newsroom.createStory(editor, { headline: 'Published now' });
    const saved = await newsroom.saveStory(editor, {
      id: story.id,
      baseRevision: 1,
      draft: ready(story.record),
    });
    announced.length = 0;
    const published = await newsroom.publish(editor, story.id);
    expect(published).toMatchObject({ status: 'published' });
    const content = contentServiceFor(database.db);
    expect((await content.story(story.slug)).body[0]).toEqual({
      type: 'paragraph',
      text: 'First paragraph.',
    });
    expect(announced).toEqual([{ storyIds: [published.articleId], slugs: [story.slug], lists: true }]);

    const fixed = ready(saved.record);
    fixed.body[0] = { type: 'paragraph', text: 'First paragraph, fixed.' };
    await newsroom.saveStory(editor, { id: story.id, baseRevision: saved.revision, draft: fixed });
    await newsroom.publish(editor, story.id);
    expect((await content.story(story.slug)).body[0]).toEqual({
      type: 'paragraph',
      text: 'First paragraph, fixed.',
    });

    await newsroom.unpublish(editor, story.id);
    expect((await failure(content.story(story.slug))).code).toBe('content_not_found');
    expect(announced).toHaveLength(3);
    const log = await newsroom.auditLog(admin);
    expect(log.filter((e) => e.subject === story.id).map((e) => e.action)).toEqual([
      'story.unpublish',
      'story.update-live',
      'story.save',
      'story.publish',
      'story.save',
      'story.create',
    ]);
  });

  it('publishes a scheduled story exactly once when several processes sweep at once, and only when due', async () => {
    const story = await newsroom.createStory(editor, { headline: 'Scheduled once' });
    await newsroom.saveStory(editor, { id: story.id, baseRevision: 1, draft: ready(story.record) });
    await newsroom.schedule(editor, story.id, new Date(Date.now() + 60_000));
    expect(await newsroom.sweep()).toBe(0);
    // Due now: move the time into the past as the clock would.
    await database.db
      .update(newsroomStories)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(newsroomStories.id, story.id));
    announced.length = 0;
    const counts = await Promise.all([newsroom.sweep(), other.sweep(), newsroom.sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(announced).toHaveLength(1);
    expect((await newsroom.story(editor, story.id)).status).toBe('published');
    const log = await newsroom.auditLog(admin);
    expect(log.filter((e) => e.subject === story.id && e.action === 'story.publish')).toHaveLength(1);
  });

  it('keeps the audit log append-only', async () => {
    await expect(database.db.execute(sql`delete from newsroom_audit`)).rejects.toThrow();
    await expect(database.db.execute(sql`update newsroom_audit set action = 'x'`)).rejects.toThrow();
  });

  it('signs preview links valid for 24 hours', async () => {
    const story = await newsroom.createStory(editor, { headline: 'Preview' });
    const { token, expiresAt } = await newsroom.previewToken(editor, story.id);
    expect(expiresAt.getTime() - clock.getTime()).toBe(24 * 3_600_000);
    expect((await newsroom.storyByPreviewToken(admin, token))?.id).toBe(story.id);
    expect(await newsroom.storyByPreviewToken(admin, `${token.slice(0, -2)}xx`)).toBeNull();
    expect((await failure(newsroom.storyByPreviewToken(reader, token))).code).toBe('not_authorised');
    clock = new Date(clock.getTime() + 24 * 3_600_000 + 1000);
    expect(await newsroom.storyByPreviewToken(admin, token)).toBeNull();
  });
});
