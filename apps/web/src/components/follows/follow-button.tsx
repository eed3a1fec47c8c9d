'use client';

import { useEffect, useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { track } from '../../client/analytics/tracker';
import { useGraphQLClientOptions } from '../../client/graphql/client-options';
import { onDemand } from '../../client/on-demand';
import type { FollowsType } from './follow-actions';

/** The switch's requests, with the GraphQL client: fetched when first needed. */
const loadActions = onDemand(() => import('./follow-actions'));

/** A follow asked for while signed out, done once the reader is back signed in. */
const PENDING_KEY = 'bof:pending-follow';

/**
 * Follow / Following for an author, section or topic. The switch changes at once and is put back if the
 * server refuses. A signed-out reader is sent to register; the follow is kept in this tab and happens
 * when they come back signed in.
 */
export function FollowButton({
  followsType,
  followsKey,
  label,
}: {
  followsType: FollowsType;
  followsKey: string;
  label: string;
}) {
  const auth = useAuth();
  const clientOptions = useGraphQLClientOptions();
  const [following, setFollowing] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const signedIn = auth.status === 'logged-in';

  const send = async (follow: boolean) => {
    const { setFollow } = await loadActions();
    const data = await setFollow(clientOptions, { followsType, followsKey }, follow);
    if (data.__typename === 'UserFollow' || data.__typename === 'FollowRemoved') {
      track({
        event: follow ? 'follow' : 'unfollow',
        data: { topicId: followsKey, topicLabel: label, placementVariant: followsType.toLowerCase() },
      });
      return true;
    }
    setMessage('message' in data ? data.message : 'That did not work just now.');
    return false;
  };

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void (async () => {
      const pending = sessionStorage.getItem(PENDING_KEY);
      if (pending === `${followsType}:${followsKey}`) {
        sessionStorage.removeItem(PENDING_KEY);
        if (await send(true).catch(() => false)) {
          if (live) {
            setFollowing(true);
            setMessage(`You follow ${label}.`);
          }
          return;
        }
      }
      const keys = await loadActions()
        .then(({ followedKeys }) => followedKeys(clientOptions, followsType))
        .catch(() => null);
      if (!live || !keys) return;
      setFollowing(keys.includes(followsKey));
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sign-in state and key
  }, [signedIn, followsType, followsKey]);

  async function toggle() {
    if (busy) return;
    if (!signedIn) {
      sessionStorage.setItem(PENDING_KEY, `${followsType}:${followsKey}`);
      auth.actions.register();
      return;
    }
    const was = following === true;
    setFollowing(!was);
    setBusy(true);
    setMessage('');
    try {
      const ok = await send(!was);
      if (!ok) setFollowing(was);
      else setMessage(was ? `You no longer follow ${label}.` : `You follow ${label}.`);
    } catch {
      setFollowing(was);
      setMessage('That did not work just now. Nothing has changed: please try again.');
    } finally {
      setBusy(false);
    }
  }

  const on = following === true;
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={signedIn ? on : undefined}
        onClick={() => void toggle()}
        disabled={busy || (signedIn && following === null)}
        className={
          on
            ? 'rounded border border-ink px-4 py-1.5 text-sm font-semibold'
            : 'rounded bg-ink px-4 py-1.5 text-sm font-semibold text-paper'
        }
      >
        {on ? `Following ${label}` : `Follow ${label}`}
      </button>
      <span role="status" aria-live="polite" className="text-sm text-muted">
        {message}
      </span>
    </span>
  );
}
