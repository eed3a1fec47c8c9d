/**
 * The words of access decisions. This package imports nothing internal (docs/architecture.md §2), so it
 * restates the few spec enumerations it needs; tests keep them equal to @bof/config's.
 */

/** Spec §4 membership levels. */
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

/** Spec §4 membership types. */
export type MembershipType = 'Group' | 'Individual' | 'None' | 'Partner' | 'Student';

/** Who an article is for: everyone, registered readers, members, premium members, or a topic package. */
export type AccessLevel = 'free' | 'registered' | 'members' | 'premium' | `topic:${string}`;

/** The reader, as the verified session token describes them; null claims mean anonymous. */
export interface Reader {
  userId: string;
  membershipLevel: MembershipLevel;
  membershipType: MembershipType;
  isBofAdmin: boolean;
}

export type WallKind = 'registration' | 'paywall' | 'topic-upsell';
