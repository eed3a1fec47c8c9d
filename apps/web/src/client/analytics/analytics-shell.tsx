'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useAuth } from '../auth/auth-provider';
import { useClientConfig } from '../config/client-config';
import { startConsent } from '../consent/start-consent';
import { startErrorReporting } from '../errors/error-reporting';
import { getFraudDetection } from '../fraud/fraud-detection';
import { setMessagingUser, startMessaging } from '../messaging/messaging';
import '../consent/consent-theme.css';
import { PageViews } from './page-views';
import { setTrackedUser, startTracker } from './tracker';

// Client-only, and only fetched when the debug flag is on (spec §1).
const DebugToolbar = dynamic(
  () => import('../../components/debug/debug-toolbar').then((m) => m.DebugToolbar),
  {
    ssr: false,
  },
);

/** Runs `start` once the browser is idle, so third parties never compete with the page itself. */
function whenIdle(start: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(start, 200);
  return () => clearTimeout(timer);
}

/**
 * What starts with the page shell (spec §1): page-view tracking, the consent layer and, behind consent,
 * the ad pixel and tag manager; in-app messaging (not under /subscriptions or /user), fraud-detection
 * page events for signed-in readers, error reporting; the debug toolbar when the debug flag is on.
 * Every third party loads lazily and only when configured. Renders nothing visible.
 */
export function AnalyticsShell() {
  const config = useClientConfig();
  const auth = useAuth();
  const userId = auth.status === 'logged-in' ? auth.user.id : null;
  const email = auth.status === 'logged-in' ? auth.user.email : null;
  const pathname = usePathname();

  useEffect(
    () =>
      whenIdle(() => {
        startErrorReporting(config);
        void startTracker(config);
        void startConsent(config);
      }),
    [config],
  );

  useEffect(() => whenIdle(() => void startMessaging(config, pathname)), [config, pathname]);

  useEffect(() => {
    if (auth.status === 'unknown') return;
    setTrackedUser(userId);
    setMessagingUser(userId);
  }, [auth.status, userId]);

  useEffect(() => {
    if (!userId) return;
    const fraud = getFraudDetection(config);
    if (fraud)
      void fraud.page({ user: { id: userId, ...(email ? { email } : {}) }, url: window.location.href });
  }, [config, userId, email, pathname]);

  return (
    <>
      <PageViews />
      {config.debugMode ? <DebugToolbar /> : null}
    </>
  );
}
