'use client';

import Link from 'next/link';
import { useState } from 'react';
import { track } from '../../client/analytics/tracker';
import { useAuth } from '../../client/auth/auth-provider';
import { runMutation } from '../../client/graphql/graphql-client';
import {
  JoinOrganisationAccountMutation,
  RemoveOrganisationUserMutation,
} from '../../client/graphql/organisations.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { formatDate } from '../../site/dates';
import type { Membership } from '../../server/organisations-page';
import { BuySeatsForm } from './buy-seats-form';

const ROLE_NAMES = { OWNER: 'Owner', ADMIN: 'Admin', USER: 'User' } as const;
const STATUS_NAMES: Record<string, string> = {
  ActiveRenewing: 'Active, renews automatically',
  ActiveCanceled: 'Active until the end date, does not renew',
  ActiveTrial: 'Active (trial)',
  Expired: 'Ended',
  None: 'None',
};
const INVOICE_STATES = { paid: 'Paid', failed: 'Payment failed', pending: 'Pending' } as const;
const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
const FAILED_TEXT = 'That did not work just now. Nothing has changed: please try again.';

/** Membership levels as readers know them. */
const LEVEL_NAMES: Record<string, string> = {
  Standard: 'Standard',
  Premium: 'Premium',
  Executive: 'Executive',
  NewsAndAnalysis: 'News and analysis',
};

/**
 * The reader's seats in organisation accounts, each with a way to leave it (an account's last owner
 * stays: the server says so), and the offer to join the account that claims their e-mail domain.
 */
export function OrganisationMemberships({
  memberships,
  offer,
  viewerUserId,
}: {
  memberships: readonly Membership[];
  offer: { accountId: string; title: string } | null;
  viewerUserId: string;
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const auth = useAuth();
  const [held, setHeld] = useState(memberships);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  /** The token names memberships: it is asked for again, then the page is loaded again with it. */
  async function refresh() {
    await auth.store.forceRefresh().catch(() => undefined);
    window.location.reload();
  }

  async function leave(m: Membership) {
    if (!window.confirm(`Leave ${m.title}? You lose the membership it gives you.`)) return;
    setBusy(m.accountId);
    try {
      const data = await runMutation(client, RemoveOrganisationUserMutation, {
        input: { accountId: m.accountId, accountUserId: m.accountUserId },
      });
      const result = data.removeUserFromOrganisationAccount;
      if (result.__typename !== 'OrganisationAccountUserRemoved') {
        setStatus({ text: result.message, error: true });
        return;
      }
      track({
        event: 'organisation_user_removed',
        data: { accountId: m.accountId, initiatorUserId: viewerUserId },
      });
      setStatus({ text: `You left ${m.title}.`, error: false });
      setHeld((current) => current.filter((x) => x.accountId !== m.accountId));
      void auth.store.forceRefresh().catch(() => undefined);
    } catch {
      setStatus({ text: FAILED_TEXT, error: true });
    } finally {
      setBusy(null);
    }
  }

  async function join() {
    if (!offer) return;
    setBusy('join');
    try {
      const data = await runMutation(client, JoinOrganisationAccountMutation, {
        input: { accountId: offer.accountId },
      });
      const result = data.joinOrganisationAccount;
      if (result.__typename !== 'OrganisationAccountUser') {
        setStatus({
          text:
            result.__typename === 'SeatAllocationError' && result.errorType === 'NO_SEATS_REMAINING'
              ? `${offer.title} has no seats left. Ask its owner to add seats, then try again.`
              : result.message,
          error: true,
        });
        return;
      }
      track({
        event: 'organisation_user_added',
        data: { accountId: offer.accountId, initiatorUserId: viewerUserId },
      });
      setStatus({ text: `You joined ${offer.title}.`, error: false });
      await refresh();
    } catch {
      setStatus({ text: FAILED_TEXT, error: true });
    } finally {
      setBusy(null);
    }
  }

  const button = 'rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60';
  return (
    <div>
      <p role="status" aria-live="polite" className={status?.error ? 'mt-4 text-accent' : 'mt-4 text-muted'}>
        {status?.text ?? ''}
      </p>
      {offer ? (
        <section
          aria-labelledby="offer-heading"
          data-testid="join-offer"
          className="mt-6 rounded border border-rule p-4"
        >
          <h2 id="offer-heading" className="font-serif text-xl font-bold">
            Join {offer.title}&rsquo;s membership
          </h2>
          <p className="mt-2">
            {offer.title} has a membership for everyone with an address at your e-mail domain. Joining takes
            one of its seats.
          </p>
          <button
            type="button"
            className={`${button} mt-3`}
            disabled={!hydrated || busy !== null}
            onClick={() => void join()}
          >
            Join {offer.title}
          </button>
        </section>
      ) : null}
      {held.length === 0 ? (
        <p className="mt-6" data-testid="no-memberships">
          You hold no seat in an organisation account.{' '}
          <Link href="/professional/" className="underline">
            See professional membership for teams
          </Link>
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-rule border-y border-rule">
          {held.map((m) => (
            <li key={m.accountId} data-testid="organisation-membership" className="py-4">
              <h2 className="font-serif text-xl font-bold">{m.title}</h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                <dt className="font-medium">Your role</dt>
                <dd>{ROLE_NAMES[m.role]}</dd>
                <dt className="font-medium">Membership</dt>
                <dd>
                  {LEVEL_NAMES[m.membershipLevel] ?? m.membershipLevel} ·{' '}
                  {m.membershipType === 'Partner' ? 'Partner' : 'Organisation'}
                </dd>
                {m.planTitle ? (
                  <>
                    <dt className="font-medium">Plan</dt>
                    <dd>{m.planTitle}</dd>
                  </>
                ) : null}
                <dt className="font-medium">Status</dt>
                <dd data-testid="membership-status">
                  {STATUS_NAMES[m.status] ?? m.status}
                  {m.paymentFailing ? (
                    <strong className="block text-accent">
                      The last payment failed: update the card on file to keep the membership.
                    </strong>
                  ) : null}
                </dd>
                <dt className="font-medium">Seats</dt>
                <dd data-testid="membership-seats">
                  {m.seats.allocatedSeats} used of {m.seats.purchasedSeats} bought
                </dd>
                {m.renewsAt && m.active ? (
                  <>
                    <dt className="font-medium">Renews</dt>
                    <dd>{formatDate(m.renewsAt)}</dd>
                  </>
                ) : (
                  <>
                    <dt className="font-medium">{m.active ? 'Ends' : 'Ended'}</dt>
                    <dd>{formatDate(m.accessEndsAt)}</dd>
                  </>
                )}
              </dl>
              {m.role !== 'USER' ? (
                <section aria-label={`Invoices of ${m.title}`} className="mt-3 text-sm">
                  <h3 className="font-medium">Invoices</h3>
                  {m.invoices === null ? (
                    <p className="text-muted">
                      The invoices cannot be shown just now. Please try again later.
                    </p>
                  ) : m.invoices.length === 0 ? (
                    <p className="text-muted">No invoices yet.</p>
                  ) : (
                    <ul data-testid="organisation-invoices" className="mt-1 space-y-1">
                      {m.invoices.map((invoice) => (
                        <li key={invoice.id} className="flex flex-wrap gap-x-4">
                          <span>{formatDate(invoice.createdAt)}</span>
                          <span>{money(invoice.total, invoice.currency)}</span>
                          <span>{INVOICE_STATES[invoice.state]}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              ) : null}
              {m.canBuySeats ? (
                <BuySeatsForm
                  accountId={m.accountId}
                  title={m.title}
                  purchasedSeats={m.seats.purchasedSeats}
                  onBought={(purchasedSeats, message) => {
                    setHeld((current) =>
                      current.map((x) =>
                        x.accountId === m.accountId ? { ...x, seats: { ...x.seats, purchasedSeats } } : x,
                      ),
                    );
                    setStatus({ text: message, error: false });
                  }}
                />
              ) : null}
              <div className="mt-3 flex flex-wrap gap-3 text-sm">
                {m.role !== 'USER' ? (
                  <Link
                    href={`/user/organisations/users/?accountId=${encodeURIComponent(m.accountId)}`}
                    className="font-medium underline"
                  >
                    Manage users
                  </Link>
                ) : null}
                <button
                  type="button"
                  className="rounded border border-ink px-3 py-1 disabled:opacity-60"
                  disabled={!hydrated || busy !== null}
                  onClick={() => void leave(m)}
                >
                  Leave<span className="sr-only"> {m.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
