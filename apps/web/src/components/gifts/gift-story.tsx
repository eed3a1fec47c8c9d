'use client';

import { useRef, useState } from 'react';
import { mayOfferGift } from '@bof/paywall/gifts';
import type { AccessLevel } from '@bof/paywall/types';
import { track } from '../../client/analytics/tracker';
import { useAuth } from '../../client/auth/auth-provider';
import { useGraphQLClientOptions } from '../../client/graphql/client-options';
import { ShareTools } from '../content/share-tools';
import { formatDate } from '../../site/dates';

type Phase =
  | { kind: 'idle' }
  | { kind: 'creating' }
  | { kind: 'created'; url: string; expiresAt: string; maxReaders: number; remaining: number | null }
  | { kind: 'failed'; message: string };

/**
 * "Gift this story", for members whose membership includes the story (admins: any story but a free one,
 * which there is nothing to gift of): creates a gift link on demand and offers it with copy and share
 * targets in a dialog. Nothing is created until the member asks.
 */
export function GiftStory({
  articleId,
  title,
  access,
}: {
  articleId: string;
  title: string;
  access: string;
}) {
  const auth = useAuth();
  const clientOptions = useGraphQLClientOptions();
  const dialog = useRef<HTMLDialogElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const { user } = auth;
  if (
    auth.status !== 'logged-in' ||
    !mayOfferGift(
      {
        userId: user.id ?? '',
        membershipLevel: user.membershipLevel,
        membershipType: user.membershipType,
        isBofAdmin: user.isBofAdmin,
      },
      { access: access as AccessLevel },
    )
  )
    return null;

  const open = async () => {
    dialog.current?.showModal();
    if (phase.kind === 'created' || phase.kind === 'creating') return;
    setPhase({ kind: 'creating' });
    try {
      // The GraphQL client loads with the dialog, not with the story page.
      const { createGift } = await import('./gift-actions');
      const gift = await createGift(clientOptions, articleId);
      if (!gift.ok) {
        setPhase({ kind: 'failed', message: gift.message });
        return;
      }
      track({ event: 'gift_created', data: { giftId: gift.giftId, articleId } });
      setPhase({
        kind: 'created',
        url: gift.url,
        expiresAt: gift.expiresAt,
        maxReaders: gift.maxReaders,
        remaining: gift.remaining,
      });
    } catch {
      setPhase({
        kind: 'failed',
        message: 'The gift could not be created. Check your connection and try again.',
      });
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void open()}
        className="rounded border border-accent px-3 py-1.5 text-sm font-semibold text-accent hover:bg-surface print:hidden"
      >
        Gift this story
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="gift-heading"
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded border border-rule bg-paper p-6 text-ink shadow-xl backdrop:bg-black/40"
        onClose={() => {
          if (phase.kind === 'failed') setPhase({ kind: 'idle' });
        }}
      >
        <h2 id="gift-heading" className="font-serif text-2xl font-bold">
          Gift this story
        </h2>
        <div className="mt-4 space-y-4" aria-live="polite">
          {phase.kind === 'creating' ? <p role="status">Creating your gift link…</p> : null}
          {phase.kind === 'failed' ? (
            <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
              {phase.message}
            </p>
          ) : null}
          {phase.kind === 'created' ? (
            <>
              <p>
                Anyone with this link can read the whole story, without an account, until{' '}
                {formatDate(phase.expiresAt)}, up to {phase.maxReaders} readers.
              </p>
              <label className="block text-sm font-medium" htmlFor="gift-link">
                Gift link
              </label>
              <input
                id="gift-link"
                readOnly
                value={phase.url}
                onFocus={(event) => event.currentTarget.select()}
                className="w-full rounded border border-muted bg-surface px-3 py-2 text-sm"
              />
              <ShareTools url={phase.url} title={title} />
              {phase.remaining !== null ? (
                <p className="text-sm text-muted">
                  You can gift {phase.remaining} more {phase.remaining === 1 ? 'story' : 'stories'} this
                  month. <a href="/user/account/#gifts">Your gifts</a>
                </p>
              ) : null}
            </>
          ) : null}
        </div>
        <form method="dialog" className="mt-6">
          <button type="submit" className="rounded bg-ink px-4 py-2 font-medium text-paper">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
