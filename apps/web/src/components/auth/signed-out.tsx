'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { purgeReaderCaches } from '../../client/app/offline-browser';
import { useAuth } from '../../client/auth/auth-provider';
import { resolveRedirectTarget } from '../../client/auth/redirect-target';
import { STORAGE_KEYS, safeStorage } from '../../client/auth/storage-keys';

/**
 * Finishes a sign-out: brings the product cookies in step with the provider (a forced refresh clears them
 * when the provider session is gone), then continues to the stored redirect. Offline, it offers to retry.
 */
export function SignedOut() {
  const auth = useAuth();
  const [phase, setPhase] = useState<'working' | 'done' | 'still-signed-in'>('working');
  const [next, setNext] = useState('/');

  useEffect(() => {
    const target = resolveRedirectTarget(safeStorage.get(STORAGE_KEYS.userRedirect), {
      kind: 'logout',
      currentUrl: window.location.origin + '/',
      siteOrigin: window.location.origin,
    });
    setNext(target);
    void auth.store.forceRefresh().then((state) => {
      if (state.status === 'logged-in') {
        setPhase('still-signed-in');
        return;
      }
      setPhase('done');
      safeStorage.remove(STORAGE_KEYS.userRedirect);
      // Signed out: what was kept for offline reading for this reader goes too (issue 27).
      void purgeReaderCaches()
        .catch(() => undefined)
        .then(() => window.location.replace(target));
    });
    // Runs once on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (phase === 'still-signed-in') {
    return (
      <div role="status" className="space-y-4">
        <p>
          You are still signed in
          {typeof navigator !== 'undefined' && !navigator.onLine ? ' (you are offline)' : ''}.
        </p>
        <button
          type="button"
          onClick={() => void auth.actions.logout({ redirectTo: next })}
          className="rounded bg-ink px-4 py-2 text-paper"
        >
          Sign out
        </button>
      </div>
    );
  }
  return (
    <div role="status" className="space-y-4">
      <p>{phase === 'done' ? 'You have signed out.' : 'Signing you out…'}</p>
      <p>
        <Link href={next}>Continue</Link>
      </p>
    </div>
  );
}
