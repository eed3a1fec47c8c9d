'use client';

import { useEffect, useState } from 'react';
import type { ProviderSessionErrorId } from '../../client/auth/auth-actions';
import { useAuth } from '../../client/auth/auth-provider';
import { resolveRedirectTarget } from '../../client/auth/redirect-target';
import { STORAGE_KEYS, safeStorage } from '../../client/auth/storage-keys';

/**
 * Where a reader goes once the product token is back in step after a provider session error (spec §4,
 * §8): already signed in, on to the page the sign-in was for; the session ended, to a fresh sign-in
 * returning there. The target is the flow's, else the stored one, and always on this site.
 */
export function recoveryTarget(options: {
  errorId: ProviderSessionErrorId;
  returnTo: string | undefined;
  storedTarget: string | null;
  siteOrigin: string;
}): string {
  const target = resolveRedirectTarget(options.returnTo ?? options.storedTarget ?? `${options.siteOrigin}/`, {
    kind: 'login',
    currentUrl: `${options.siteOrigin}/`,
    siteOrigin: options.siteOrigin,
  });
  return options.errorId === 'session_already_available'
    ? target
    : `/user/login/?return_to=${encodeURIComponent(target)}`;
}

/**
 * A flow page the provider answered with a session error: refreshes the token, then moves on at once.
 * Without JavaScript (or while it works) the reader has a link to the same place.
 */
export function ProviderSessionRecovery(props: {
  errorId: ProviderSessionErrorId;
  returnTo: string | undefined;
  siteOrigin: string;
}) {
  const auth = useAuth();
  const [next, setNext] = useState(() => recoveryTarget({ ...props, storedTarget: null }));

  useEffect(() => {
    const target = recoveryTarget({
      ...props,
      storedTarget: safeStorage.get(STORAGE_KEYS.authRedirectTarget),
    });
    setNext(target);
    void auth.store.forceRefresh().then(() => window.location.replace(target));
    // Runs once on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const alreadySignedIn = props.errorId === 'session_already_available';
  return (
    <div role="status" className="space-y-4">
      <p>
        {alreadySignedIn
          ? 'You are already signed in. Taking you on…'
          : 'Your session has ended. Taking you to sign in again…'}
      </p>
      <p>
        <a href={next}>{alreadySignedIn ? 'Continue' : 'Sign in'}</a>
      </p>
    </div>
  );
}
