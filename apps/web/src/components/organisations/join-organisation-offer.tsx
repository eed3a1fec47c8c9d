'use client';

import { useRef, useState } from 'react';
import { track } from '../../client/analytics/tracker';
import { useAuth } from '../../client/auth/auth-provider';
import { runMutation } from '../../client/graphql/graphql-client';
import { JoinOrganisationAccountMutation } from '../../client/graphql/organisations.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

/**
 * The one-click offer to join the membership of the organisation that claims the reader's e-mail
 * domain (the token's `unclaimed_membership_account_id`): joining takes a seat, then the token is asked
 * for again so the membership opens at once.
 */
export function JoinOrganisationOffer({
  offer,
  viewerUserId,
}: {
  offer: { accountId: string; title: string };
  viewerUserId: string;
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  function say(text: string, error: boolean) {
    setStatus({ text, error });
    statusRef.current?.focus();
  }

  async function join() {
    setBusy(true);
    try {
      const result = (
        await runMutation(client, JoinOrganisationAccountMutation, { input: { accountId: offer.accountId } })
      ).joinOrganisationAccount;
      if (result.__typename !== 'OrganisationAccountUser') {
        say(
          result.__typename === 'SeatAllocationError' && result.errorType === 'NO_SEATS_REMAINING'
            ? `${offer.title} has no seats left. Ask its owner to add seats, then try again.`
            : result.message,
          true,
        );
        setBusy(false);
        return;
      }
      track({
        event: 'organisation_user_added',
        data: { accountId: offer.accountId, initiatorUserId: viewerUserId },
      });
      say(`You joined ${offer.title}'s membership.`, false);
      // The token names the membership: it is asked for again, then the page shows the seat.
      await auth.store.forceRefresh().catch(() => undefined);
      window.location.assign(`/user/welcome-pro/?account=${encodeURIComponent(offer.accountId)}`);
    } catch {
      say('That did not work just now. Nothing has changed: please try again.', true);
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="join-offer-heading"
      data-testid="join-offer"
      className="mt-6 rounded border border-rule p-4"
    >
      <h2 id="join-offer-heading" className="font-serif text-xl font-bold">
        Join your organisation&rsquo;s membership
      </h2>
      <p className="mt-2">
        {offer.title} has a membership for everyone with an address at your e-mail domain. Joining takes one
        of its seats and opens every article to you.
      </p>
      <button
        type="button"
        className="mt-3 rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60"
        disabled={!hydrated || busy}
        onClick={() => void join()}
      >
        {busy ? 'Joining…' : `Join ${offer.title}`}
      </button>
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={status?.error ? 'mt-3 font-medium text-accent' : 'mt-3 text-muted'}
      >
        {status?.text ?? ''}
      </p>
    </section>
  );
}
