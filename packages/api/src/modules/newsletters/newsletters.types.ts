import type { FOLLOW_TYPES, NEWSLETTER_GROUPS } from '../../enums/spec-enums';

export type NewsletterGroup = (typeof NEWSLETTER_GROUPS)[number];
export type FollowType = (typeof FOLLOW_TYPES)[number];
/** A stored subscription's status; `none` is the absence of a row. */
export type SubscriptionStatus = 'none' | 'subscribed' | 'unsubscribed';

/** A newsletter of the catalogue (spec §3 Newsletter). */
export interface Newsletter {
  newsletterId: string;
  title: string;
  description: string;
  author: string;
  badges: string[];
  newsletterGroup: NewsletterGroup;
  isExecutive: boolean;
  isProfessional: boolean;
  isTopic: boolean;
  isVisibleOnOMS: boolean;
  isPreselectedOnOMS: boolean;
  topicSlug: string | null;
}

export interface NewsletterSubscription {
  newsletter: Newsletter;
  status: SubscriptionStatus;
}
