'use client';

import { useEffect } from 'react';
import { track } from '../../client/analytics/tracker';

/** Sends `profile_viewed` once for the profile shown (spec §5: profileId, profileType, profileLevel). */
export function ProfileViewedTracker({
  profileId,
  profileType,
  profileLevel,
}: {
  profileId: string;
  profileType: 'org' | 'people';
  profileLevel: 'premium' | 'basic';
}) {
  useEffect(() => {
    track({ event: 'profile_viewed', data: { profileId, profileType, profileLevel } });
    // One event per profile viewed: a re-render of the same profile is not another view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profileId]);
  return null;
}
