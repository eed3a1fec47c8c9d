import { referenceListsSeed } from '../modules/reference/reference.seed';
import { demoEditionSeed } from '../modules/content/content-demo.seed';
import { newsletterCatalogueSeed } from '../modules/newsletters/newsletters.seed';
import { glossarySeed } from '../modules/search/glossary.seed';
import { demoProfilesSeed } from '../modules/profiles/profiles.seed';
import { demoEventsSeed } from '../modules/events/events.seed';
import { demoJobsSeed } from '../modules/jobs/jobs.seed';
import type { Seed } from './seeds';

/** Every seed applied at start, in order. Domains append theirs here. */
export const seedList: readonly Seed[] = [
  referenceListsSeed,
  demoEditionSeed,
  newsletterCatalogueSeed,
  glossarySeed,
  demoProfilesSeed,
  demoEventsSeed,
  demoJobsSeed,
];
