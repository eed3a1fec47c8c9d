import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { accounts, articles, newsroomMedia } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import type { Viewer } from '../../auth/viewer';
import { type FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { fixtureArticle, fixtureCaseStudy, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import { contentServiceFor, importContentInto } from '../content/content.module';
import { deskEntrySchema, frontPinsSchema, type DeskEntryInput } from './newsroom-desk.inputs';
import type { ContentChangeNotice } from './newsroom.service';
import { createNewsroomModule, type NewsroomModule } from './newsroom.module';

let database: DatabaseHandle;
let newsroom: NewsroomModule;
const announced: ContentChangeNotice[] = [];

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
const admin = viewer('ada-admin');
const editor = viewer('edna-editor');
const writer = viewer('wim-writer');
const reader = viewer('rita-reader', false);

async function failure(work: Promise<unknown>): Promise<Error & { code: string }> {
  try {
    await work;
  } catch (error) {
    return error as Error & { code: string };
  }
  throw new Error('expected a failure');
}

const entry = (input: Partial<DeskEntryInput> & Pick<DeskEntryInput, 'kind' | 'slug'>): DeskEntryInput =>
  deskEntrySchema.parse({ create: true, name: 'A name', description: 'A description.', ...input });

const content = () => contentServiceFor(database.db);

beforeAll(async () => {
  database = await createTestDatabase();
  const env = parseServerEnv({ DATA_DIR: `/tmp/newsroom-desk-int-${process.pid}` });
  newsroom = createNewsroomModule(
    { env, db: database.db },
    { announce: async (_repo, change) => void announced.push(change), sweepMs: 0 },
  );
  for (const v of [admin, editor, writer, reader])
    await database.db
      .insert(accounts)
      .values({ userId: v.userId, email: v.email, isBofAdmin: v.isBofAdmin, firstSessionId: 's' });
  await database.db.execute(sql`insert into newsroom_staff (user_id, role, name) values
    ('ada-admin', 'admin', 'Ada Admin'), ('edna-editor', 'editor', 'Edna Editor'),
    ('wim-writer', 'writer', 'Wim Writer'), ('rita-reader', 'editor', 'Rita Reader')`);
  const records = [
    ...fixtureTaxonomy,
    // Newest first by publication time: "newest" leads unless an editor pins another.
    fixtureArticle('old-scoop', { publishedAt: '2026-01-05T08:00:00Z' }),
    fixtureArticle('middle-story', { publishedAt: '2026-06-05T08:00:00Z' }),
    fixtureArticle('newest', { publishedAt: '2026-11-05T08:00:00Z' }),
    fixtureCaseStudy('a-case-study'),
  ];
  await importContentInto(
    database.db,
    memorySource(records.map((value, i) => ({ source: 'test', record: i + 1, value }))),
  );
});
afterAll(async () => {
  newsroom?.stop();
  await database?.close();
});

describe('desk entries', () => {
  it('lets only newsroom admins create or change sections, topics, authors and series', async () => {
    for (const someone of [editor, writer])
      expect(
        await failure(newsroom.saveDeskEntry(someone, entry({ kind: 'topic', slug: 'menswear' }))),
      ).toBeInstanceOf(UnauthorizedError);
    // The admin flag alone (a reader's role row without it) is not staff.
    expect(await failure(newsroom.deskEntries(reader, 'topic'))).toBeInstanceOf(UnauthorizedError);
    const saved = await newsroom.saveDeskEntry(
      admin,
      entry({ kind: 'topic', slug: 'menswear', name: 'Menswear', description: 'Tailoring and more.' }),
    );
    expect(saved).toMatchObject({ kind: 'topic', slug: 'menswear', name: 'Menswear', stories: 0 });
    expect((await content().topic('menswear'))?.name).toBe('Menswear');
    // Editors and writers read the lists (the story editor offers them).
    expect((await newsroom.deskEntries(writer, 'topic')).map((t) => t.slug)).toContain('menswear');
  });

  it('refuses a taken slug on create and an unknown one on change, naming the field', async () => {
    const taken = await failure(newsroom.saveDeskEntry(admin, entry({ kind: 'section', slug: 'news' })));
    expect((taken as unknown as FieldValidationError).fieldErrors).toEqual([
      { path: ['input', 'slug'], code: 'slug_taken', message: 'There is already a section with this slug.' },
    ]);
    const unknown = await failure(
      newsroom.saveDeskEntry(admin, entry({ kind: 'series', slug: 'no-such-series', create: false })),
    );
    expect((unknown as unknown as FieldValidationError).fieldErrors[0]?.code).toBe('not_found');
  });

  it('sanitises markup out of every text and checks the limits after', () => {
    const parsed = deskEntrySchema.parse({
      kind: 'author',
      create: true,
      slug: 'zoe-zed',
      name: '<b>Zoë</b> Zed<script>alert(1)</script>',
      title: '<img src=x onerror=alert(1)>Reporter',
      description: 'Writes <a href="javascript:alert(1)">about</a> shoes.',
    });
    expect(parsed).toMatchObject({ name: 'Zoë Zed', title: 'Reporter', description: 'Writes about shoes.' });
    const bad = deskEntrySchema.safeParse({
      kind: 'section',
      create: true,
      slug: 'Not A Slug',
      name: '<i></i>',
      description: 'x'.repeat(601),
      photo: randomUUID(),
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'description',
      'name',
      'photo',
      'slug',
    ]);
  });

  it('renames an author on every story page at once, and keeps a portrait only once uploaded', async () => {
    announced.length = 0;
    const missing = await failure(
      newsroom.saveDeskEntry(
        admin,
        entry({
          kind: 'author',
          slug: 'ada-amsel',
          create: false,
          name: 'Ada Amsel-Byrne',
          title: 'Editor',
          photo: randomUUID(),
        }),
      ),
    );
    expect((missing as unknown as FieldValidationError).fieldErrors[0]?.path).toEqual(['input', 'photo']);
    expect(announced).toEqual([]);

    const photo = randomUUID();
    await database.db.insert(newsroomMedia).values({
      id: photo,
      key: `${photo}.webp`,
      contentType: 'image/webp',
      width: 400,
      height: 400,
      bytes: 1000,
      uploadedBy: admin.userId,
    });
    const saved = await newsroom.saveDeskEntry(
      admin,
      entry({
        kind: 'author',
        slug: 'ada-amsel',
        create: false,
        name: 'Ada Amsel-Byrne',
        title: 'Editor at large',
        photo,
      }),
    );
    expect(saved).toMatchObject({ name: 'Ada Amsel-Byrne', title: 'Editor at large', photo, stories: 4 });
    expect((await content().author('ada-amsel'))?.photo).toBe(photo);
    expect((await content().story('newest')).authors[0]?.name).toBe('Ada Amsel-Byrne');
    // Every server process drops the pages of the stories that show the author, and its lists.
    const change = announced.find((c) => c.storyIds.length > 0)!;
    expect([...change.slugs].sort()).toEqual(['a-case-study', 'middle-story', 'newest', 'old-scoop']);
    expect(change.lists).toBe(true);
    const log = await newsroom.auditLog(admin);
    expect(log[0]).toMatchObject({ action: 'author.update', subject: 'ada-amsel', userId: admin.userId });
  });
});

describe('front page pins', () => {
  it('leads with the newest story until an editor pins another, then keeps the rest newest first', async () => {
    expect((await content().frontPage()).topStory?.slug).toBe('newest');
    expect(await failure(newsroom.setFrontPins(writer, ['old-scoop']))).toBeInstanceOf(UnauthorizedError);

    announced.length = 0;
    const pins = await newsroom.setFrontPins(editor, ['old-scoop', null, 'middle-story']);
    expect(pins.map((p) => [p.slot, p.slug])).toEqual([
      [1, 'old-scoop'],
      [3, 'middle-story'],
    ]);
    expect(announced).toEqual([{ storyIds: [], slugs: [], lists: true }]);
    const front = await content().frontPage();
    expect([front.topStory?.slug, ...front.latest.map((s) => s.slug)]).toEqual([
      'old-scoop',
      'newest',
      'middle-story',
    ]);
    const log = await newsroom.auditLog(admin);
    expect(log[0]).toMatchObject({ action: 'front.pins', userId: editor.userId });
  });

  it('refuses what cannot lead: an unknown slug, a case study, the same story twice, a fourth slot', async () => {
    const refused = await failure(newsroom.setFrontPins(editor, ['no-such-story', 'a-case-study']));
    expect((refused as unknown as FieldValidationError).fieldErrors.map((e) => e.path)).toEqual([
      ['slugs', '0'],
      ['slugs', '1'],
    ]);
    // Nothing changed.
    expect((await newsroom.frontPins(editor)).map((p) => p.slug)).toEqual(['old-scoop', 'middle-story']);
    expect(frontPinsSchema.safeParse(['newest', 'newest']).success).toBe(false);
    expect(frontPinsSchema.safeParse(['a', 'b', 'c', 'd']).success).toBe(false);
    expect(frontPinsSchema.safeParse([]).success).toBe(false);
    expect(frontPinsSchema.safeParse([null]).success).toBe(true);
  });

  it('frees the slot of a story that is unpublished', async () => {
    await database.db.delete(articles).where(eq(articles.slug, 'old-scoop'));
    expect((await newsroom.frontPins(editor)).map((p) => p.slug)).toEqual(['middle-story']);
    expect((await content().frontPage()).topStory?.slug).toBe('newest');
    await newsroom.setFrontPins(editor, []);
    expect(await newsroom.frontPins(editor)).toEqual([]);
  });
});
