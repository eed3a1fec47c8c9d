import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@bof/db/client';
import { articleVersions, articles, contentSections } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { ContentImportError } from './content.errors';
import { contentServiceFor, importContentInto } from './content.module';
import { fixtureArticle, fixtureCaseStudy, fixtureTaxonomy } from './content-fixtures';
import { memorySource, readEditionFolder, type SourceItem } from './content-source';
import { DEMO_EDITION_FOLDER } from './content-demo.seed';
import type { BodyBlock } from './content.inputs';
import { smartQuotes, typographicBlock } from './typography';

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database?.close();
});

const items = (records: unknown[]): SourceItem[] =>
  records.map((value, index) => ({ source: 'test.ndjson', record: index + 1, line: index + 1, value }));
const importRecords = (records: unknown[]) => importContentInto(database.db, memorySource(items(records)));

describe('content import', () => {
  it('writes taxonomy and stories with word count, reading time and links', async () => {
    const report = await importRecords([
      ...fixtureTaxonomy,
      fixtureArticle('first', { topics: ['luxury', 'beauty'], tags: ['earnings', 'luxury-resale'] }),
      fixtureCaseStudy('a-case'),
    ]);
    expect(report.stories).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(report.topics.created).toBe(3);
    const service = contentServiceFor(database.db);
    const story = await service.story('first');
    expect(story.wordCount).toBe(10);
    expect(story.readingMinutes).toBe(1);
    expect(story.topics.map((t) => t.slug)).toEqual(['luxury', 'beauty']);
    expect(story.tags).toEqual([
      { slug: 'earnings', name: 'Earnings' },
      { slug: 'luxury-resale', name: 'Luxury resale' },
    ]);
    expect(story.authors).toEqual([
      { slug: 'ada-amsel', name: 'Ada Amsel', title: 'Editor', role: 'AUTHOR' },
    ]);
    const caseStudy = await service.story('a-case');
    expect(caseStudy.kind).toBe('case_study');
    expect(caseStudy.glossary?.[0]?.term).toBe('Gross margin');
  });

  it('rejects a malformed file with per-record errors and writes nothing', async () => {
    const bad = [
      ...fixtureTaxonomy,
      fixtureArticle('good-one'),
      { ...fixtureArticle('no-headline'), headline: undefined },
      fixtureArticle('Bad Slug'),
      fixtureArticle('unknown-topic', { topics: ['knitting'] }),
      fixtureArticle('bad-video', { body: [{ type: 'youtube', videoId: 'short', title: 'A film' }] }),
      fixtureArticle('good-one'),
    ];
    const error = await importRecords(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentImportError);
    const errors = (error as ContentImportError).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: 11, slug: 'no-headline', path: 'headline' }),
        expect.objectContaining({ record: 12, slug: 'Bad Slug', path: 'slug' }),
        expect.objectContaining({
          record: 13,
          slug: 'unknown-topic',
          path: 'topics.0',
          message: 'No topic has the slug "knitting".',
        }),
        expect.objectContaining({ record: 14, slug: 'bad-video', path: 'body.0.videoId' }),
        expect.objectContaining({ record: 15, slug: 'good-one', path: 'slug' }),
      ]),
    );
    expect(errors.every((e) => e.source === 'test.ndjson' && e.line === e.record)).toBe(true);
    expect(await database.db.select().from(articles)).toEqual([]);
    expect(await database.db.select().from(contentSections)).toEqual([]);
  });

  it('is idempotent by slug and keeps every version of changed content', async () => {
    const records = [...fixtureTaxonomy, fixtureArticle('story'), fixtureArticle('other')];
    await importRecords(records);
    const again = await importRecords(records);
    expect(again.stories).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(again.sections).toEqual({ created: 0, updated: 0, unchanged: 3 });

    const edited = fixtureArticle('story', {
      body: [{ type: 'paragraph', text: 'A rewritten first paragraph.' }],
    });
    const third = await importRecords([...fixtureTaxonomy, edited, fixtureArticle('other')]);
    expect(third.stories).toEqual({ created: 0, updated: 1, unchanged: 1 });

    const service = contentServiceFor(database.db);
    const story = await service.story('story');
    expect(story.version).toBe(2);
    expect(story.body).toEqual(edited.body);
    expect((await service.versions('story')).map((v) => v.version)).toEqual([1, 2]);
    const [row] = await database.db.select().from(articles).where(eq(articles.slug, 'story'));
    const kept = await database.db
      .select()
      .from(articleVersions)
      .where(eq(articleVersions.articleId, row!.id));
    const first = kept.find((v) => v.version === 1)!.record as { body: unknown };
    expect(first.body).toEqual(fixtureArticle('story').body);
  });

  it('resolves references to records already in the database', async () => {
    await importRecords(fixtureTaxonomy);
    await importRecords([fixtureArticle('target')]);
    const report = await importRecords([
      fixtureArticle('pointer', { body: [{ type: 'related', slug: 'target' }], series: 'bof-insights' }),
    ]);
    expect(report.stories.created).toBe(1);
    const error = await importRecords([
      fixtureArticle('dangling', { body: [{ type: 'related', slug: 'nowhere' }] }),
    ]).catch((e: unknown) => e);
    expect((error as ContentImportError).errors).toEqual([
      expect.objectContaining({ slug: 'dangling', path: 'body.0.slug' }),
    ]);
  });

  it('round-trips the demo edition', async () => {
    const { items: edition } = readEditionFolder(DEMO_EDITION_FOLDER);
    const report = await importContentInto(database.db, memorySource(edition));
    const service = contentServiceFor(database.db);
    const stories = edition.filter(
      (i) => 'value' in i && ['article', 'caseStudy'].includes((i.value as { type: string }).type),
    );
    expect(report.stories.created).toBe(stories.length);
    for (const item of stories) {
      const record = (item as { value: { slug: string; headline: string; body: BodyBlock[] } }).value;
      const story = await service.story(record.slug);
      // Read with typographic quotes; stored as written (the re-import below finds nothing changed).
      expect(story.headline).toBe(smartQuotes(record.headline));
      expect(story.body).toEqual(record.body.map(typographicBlock));
    }
    const again = await importContentInto(database.db, memorySource(edition));
    expect(again.stories.unchanged).toBe(stories.length);
  });

  it('holds the demo edition to the issue: 40+ articles of 300+ words, 8+ topics and authors, 3 case studies', async () => {
    const { items: edition } = readEditionFolder(DEMO_EDITION_FOLDER);
    await importContentInto(database.db, memorySource(edition));
    const service = contentServiceFor(database.db);
    const articlesPage = await service.latest(1000, { kind: 'article' });
    expect(articlesPage.length).toBeGreaterThanOrEqual(40);
    expect(articlesPage.filter((a) => a.wordCount < 300).map((a) => a.slug)).toEqual([]);
    const caseStudies = await service.caseStudiesPage(1);
    expect(caseStudies.total).toBeGreaterThanOrEqual(3);
    for (const card of caseStudies.stories)
      expect((await service.story(card.slug)).glossary?.length).toBeGreaterThan(0);
    const topics = (await service.topics()).filter((t) => t.stories > 0).map((t) => t.slug);
    expect(topics.length).toBeGreaterThanOrEqual(8);
    expect(topics).toContain('beauty');
    expect((await service.authors()).length).toBeGreaterThanOrEqual(8);
    expect((await service.seriesPage('bof-insights', 1)).total).toBeGreaterThanOrEqual(1);
  });
});
