'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import type { WallSeen } from '@bof/analytics/events';
import { track } from '../../client/analytics/tracker';
import { STORAGE_KEYS, safeStorage } from '../../client/auth/storage-keys';
import { ctaPath } from './wall-analytics';

/**
 * The one place walls report to analytics: `wall_seen` once the wall is shown, `wall_clicked` (with the
 * path of the link followed as ctaUrl) when one of its links is followed. A click also stores the wall
 * journey, so the reader comes back to the story after signing up or paying. The wall itself is
 * server-rendered and works without this.
 */
export function WallTracker({ data, children }: { data: WallSeen; children: ReactNode }) {
  const seen = useRef(false);
  useEffect(() => {
    if (seen.current) return;
    seen.current = true;
    track({ event: 'wall_seen', data });
  }, [data]);
  return (
    <div
      onClickCapture={(event) => {
        const link = (event.target as HTMLElement).closest('a');
        if (!link) return;
        const title = document.querySelector('article h1')?.textContent?.trim() ?? '';
        safeStorage.set(
          STORAGE_KEYS.wallJourney,
          JSON.stringify({
            articleUrl: window.location.href,
            title,
            placement: data.placement,
            at: Date.now(),
          }),
        );
        track({ event: 'wall_clicked', data: { ...data, ctaUrl: ctaPath(link.href) } });
      }}
    >
      {children}
    </div>
  );
}
