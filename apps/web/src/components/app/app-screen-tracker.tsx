'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { track } from '../../client/analytics/tracker';
import { currentApp } from '../../client/app/app-mode';

/** Reports `app_screen_viewed` once the app screen shows (spec analytics), with what it promotes. */
export function AppScreenTracker({
  signedIn,
  ctaUrl,
  children,
}: {
  signedIn: boolean;
  ctaUrl: string;
  children: ReactNode;
}) {
  const seen = useRef(false);
  useEffect(() => {
    if (seen.current) return;
    seen.current = true;
    track({
      event: 'app_screen_viewed',
      data: {
        app: currentApp(),
        actionPromoted: signedIn ? 'membership' : 'sign-in',
        designVariant: 'standard',
        ctaUrl,
      },
    });
  }, [signedIn, ctaUrl]);
  return <>{children}</>;
}
