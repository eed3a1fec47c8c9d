'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import type { AuthState } from '../../client/auth/auth-state';

/**
 * Keeps a page the server rendered for one reader (or for nobody, `renderedFor` null) in step with the
 * browser's auth state. The server reads `bof_session`, which the browser sets only after its first token
 * check: a page reached straight from the identity provider (a sign-in, a recovery code) is rendered before
 * the token exists. Once the browser knows a different reader, the route is rendered again with the new
 * cookie, once per reader, so a server that still cannot see the token never loops. When the server saw
 * an identity session but the browser's check found no token, the token is asked for once (spec §4 forced
 * refresh), as that check refreshes only when one of the two product cookies exists.
 *
 * Returns whether the page is still being brought in step (the caller shows a neutral placeholder).
 */
export function useServerRenderSync(options: { renderedFor: string | null; identitySession?: boolean }): {
  settling: boolean;
  auth: AuthState;
} {
  const auth = useAuth();
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  const refreshedFor = useRef<string | null | undefined>(undefined);
  const askedForToken = useRef(false);
  const userId = auth.status === 'logged-in' ? (auth.user.id ?? null) : null;
  const askToken = auth.status === 'logged-out' && Boolean(options.identitySession) && !askedForToken.current;
  const differs = auth.status !== 'unknown' && !askToken && userId !== options.renderedFor;

  useEffect(() => {
    if (!askToken) return;
    askedForToken.current = true;
    void auth.store.forceRefresh();
  }, [askToken, auth.store]);

  useEffect(() => {
    if (!differs || refreshedFor.current === userId) return;
    refreshedFor.current = userId;
    startTransition(() => router.refresh());
  }, [differs, userId, router]);

  const settling =
    auth.status === 'unknown' || askToken || refreshing || (differs && refreshedFor.current !== userId);
  return { settling, auth };
}

/** For a page that is right for anyone until the browser knows better: renders it again when it must. */
export function ServerRenderSync(props: { renderedFor: string | null; identitySession?: boolean }) {
  useServerRenderSync(props);
  return null;
}
