'use client';

import type { ReactNode } from 'react';
import { useServerRenderSync } from './server-render-sync';

/**
 * What the server rendered for a signed-out reader, shown only once the browser agrees: until its first
 * token check a neutral placeholder, and a reader who turns out to be signed in (back from the identity
 * provider before the product token existed) gets the page rendered again for them instead.
 */
export function SignedOutGate({
  identitySession,
  children,
}: {
  identitySession: boolean;
  children: ReactNode;
}) {
  const { settling } = useServerRenderSync({ renderedFor: null, identitySession });
  // Once the page has been rendered again and still says signed out, the server cannot see the token:
  // the way to sign in is better than a placeholder for ever.
  if (settling)
    return (
      <>
        <p role="status" aria-live="polite" className="text-muted">
          Checking your sign-in…
        </p>
        <noscript>
          <a href="/user/login/">Sign in</a>
        </noscript>
      </>
    );
  return <>{children}</>;
}
