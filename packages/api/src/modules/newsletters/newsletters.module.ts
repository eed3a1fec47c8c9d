import { createHmac } from 'node:crypto';
import type { Platform } from '../../platform/platform';
import type { Jobs } from '../../platform/jobs/jobs';
import type { ContentService } from '../content/content.module';
import { storyPath } from '../content/content.service';
import type { StoryCard } from '../content/content.types';
import type { Mailer } from '../email-change/email-change-mail';
import type { IdentityAdmin } from '../email-change/identity-admin';
import { createNewsletterSending, type NewsletterSending } from './newsletter-sending';
import { createNewsletterSignUp, type NewsletterSignUp } from './newsletter-signup';
import { createSignUpRepo } from './newsletter-signup.repo';
import { createNewslettersRepo } from './newsletters.repo';
import { createNewslettersService, type NewslettersService } from './newsletters.service';

export type { NewslettersService, NewsletterSending, NewsletterSignUp };

/** The unsubscribe links' key, derived from the product's cookie-signing secret. */
const unsubscribeKey = (secret: string) =>
  createHmac('sha256', secret).update('newsletter-unsubscribe-links').digest('base64url');

/** Builds the newsletters module (catalogue, subscriptions, one-click unsubscribe) over the database. */
export function createNewslettersModule(platform: Platform, deps: { secret: string }): NewslettersService {
  return createNewslettersService({
    repo: createNewslettersRepo(platform.db),
    unsubscribeSecret: unsubscribeKey(deps.secret),
  });
}

/** The sending pipeline over the job queue and the courier. */
export function createNewsletterSendingModule(
  platform: Platform,
  deps: {
    jobs: Jobs;
    courier: Mailer;
    content: ContentService;
    secret: string;
    /** The new stories from a reader's follows (the follows module), for the personalised digest. */
    followedStoriesSince: (userId: string, since: Date, limit: number) => Promise<StoryCard[]>;
  },
): NewsletterSending {
  return createNewsletterSending({
    db: platform.db,
    jobs: deps.jobs,
    courier: deps.courier,
    siteUrl: platform.env.siteUrl,
    siteName: platform.env.siteName,
    unsubscribeSecret: unsubscribeKey(deps.secret),
    latestStories: (limit) => deps.content.latest(limit),
    followedStoriesSince: deps.followedStoriesSince,
    storyPath,
  });
}

/** Anonymous sign-ups with double opt-in, over the courier and the identity admin API. */
export function createNewsletterSignUpModule(
  platform: Platform,
  deps: { courier: Mailer; secret: string; identityAdmin: IdentityAdmin | null },
): NewsletterSignUp {
  const { env } = platform;
  const returnTo = encodeURIComponent(`${env.siteUrl}/user/newsletters/`);
  return createNewsletterSignUp({
    repo: createSignUpRepo(platform.db),
    newsletters: createNewslettersRepo(platform.db),
    identityAdmin: deps.identityAdmin,
    courier: deps.courier,
    secret: createHmac('sha256', deps.secret).update('newsletter-signup-links').digest('base64url'),
    siteUrl: env.siteUrl,
    siteName: env.siteName,
    recoveryLink: `${env.identityBaseUrl}/self-service/recovery/browser?return_to=${returnTo}`,
  });
}
