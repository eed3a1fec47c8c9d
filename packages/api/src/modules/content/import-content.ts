import { ContentImportError } from './content.errors';
import type { StoryRecord } from './content.inputs';
import type { ContentImportRepo, WriteCounts } from './content-import.repo';
import type { RecordSource } from './content-source';
import { parseItem, validateImport } from './content-validation';

/** Progress of a long import: how many records each phase has been through. */
export interface ImportProgress {
  phase: 'validate' | 'write';
  done: number;
  /** Known in the write phase: the number of stories to write. */
  total?: number;
}

export interface ImportReport {
  records: number;
  sections: WriteCounts;
  topics: WriteCounts;
  authors: WriteCounts;
  series: WriteCounts;
  stories: WriteCounts;
}

export interface ImportOptions {
  /** Called every `progressEvery` records in each phase, and at the end of each. */
  onProgress?: (progress: ImportProgress) => void;
  progressEvery?: number;
  /** Stories written per round trip. */
  batchSize?: number;
}

/**
 * Imports content records (docs/content-format.md). First every record is validated, with references
 * checked against the import and the database; any problem throws ContentImportError listing every
 * record error, and nothing is written. Then, in one transaction, the taxonomy is upserted and the
 * stories are written in batches, idempotently by slug: unchanged content is left alone, changed
 * content becomes a new version. The source is read twice, so it must yield the same records twice.
 */
export async function importContent(
  deps: { repo: Pick<ContentImportRepo, 'existingSlugs' | 'transaction'> },
  source: RecordSource,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const every = options.progressEvery ?? 1000;
  const batchSize = options.batchSize ?? 500;
  const progress = options.onProgress ?? (() => undefined);

  const outcome = await validateImport(
    source,
    (kind, slugs) => deps.repo.existingSlugs(kind, slugs),
    (count) => {
      if (count % every === 0) progress({ phase: 'validate', done: count });
    },
  );
  progress({ phase: 'validate', done: outcome.recordCount });
  if (!outcome.ok) throw new ContentImportError(outcome.errors);
  const { taxonomy, storyCount } = outcome;

  return deps.repo.transaction(async (repo) => {
    const taxonomyCounts = await repo.writeTaxonomy(taxonomy);
    const ids = await repo.taxonomyIds();
    const stories: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
    const written: { id: string; slug: string }[] = [];
    let batch: StoryRecord[] = [];
    let done = 0;
    let reported = 0;
    const flush = async () => {
      const counts = await repo.writeStories(batch, ids);
      stories.created += counts.created;
      stories.updated += counts.updated;
      stories.unchanged += counts.unchanged;
      written.push(...counts.written);
      done += batch.length;
      batch = [];
      if (done - reported >= every) {
        reported = done;
        progress({ phase: 'write', done, total: storyCount });
      }
    };
    for await (const item of source()) {
      const parsed = parseItem(item);
      // The source changed between the passes: refuse rather than write what was not validated.
      if (!parsed.ok) throw new ContentImportError(parsed.errors);
      const record = parsed.record;
      if (record.type !== 'article' && record.type !== 'caseStudy') continue;
      batch.push(record);
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length > 0) await flush();
    if (done !== storyCount)
      throw new ContentImportError([
        { source: 'import', record: 0, path: '', message: 'The records changed while they were imported.' },
      ]);
    if (reported !== done) progress({ phase: 'write', done, total: storyCount });
    if (stories.created + stories.updated > 10_000) await repo.analyze();
    // Every process drops its cached pages of these stories and its lists, once this commits.
    const taxonomyChanged = Object.values(taxonomyCounts).some((c) => c.created + c.updated > 0);
    await repo.announce({
      storyIds: written.map((w) => w.id),
      slugs: written.map((w) => w.slug),
      lists: written.length > 0 || taxonomyChanged,
    });
    return { records: outcome.recordCount, ...taxonomyCounts, stories };
  });
}
