import { referenceListsSeed } from '../modules/reference/reference.seed';
import type { Seed } from './seeds';

/** Every seed applied at start, in order. Domains append theirs here. */
export const seedList: readonly Seed[] = [referenceListsSeed];
