import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentRecordSchema, type TaxonomyRecord } from './content.inputs';

/** The demo edition written for this product (docs/content-format.md). */
export const DEMO_EDITION_FOLDER = fileURLToPath(
  new URL('../../../../../content/demo-edition/', import.meta.url),
);

/** The demo edition's sections, topics, authors and series, as validated records of taxonomy.json. */
export function demoTaxonomy(folder = DEMO_EDITION_FOLDER): TaxonomyRecord[] {
  const records = JSON.parse(readFileSync(path.join(folder, 'taxonomy.json'), 'utf8')) as unknown[];
  return records.map((record) => {
    const parsed = contentRecordSchema.parse(record);
    if (parsed.type === 'article' || parsed.type === 'caseStudy')
      throw new Error('taxonomy.json holds only sections, topics, authors and series.');
    return parsed;
  });
}
