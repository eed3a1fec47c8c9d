'use client';

import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { runMutation, runQuery } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { RevokeStoryGiftMutation, StoryGiftsQuery } from '../../client/graphql/story-gifts.documents';
import { formatDate } from '../../site/dates';

interface Gift {
  id: string;
  headline: string;
  storyGiftUrl: string;
  expiresAt: unknown;
  revokedAt: unknown;
  readers: number;
  maxReaders: number;
}

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; gifts: Gift[]; remaining: number };

/** The stories the reader has gifted: who can still open each, and a way to withdraw a link. */
export function MyGifts() {
  const auth = useAuth();
  const client = useGraphQLClient();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const refresh = useCallback(async () => {
    try {
      const result = (await runQuery(client, StoryGiftsQuery, {})).storyGifts;
      if (result.__typename !== 'StoryGiftAllowance') return setLoad({ kind: 'failed' });
      setLoad({ kind: 'loaded', gifts: result.gifts, remaining: result.remainingThisMonth });
    } catch {
      setLoad({ kind: 'failed' });
    }
  }, [client]);
  useEffect(() => {
    if (auth.status === 'logged-in') void refresh();
  }, [auth.status, refresh]);

  const revoke = async (gift: Gift) => {
    setBusy(gift.id);
    try {
      const result = (await runMutation(client, RevokeStoryGiftMutation, { input: { giftId: gift.id } }))
        .revokeStoryGift;
      setNotice(
        result.__typename === 'StoryGift'
          ? `The link to “${gift.headline}” no longer opens the story.`
          : 'message' in result
            ? result.message
            : 'The link could not be withdrawn.',
      );
      await refresh();
    } catch {
      setNotice('The link could not be withdrawn. Check your connection and try again.');
    } finally {
      setBusy(null);
    }
  };

  if (load.kind === 'loading') return <p role="status">Loading your gifts…</p>;
  if (load.kind === 'failed')
    return (
      <p role="alert">
        Your gifts could not be loaded.{' '}
        <button type="button" className="underline" onClick={() => void refresh()}>
          Try again
        </button>
      </p>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        You can gift {load.remaining} more {load.remaining === 1 ? 'story' : 'stories'} this month, with “Gift
        this story” on the story page.
      </p>
      <p role="status" className="text-sm">
        {notice}
      </p>
      {load.gifts.length === 0 ? (
        <p>You have not gifted any stories yet.</p>
      ) : (
        <ul className="divide-y divide-rule border-y border-rule">
          {load.gifts.map((gift) => {
            const expired = new Date(String(gift.expiresAt)) <= new Date();
            const state = gift.revokedAt
              ? 'Withdrawn'
              : expired
                ? 'Expired'
                : `Open until ${formatDate(String(gift.expiresAt))}`;
            return (
              <li key={gift.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <a href={gift.storyGiftUrl} className="font-semibold">
                    {gift.headline}
                  </a>
                  <p className="text-sm text-muted">
                    {state} · {gift.readers} of {gift.maxReaders} readers
                  </p>
                </div>
                {gift.revokedAt || expired ? null : (
                  <button
                    type="button"
                    disabled={busy === gift.id}
                    onClick={() => void revoke(gift)}
                    aria-label={`Withdraw the gift link to ${gift.headline}`}
                    className="rounded border border-rule px-3 py-1.5 text-sm hover:bg-surface disabled:opacity-60"
                  >
                    {busy === gift.id ? 'Withdrawing…' : 'Withdraw link'}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
