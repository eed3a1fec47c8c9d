import { opens } from '@bof/paywall/entitlements';
import type { WallAudience } from '@bof/paywall/decide-access';
import type { MembershipLevel } from '@bof/paywall/types';

/** The reader as the premium part of a profile needs them: null when anonymous. */
export interface PremiumReader {
  membershipLevel: MembershipLevel;
  isBofAdmin: boolean;
}

export type PremiumAccess =
  { kind: 'allow'; reason: 'admin' | 'entitled' } | { kind: 'wall'; audience: WallAudience };

/**
 * Who reads a PREMIUM profile's premium description: members, by the same entitlement that opens a
 * story for members (`opens(level, 'members')`), and admins. Anyone else meets the wall, worded for
 * who they are. No meter: a profile's premium part is never a free read. Pure.
 */
export function decidePremiumAccess(reader: PremiumReader | null): PremiumAccess {
  if (reader?.isBofAdmin) return { kind: 'allow', reason: 'admin' };
  if (reader && opens(reader.membershipLevel, 'members')) return { kind: 'allow', reason: 'entitled' };
  return {
    kind: 'wall',
    audience: !reader ? 'anonymous' : reader.membershipLevel === 'None' ? 'registered' : 'member',
  };
}
