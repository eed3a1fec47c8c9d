'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useAuth } from '../../client/auth/auth-provider';

type Audience = 'anonymous' | 'registered' | 'member';

/**
 * A wall is decided on the server from the product token. A reader who comes back to the story from
 * signing in or up (the wall's own links) arrives before that token exists, so the first render is for an
 * anonymous reader; once the browser's token check knows better, the story is decided again for who they
 * now are (once per audience: a server that still sees otherwise never loops). Renders nothing.
 */
export function WallAuthSync({ audience }: { audience: Audience }) {
  const auth = useAuth();
  const router = useRouter();
  const refreshedFor = useRef<Audience | null>(null);
  const now: Audience | null =
    auth.status === 'unknown'
      ? null
      : auth.status === 'logged-out'
        ? 'anonymous'
        : auth.user.isMember
          ? 'member'
          : 'registered';
  useEffect(() => {
    if (!now || now === audience || refreshedFor.current === now) return;
    refreshedFor.current = now;
    router.refresh();
  }, [now, audience, router]);
  return null;
}
