import { createHash } from 'node:crypto';
import type { Database } from '@bof/db/client';
import type { Seed } from '../../platform/seeds';
import { formatRecordError, type RecordError } from './content.errors';
import { createContentImportRepo } from './content-import.repo';
import { importContentInto } from './content.module';
import { memorySource, readEditionFolder, type SourceItem } from './content-source';
import { validateImport } from './content-validation';
import { DEMO_EDITION_FOLDER } from './demo-edition';

export { DEMO_EDITION_FOLDER };

/** At most this many rounds of leaving out bad records (each round may orphan records that used them). */
const MAX_ROUNDS = 10;

/**
 * The records of an edition that can be imported: records with problems are left out, and so,
 * round by round, are records that referred to them. Returns the problems found.
 */
export async function importableRecords(
  db: Database,
  items: readonly SourceItem[],
): Promise<{ items: SourceItem[]; problems: RecordError[] }> {
  const repo = createContentImportRepo(db);
  let kept = [...items];
  const problems: RecordError[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const outcome = await validateImport(memorySource(kept), (kind, slugs) =>
      repo.existingSlugs(kind, slugs),
    );
    if (outcome.ok) break;
    problems.push(...outcome.errors);
    const bad = new Set(outcome.errors.map((e) => `${e.source}#${e.record}`));
    kept = kept.filter((item) => !bad.has(`${item.source}#${item.record}`));
  }
  return { items: kept, problems };
}

/**
 * Imports an edition folder at start. Its version is a fingerprint of the folder's files, so an edited
 * edition is imported again at the next start; the import is idempotent by slug and keeps earlier
 * versions of changed stories. Unlike `content:import`, a record with a problem does not stop the
 * start (an edition being written may refer to a story not written yet): it is left out, with a
 * warning naming it, and the rest is imported. The demo edition's integration test holds it to the
 * strict rule.
 */
export function editionSeed(folder: string, name = 'demo-edition'): Seed {
  let read: { items: SourceItem[]; version: string } | undefined;
  const load = () => {
    if (!read) {
      const { items, files } = readEditionFolder(folder);
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update('\0');
      read = { items, version: hash.digest('hex').slice(0, 16) };
    }
    return read;
  };
  return {
    name,
    get version() {
      return load().version;
    },
    run: async (db) => {
      const { items, problems } = await importableRecords(db, load().items);
      if (problems.length > 0)
        console.warn(
          `The ${name} has ${problems.length} problem(s); those records were left out:\n${problems
            .map(formatRecordError)
            .join('\n')}`,
        );
      await importContentInto(db, memorySource(items));
    },
  };
}

export const demoEditionSeed: Seed = editionSeed(DEMO_EDITION_FOLDER);
