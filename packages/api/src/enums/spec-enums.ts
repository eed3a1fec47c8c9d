/**
 * The spec §4 and §8 enumerations that only the API needs (the shared ones live in @bof/config).
 * Values and order are the spec's, verbatim.
 */
export const SUBSCRIPTION_STATES = ['ACTIVE', 'CANCELED', 'EXPIRED', 'FAILED', 'FUTURE', 'PAUSED'] as const;
export const NEWSLETTER_SUBSCRIPTION_STATUSES = ['none', 'subscribed', 'unsubscribed'] as const;
export const NEWSLETTER_GROUPS = ['DAILY', 'PERSONALISED', 'WEEKLY'] as const;
export const PROFILE_FORMATS = ['DEFAULT', 'PREMIUM', 'SEO'] as const;
export const PROJECT_ASSET_TYPES = ['IMAGE', 'YOUTUBE'] as const;
export const FOLLOW_TYPES = [
  'AUTHOR_ID',
  'ORGANISATION_PROFILE_ID',
  'PERSON_PROFILE_ID',
  'SITE_SECTION_ID',
  'TAG_SLUG',
] as const;
export const MEDIA_TYPES = [
  'ALBUM',
  'ARTICLES',
  'AUDIO',
  'AUDIO_BOOK',
  'BOOK',
  'BROADCAST',
  'CLIP',
  'CONCERT',
  'EPISODE',
  'EVENT',
  'LIVE_EVENT',
  'MOVIE',
  'MUSIC',
  'NEWS',
  'PODCAST',
  'RADIO',
  'SHOW',
  'SPORTS_GAME',
  'TV_SERIES',
  'VIDEO_GAME',
  'VLOG',
] as const;
export const STORY_CONTRIBUTOR_ROLES = [
  'ACTOR',
  'AUTHOR',
  'CHANNEL',
  'CHARACTER',
  'CONTRIBUTOR',
  'CREATOR',
  'CUSTOM_ROLE',
  'DIRECTOR',
  'EDITOR',
  'FUNDER',
  'LEAGUE',
  'MUSIC_BY',
  'PLAYER',
  'PRODUCER',
  'PROVIDER',
  'PUBLISHER',
  'SPONSOR',
  'TEAM',
  'TRANSLATOR',
] as const;
export const FEATURED_ORGANISATION_CATEGORIES = ['HOMEPAGE_COMPONENT', 'ORGANISATION_INDEX'] as const;

export const SEAT_ALLOCATION_ERROR_TYPES = ['INVALID_SEAT_REQUEST', 'NO_SEATS_REMAINING'] as const;
export type SeatAllocationErrorType = (typeof SEAT_ALLOCATION_ERROR_TYPES)[number];

export const SUBSCRIPTION_PURCHASE_ERROR_CODES = [
  'ALREADY_HAS_MEMBERSHIP',
  'HAS_UPGRADEABLE_MEMBERSHIP',
  'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
  'INELIGIBLE_FOR_TRIAL',
  'INVALID_CURRENCY',
  'PURCHASE_ERROR',
  'TRANSACTION_ERROR',
] as const;
export type SubscriptionPurchaseErrorCode = (typeof SUBSCRIPTION_PURCHASE_ERROR_CODES)[number];
