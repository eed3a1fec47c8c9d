import type { AccessLevel, MembershipLevel } from './types';

/**
 * What each membership level opens without using the meter (docs/access.md). `topics` lists the topic
 * packages included; '*' means all of them.
 */
export interface Entitlement {
  registered: boolean;
  members: boolean;
  premium: boolean;
  topics: readonly string[] | '*';
  /** Whether gated articles beyond the entitlement may still be read on the registered meter. */
  metered: boolean;
}

export const ENTITLEMENTS: Readonly<Record<MembershipLevel, Entitlement>> = {
  None: { registered: true, members: false, premium: false, topics: [], metered: true },
  Restricted: { registered: true, members: false, premium: false, topics: [], metered: false },
  TopicBeauty: { registered: true, members: false, premium: false, topics: ['beauty'], metered: true },
  NewsAndAnalysis: { registered: true, members: true, premium: false, topics: [], metered: true },
  Standard: { registered: true, members: true, premium: false, topics: [], metered: true },
  LearningAndDevelopment: { registered: true, members: true, premium: true, topics: [], metered: true },
  Premium: { registered: true, members: true, premium: true, topics: '*', metered: true },
  AllAccess: { registered: true, members: true, premium: true, topics: '*', metered: true },
};

/** Whether `level` opens an article of `access` outright (no meter, no gift). */
export function opens(level: MembershipLevel, access: AccessLevel): boolean {
  const entitlement = ENTITLEMENTS[level];
  switch (access) {
    case 'free':
      return true;
    case 'registered':
      return entitlement.registered;
    case 'members':
      return entitlement.members;
    case 'premium':
      return entitlement.premium;
    default: {
      const topic = access.slice('topic:'.length);
      return entitlement.topics === '*' || entitlement.topics.includes(topic);
    }
  }
}
