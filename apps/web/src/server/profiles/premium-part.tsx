import type { ReactNode } from 'react';
import type { OrganisationProfileView } from '@bof/api/profile-types';
import { ProfileWall } from '../../components/profiles/profile-wall';
import { RichText } from '../../components/profiles/rich-text';
import { getServerViewer } from '../server-viewer';
import { decidePremiumAccess } from './premium-access';

/**
 * The premium part of a published organisation page: for PREMIUM profiles with a premium description,
 * the description to members and admins, the wall to anyone else (the description is never handed to
 * rendering then); nothing for other profiles.
 */
export async function premiumPart(
  organisation: OrganisationProfileView,
  pageUrl: string,
): Promise<ReactNode> {
  if (organisation.format !== 'PREMIUM' || !organisation.premiumDescription.trim()) return null;
  const claims = await getServerViewer();
  const access = decidePremiumAccess(
    claims ? { membershipLevel: claims.membership_level, isBofAdmin: claims.is_bof_admin } : null,
  );
  if (access.kind === 'allow') return <RichText html={organisation.premiumDescription} />;
  return <ProfileWall audience={access.audience} name={organisation.title} pageUrl={pageUrl} />;
}
