import { createHash } from 'node:crypto';
import type { Seed } from '../../platform/seeds';
import { GLOSSARY_TERMS } from './glossary-terms';
import { createSearchRepo } from './search.repo';

/** Writes the fashion glossary into the search index; its version follows the terms' text. */
export const glossarySeed: Seed = {
  name: 'search-glossary',
  version: createHash('sha256').update(JSON.stringify(GLOSSARY_TERMS)).digest('hex').slice(0, 16),
  run: (db) => createSearchRepo(db).writeGlossary(GLOSSARY_TERMS),
};
