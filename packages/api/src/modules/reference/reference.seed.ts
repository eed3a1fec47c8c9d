import { createHash } from 'node:crypto';
import type { Seed } from '../../platform/seeds';
import { REFERENCE_LISTS, REFERENCE_LIST_NAMES } from './reference-lists';
import { createReferenceRepo } from './reference.repo';

// The version is the lists' own fingerprint: editing any entry re-runs the seed at the next start.
const version = createHash('sha256').update(JSON.stringify(REFERENCE_LISTS)).digest('hex').slice(0, 16);

/** Writes every reference list to the database. Idempotent: re-running leaves the same rows and ids. */
export const referenceListsSeed: Seed = {
  name: 'reference-lists',
  version,
  run: async (db) => {
    const repo = createReferenceRepo(db);
    for (const list of REFERENCE_LIST_NAMES) await repo.replace(list, REFERENCE_LISTS[list]);
  },
};
