'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useAuth } from '../auth/auth-provider';
import { useClientConfig } from '../config/client-config';
import { startConsent } from '../consent/start-consent';
import { startErrorReporting } from '../errors/error-reporting';
import { getFraudDetection } from '../fraud/fraud-detection';
import { setMessagingPath, setMessagingUser, startMessaging } from '../messaging/messaging';
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
function whenIdle(start: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(start, 200);
  return () => clearTimeout(timer);
}

/** How long after the load event tracking starts if the reader has not interacted before. */
const SETTLE_DELAY_MS = 2000;
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Runs `start` once, when the browser is idle after the page has settled: SETTLE_DELAY_MS after the
 * load event, or sooner at the reader's first interaction. The page's own scripts (hydration, the
 * reading controls) get the main thread first on slow phones; events sent before are queued by the
 * tracker and leave with it, the first page view included.
 */
function whenSettled(start: () => void): () => void {
  let cancel = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopListening = () => {
    for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, go, true);
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
  };
  function go() {
    stopListening();
    cancel = whenIdle(start, 1000);
  }
  function afterLoad() {
    timer = setTimeout(go, SETTLE_DELAY_MS);
  }
  for (const type of FIRST_INTERACTIONS)
    window.addEventListener(type, go, { capture: true, passive: true, once: true });
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    stopListening();
    cancel();
  };
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

  // The consent banner shows as soon as the browser is idle (it takes focus, so it must not open
  // later, while the reader is typing). Error reporting and the tracker start once the page has
  // settled; page views and events queue until then.
  useEffect(() => whenIdle(() => void startConsent(config)), [config]);
  useEffect(
    () =>
      whenSettled(() => {
        startErrorReporting(config);
        void startTracker(config);
      }),
    [config],
  );

  useEffect(() => whenIdle(() => void startMessaging(config, pathname)), [config, pathname]);
  // At once, not when idle: a message on screen closes as the reader enters /user or /subscriptions.
  useEffect(() => setMessagingPath(pathname), [pathname]);

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
