import type { Database } from '@bof/db/client';
import { createContentImportRepo } from './content-import.repo';
import { createContentRepo } from './content.repo';
import { createContentService, type ContentService } from './content.service';
import type { RecordSource } from './content-source';
import { importContent, type ImportOptions, type ImportReport } from './import-content';

export {
  storyPath,
  PAGE_SIZE,
  INSIGHTS_SERIES,
  type FrontPage,
  type ContentService,
} from './content.service';
export type * from './content.types';
export type { BodyBlock, GlossaryEntry, Hero, Art, ArtMotif } from './content.inputs';
export { ContentNotFoundError, ContentImportError, formatRecordError } from './content.errors';
export { ART_MOTIFS } from './content.inputs';
export { readContentVersion } from './content-version';
export { illustrationPath } from './illustration-url';

/** The content reading service over a database. */
export function contentServiceFor(db: Database): ContentService {
  return createContentService({ repo: createContentRepo(db) });
}

/** Imports records into `db` (see import-content.ts for the contract). */
export function importContentInto(
  db: Database,
  source: RecordSource,
  options?: ImportOptions,
): Promise<ImportReport> {
  return importContent({ repo: createContentImportRepo(db) }, source, options);
}
