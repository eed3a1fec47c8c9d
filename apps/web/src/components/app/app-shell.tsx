'use client';

import { useEffect, useRef, useState } from 'react';
import { isAppMode } from '../../client/app/app-mode';
import { APP_SCREEN_PATH, shouldShowAppScreen } from '../../client/app/app-start';
import { dropStoriesNoLongerEntitled } from '../../client/app/offline-browser';
import { applyUpdate, watchForUpdate, type WorkerLike } from '../../client/app/worker-updates';
import { useAuth } from '../../client/auth/auth-provider';

/**
 * The installed app's part of every page (issue 27): registers the service worker (production builds
 * only), offers a new version when one waits, drops saved stories the reader is no longer entitled to on
 * start, and takes a non-member starting the app to the app screen. Pages work the same without it.
 */
export function AppShell({ registerWorker }: { registerWorker: boolean }) {
  const auth = useAuth();
  const [waiting, setWaiting] = useState<WorkerLike | null>(null);
  const started = useRef(false);

  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!registerWorker || !container) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        if (!cancelled) stop = watchForUpdate(registration, container, setWaiting);
      })
      .catch((error: unknown) => console.warn('The service worker did not register', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [registerWorker]);

  useEffect(() => {
    if (auth.status === 'unknown' || started.current) return;
    started.current = true;
    void dropStoriesNoLongerEntitled().catch(() => undefined);
    let session: Storage | null = null;
    try {
      session = window.sessionStorage;
    } catch {
      session = null;
    }
    if (
      shouldShowAppScreen({
        appMode: isAppMode(),
        pathname: window.location.pathname,
        auth: auth.status,
        isMember: auth.user.isMember,
        session,
      })
    )
      window.location.replace(APP_SCREEN_PATH);
  }, [auth.status, auth.user.isMember]);

  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-3 border-t border-rule bg-paper px-gutter py-3 text-sm shadow"
      data-app-update=""
    >
      <span>A new version is available</span>
      <button
        type="button"
        className="rounded bg-ink px-3 py-1.5 text-paper"
        onClick={() => {
          const container = navigator.serviceWorker;
          applyUpdate(waiting, container, () => window.location.reload());
        }}
      >
        Reload
      </button>
    </div>
  );
}
