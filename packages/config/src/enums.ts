/**
 * Enumerations of the specification (§4) that more than one package needs. Values are the spec's,
 * verbatim; order is the spec's.
 */
export const MEMBERSHIP_LEVELS = [
  'AllAccess',
  'LearningAndDevelopment',
  'NewsAndAnalysis',
  'None',
  'Premium',
  'Restricted',
  'Standard',
  'TopicBeauty',
] as const;
export type MembershipLevel = (typeof MEMBERSHIP_LEVELS)[number];

export const MEMBERSHIP_TYPES = ['Group', 'Individual', 'None', 'Partner', 'Student'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const MEMBERSHIP_STATUSES = [
  'ActiveCanceled',
  'ActiveRenewing',
  'ActiveTrial',
  'Expired',
  'None',
] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const ORGANISATION_ACCOUNT_ROLES = ['OWNER', 'ADMIN', 'USER'] as const;
export type OrganisationAccountRole = (typeof ORGANISATION_ACCOUNT_ROLES)[number];
