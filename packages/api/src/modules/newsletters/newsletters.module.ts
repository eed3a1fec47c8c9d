import type { Platform } from '../../platform/platform';
import { createNewslettersRepo } from './newsletters.repo';
import { createNewslettersService, type NewslettersService } from './newsletters.service';

export type { NewslettersService };

/** Builds the newsletters module (catalogue and subscriptions) over the platform's database. */
export function createNewslettersModule(platform: Platform): NewslettersService {
  return createNewslettersService({ repo: createNewslettersRepo(platform.db) });
}
