import type { Metadata } from 'next';
import Link from 'next/link';
import { runningServices } from '@bof/api/running-services';
import { SignInPrompt } from '../../../components/auth/sign-in-prompt';
import { JoinOrganisationOffer } from '../../../components/organisations/join-organisation-offer';
import { offeredAccount } from '../../../server/organisations-page';
import { getServerViewer } from '../../../server/server-viewer';
import { formatDate } from '../../../site/dates';
import { single } from '../../../server/identity-flows';

export const metadata: Metadata = { robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /user/welcome-pro/: the welcome of a reader who holds a seat in an organisation account,
 * the buyer first of all: what their organisation now has, and (for owners and admins) the way to add
 * colleagues. `account` names the account just bought; any other account of the reader's is shown
 * otherwise, and one that is not theirs is never shown. A reader whose confirmed address is at a domain
 * an account has claimed (the token's `unclaimed_membership_account_id`) is offered to join it in one
 * click.
 */
export default async function WelcomeProPage({ searchParams }: Props) {
  const viewer = await getServerViewer();
  if (!viewer) {
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">Welcome to your organisation&rsquo;s membership</h1>
        <div className="mt-6">
          <SignInPrompt reason="Sign in to see your organisation's membership." />
        </div>
      </section>
    );
  }
  const asked = single((await searchParams).account);
  const { organisations } = await runningServices();
  const held = await organisations.repo.accountsOf(viewer.user_id);
  const chosen = held.find((h) => h.account.id === asked) ?? held[held.length - 1];
  const offer = await offeredAccount(viewer.unclaimed_membership_account_id);
  const joinOffer = offer ? <JoinOrganisationOffer offer={offer} viewerUserId={viewer.user_id} /> : null;
  if (!chosen && offer) {
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Organisation membership</p>
        <h1 className="mt-2 font-serif text-3xl font-bold">Your organisation is a member</h1>
        {joinOffer}
      </section>
    );
  }
  if (!chosen) {
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">You are not on an organisation membership yet</h1>
        <p className="mt-4">
          When your organisation buys seats, or a colleague adds you, the membership shows here.
        </p>
        <p className="mt-6">
          <Link href="/subscriptions/groups/">See the organisation membership</Link>
        </p>
      </section>
    );
  }
  const { account, role } = chosen;
  const manages = role === 'OWNER' || role === 'ADMIN';
  const remaining = Math.max(0, account.purchasedSeats - account.allocatedSeats);
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">Organisation membership</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Welcome, {account.title} is a member</h1>
      <p className="mt-4 text-lg">
        {role === 'OWNER'
          ? `You own ${account.title}'s membership and hold its first seat.`
          : `You hold a seat on ${account.title}'s membership.`}{' '}
        Every article, analysis and briefing is open to you now.
      </p>
      {joinOffer}
      <dl className="mt-6 grid max-w-sm grid-cols-[1fr_auto] gap-y-1 text-sm" data-testid="welcome-pro-seats">
        <dt>Seats bought</dt>
        <dd className="text-right">{account.purchasedSeats}</dd>
        <dt>Seats taken</dt>
        <dd className="text-right">{account.allocatedSeats}</dd>
        <dt>Seats to give out</dt>
        <dd className="text-right">{remaining}</dd>
        <dt>Membership runs until</dt>
        <dd className="text-right">{formatDate(account.accessEndsAt)}</dd>
      </dl>
      {manages ? (
        <p className="mt-8">
          <Link
            href="/user/organisations/users/"
            className="rounded bg-accent px-4 py-2.5 font-medium text-accent-ink no-underline"
          >
            Add your colleagues
          </Link>
        </p>
      ) : null}
      <p className="mt-8 border-t border-rule pt-6">
        <Link href="/">Start reading</Link>
      </p>
    </section>
  );
}
