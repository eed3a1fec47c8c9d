import { createHash } from 'node:crypto';
import type { Seed } from '../../platform/seeds';
import { NEWSLETTER_CATALOGUE } from './newsletter-catalogue';
import { createNewslettersRepo } from './newsletters.repo';

const version = createHash('sha256').update(JSON.stringify(NEWSLETTER_CATALOGUE)).digest('hex').slice(0, 16);

/** Adds the catalogue's newsletters that the database does not have; admin edits are kept. */
export const newsletterCatalogueSeed: Seed = {
  name: 'newsletter-catalogue',
  version,
  run: (db) => createNewslettersRepo(db).seed(NEWSLETTER_CATALOGUE),
};
