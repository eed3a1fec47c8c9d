import { CURRENCIES } from '@bof/config/constants';
import {
  MEMBERSHIP_LEVELS,
  MEMBERSHIP_STATUSES,
  MEMBERSHIP_TYPES,
  ORGANISATION_ACCOUNT_ROLES,
} from '@bof/config/enums';
import { builder } from '../builder';
import {
  FEATURED_ORGANISATION_CATEGORIES,
  FOLLOW_TYPES,
  MEDIA_TYPES,
  NEWSLETTER_GROUPS,
  NEWSLETTER_SUBSCRIPTION_STATUSES,
  PROFILE_FORMATS,
  PROJECT_ASSET_TYPES,
  SEAT_ALLOCATION_ERROR_TYPES,
  STORY_CONTRIBUTOR_ROLES,
  SUBSCRIPTION_PURCHASE_ERROR_CODES,
  SUBSCRIPTION_STATES,
} from './spec-enums';
import { SUBSCRIPTION_UPGRADE_ERROR_REASONS } from '../errors/subscription-errors';

// Every spec §4/§8 enumeration as a GraphQL enum, defined once: later modules import these refs.

export const MembershipLevelEnum = builder.enumType('MembershipLevel', { values: MEMBERSHIP_LEVELS });
export const MembershipTypeEnum = builder.enumType('MembershipType', { values: MEMBERSHIP_TYPES });
export const MembershipStatusEnum = builder.enumType('MembershipStatus', { values: MEMBERSHIP_STATUSES });
export const OrganisationAccountRoleEnum = builder.enumType('OrganisationAccountRole', {
  values: ORGANISATION_ACCOUNT_ROLES,
});
export const CurrencyEnum = builder.enumType('Currency', { values: CURRENCIES });
export const SubscriptionStateEnum = builder.enumType('SubscriptionState', {
  description: "A subscription's state at the billing provider.",
  values: SUBSCRIPTION_STATES,
});
export const NewsletterSubscriptionStatusEnum = builder.enumType('NewsletterSubscriptionStatus', {
  values: NEWSLETTER_SUBSCRIPTION_STATUSES,
});
export const NewsletterGroupEnum = builder.enumType('NewsletterGroup', { values: NEWSLETTER_GROUPS });
export const ProfileFormatEnum = builder.enumType('ProfileFormat', { values: PROFILE_FORMATS });
export const ProjectAssetTypeEnum = builder.enumType('ProjectAssetType', { values: PROJECT_ASSET_TYPES });
export const FollowTypeEnum = builder.enumType('FollowType', { values: FOLLOW_TYPES });
export const MediaTypeEnum = builder.enumType('MediaType', { values: MEDIA_TYPES });
export const StoryContributorRoleEnum = builder.enumType('StoryContributorRole', {
  values: STORY_CONTRIBUTOR_ROLES,
});
export const FeaturedOrganisationCategoryEnum = builder.enumType('FeaturedOrganisationCategory', {
  values: FEATURED_ORGANISATION_CATEGORIES,
});
export const SeatAllocationErrorTypeEnum = builder.enumType('SeatAllocationErrorType', {
  values: SEAT_ALLOCATION_ERROR_TYPES,
});
export const SubscriptionPurchaseErrorCodeEnum = builder.enumType('SubscriptionPurchaseErrorCode', {
  values: SUBSCRIPTION_PURCHASE_ERROR_CODES,
});
export const SubscriptionUpgradeErrorReasonEnum = builder.enumType('SubscriptionUpgradeErrorReason', {
  description: 'Why an upgrade was refused or failed.',
  values: SUBSCRIPTION_UPGRADE_ERROR_REASONS,
});
