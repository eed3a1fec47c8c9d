import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { articles, contentSections, contentSeries, contentTopics, seedRuns } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { runSeeds } from '../../platform/seeds';
import { renderCaseStudyPdf } from './case-study-pdf';
import { ContentImportError } from './content.errors';
import { contentServiceFor, importContentInto } from './content.module';
import { editionSeed } from './content-demo.seed';
import { fixtureArticle, fixtureCaseStudy, fixtureTaxonomy } from './content-fixtures';
import { fileSource, memorySource, readEditionFolder, type SourceItem } from './content-source';
import { DEMO_EDITION_FOLDER, demoTaxonomy } from './demo-edition';
import type { ImportProgress } from './import-content';
import { syntheticCorpus } from './synthetic-corpus';

const folder = mkdtempSync(path.join(os.tmpdir(), 'bof-content-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database?.close();
});

const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('content files', () => {
  it('streams an NDJSON corpus in batches with progress, then re-imports it unchanged', async () => {
    const file = path.join(folder, 'corpus.ndjson');
    writeFileSync(file, ndjson([...syntheticCorpus(230, demoTaxonomy())]));
    const progress: ImportProgress[] = [];
    const options = {
      batchSize: 50,
      progressEvery: 100,
      onProgress: (p: ImportProgress) => progress.push(p),
    };
    const report = await importContentInto(database.db, fileSource(file), options);
    expect(report.stories).toEqual({ created: 230, updated: 0, unchanged: 0 });
    expect(progress.filter((p) => p.phase === 'validate').map((p) => p.done)).toEqual([100, 200, 268]);
    expect(progress.filter((p) => p.phase === 'write').at(-1)).toEqual({
      phase: 'write',
      done: 230,
      total: 230,
    });
    const again = await importContentInto(database.db, fileSource(file), options);
    expect(again.stories).toEqual({ created: 0, updated: 0, unchanged: 230 });
  });

  it('imports a synthetic corpus beside the demo edition without changing its taxonomy', async () => {
    await importContentInto(database.db, memorySource(readEditionFolder(DEMO_EDITION_FOLDER).items));
    const taxonomy = async () => ({
      sections: await database.db.select().from(contentSections).orderBy(contentSections.slug),
      topics: await database.db.select().from(contentTopics).orderBy(contentTopics.slug),
      series: await database.db.select().from(contentSeries).orderBy(contentSeries.slug),
    });
    const before = await taxonomy();
    const corpus: SourceItem[] = [...syntheticCorpus(20, demoTaxonomy())].map((value, i) => ({
      source: 'corpus.ndjson',
      record: i + 1,
      value,
    }));
    const report = await importContentInto(database.db, memorySource(corpus));
    expect(report.sections).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(report.topics).toEqual({ created: 0, updated: 0, unchanged: 10 });
    expect(report.series).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(report.stories.created).toBe(20);
    expect(await taxonomy()).toEqual(before);
  });

  it('names the file, record and line of every problem in an NDJSON file, and writes nothing', async () => {
    const file = path.join(folder, 'broken.ndjson');
    writeFileSync(
      file,
      `${ndjson([...fixtureTaxonomy, fixtureArticle('fine')])}{"type": "article", "slug": \n\n${JSON.stringify({ ...fixtureArticle('x'), access: 'gold' })}\n`,
    );
    const error = (await importContentInto(database.db, fileSource(file)).catch(
      (e: unknown) => e,
    )) as ContentImportError;
    expect(error).toBeInstanceOf(ContentImportError);
    expect(error.errors).toEqual([
      expect.objectContaining({ source: 'broken.ndjson', record: 11, line: 11, path: '' }),
      expect.objectContaining({ source: 'broken.ndjson', record: 12, line: 13, slug: 'x', path: 'access' }),
    ]);
    expect(await database.db.select().from(articles)).toEqual([]);
  });

  it('seeds an edition folder once per version, leaving out records with problems', async () => {
    const edition = path.join(folder, 'edition');
    for (const sub of ['articles', 'case-studies'])
      rmSync(path.join(edition, sub), { recursive: true, force: true });
    const write = (name: string, value: unknown) => {
      const target = path.join(edition, name);
      rmSync(target, { force: true });
      writeFileSync(target, JSON.stringify(value, null, 2));
    };
    mkdirSync(path.join(edition, 'articles'), { recursive: true });
    write('taxonomy.json', fixtureTaxonomy);
    write('articles/good.json', fixtureArticle('good'));
    write(
      'articles/dangling.json',
      fixtureArticle('dangling', { body: [{ type: 'related', slug: 'not-written-yet' }] }),
    );
    write(
      'articles/follows.json',
      fixtureArticle('follows', { body: [{ type: 'related', slug: 'dangling' }] }),
    );
    const seed = editionSeed(edition, 'test-edition');
    await runSeeds(database.db, [seed], () => undefined);
    const slugs = (await database.db.select({ slug: articles.slug }).from(articles)).map((r) => r.slug);
    expect(slugs).toEqual(['good']);
    const runs = await database.db.select().from(seedRuns);
    expect(runs.find((r) => r.name === 'test-edition')?.version).toBe(seed.version);

    write('articles/target.json', fixtureArticle('not-written-yet'));
    const edited = editionSeed(edition, 'test-edition');
    expect(edited.version).not.toBe(seed.version);
    await runSeeds(database.db, [edited], () => undefined);
    const after = (await database.db.select({ slug: articles.slug }).from(articles))
      .map((r) => r.slug)
      .sort();
    expect(after).toEqual(['dangling', 'follows', 'good', 'not-written-yet']);
  });

  it('renders a case study as a PDF report with its glossary', async () => {
    await importContentInto(database.db, async function* () {
      let record = 0;
      for (const value of [...fixtureTaxonomy, fixtureCaseStudy('report')])
        yield { source: 't', record: ++record, value };
    });
    const story = await contentServiceFor(database.db).story('report');
    const pdf = await renderCaseStudyPdf(story, {
      siteName: 'The Business of Fashion',
      url: 'http://x/case-studies/report/',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The cover and body, then the glossary on a page of its own.
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(2);
  });
});
