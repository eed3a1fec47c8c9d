import type { Metadata } from 'next';
import Link from 'next/link';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { OrganisationUsers } from '../../../../components/organisations/organisation-users';
import { single } from '../../../../server/identity-flows';
import { membershipsOf, usersPageData } from '../../../../server/organisations-page';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your organisation’s users', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TITLE = 'Your organisation’s users';

function Notice({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{TITLE}</h1>
      <div role="alert" data-testid={testId} className="mt-6 space-y-3 text-lg">
        {children}
      </div>
    </section>
  );
}

/**
 * Spec §2 /user/organisations/users/: for an owner or admin of an organisation account, its seats and
 * users: add people (by address or from a CSV file), change roles, remove, send invitations again,
 * download the list. `?accountId=` picks one account when the reader manages several. A USER of the
 * account is told they do not manage it; an account id that is not the reader's gets the refusal of
 * spec §8 UnauthorizedError, which tells nothing about that account.
 */
export default async function OrganisationUsersPage({ searchParams }: Props) {
  const viewer = await getServerViewer();
  if (!viewer) return <SignedOutPage title={TITLE} reason="Sign in to manage your organisation’s users." />;
  const asked = single((await searchParams).accountId);
  const memberships = await membershipsOf(viewer.user_id);
  const managed = memberships.filter((m) => m.role === 'OWNER' || m.role === 'ADMIN');

  if (asked !== undefined && !memberships.some((m) => m.accountId === asked)) {
    return (
      <Notice testId="unauthorised">
        <p>You are not allowed to do this.</p>
        <p className="text-base text-muted">
          Account {asked.slice(0, 64)} · your user id {viewer.user_id}
        </p>
      </Notice>
    );
  }
  const current = asked ? memberships.find((m) => m.accountId === asked)! : (managed[0] ?? memberships[0]);
  if (!current) {
    return (
      <Notice testId="no-organisation">
        <p>You are not on an organisation account.</p>
        <p>
          <Link href="/professional/" className="underline">
            See what a professional membership gives a team
          </Link>
        </p>
      </Notice>
    );
  }
  if (current.role === 'USER') {
    return (
      <Notice testId="not-a-manager">
        <p>You do not manage this account.</p>
        <p className="text-base">
          You read with a seat in {current.title}&rsquo;s membership. Its owners and admins add and remove
          people; ask them for changes.{' '}
          <Link href="/user/organisations/memberships/" className="underline">
            Your organisation memberships
          </Link>
        </p>
      </Notice>
    );
  }

  const data = await usersPageData(viewer.user_id, current.accountId);
  return (
    <section className="mx-auto max-w-3xl px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{current.title}: users</h1>
      <p className="mt-2 text-muted">
        You are {current.role === 'OWNER' ? 'an owner' : 'an admin'} of this account.{' '}
        {current.active ? null : <strong>Its membership has ended: renew it to add people.</strong>}
      </p>
      {managed.length > 1 ? (
        <nav aria-label="Your organisation accounts" className="mt-4 text-sm">
          Other accounts you manage:{' '}
          {managed
            .filter((m) => m.accountId !== current.accountId)
            .map((m, i) => (
              <span key={m.accountId}>
                {i > 0 ? ', ' : ''}
                <Link
                  href={`/user/organisations/users/?accountId=${encodeURIComponent(m.accountId)}`}
                  className="underline"
                >
                  {m.title}
                </Link>
              </span>
            ))}
        </nav>
      ) : null}
      <OrganisationUsers
        key={current.accountId}
        accountId={current.accountId}
        viewerRole={current.role}
        viewerUserId={viewer.user_id}
        initialSeats={data.seats}
        initialPage={data.page}
      />
      <p className="mt-12 text-sm">
        <Link href={`/user/organisations/domains/?accountId=${encodeURIComponent(current.accountId)}`}>
          E-mail domains: let colleagues join by their address
        </Link>
      </p>
      <p className="mt-3 text-sm">
        <Link href="/user/organisations/profiles/">Your organisation’s profile and projects</Link>
      </p>
      <p className="mt-3 text-sm">
        <Link href="/user/organisations/memberships/">Your organisation memberships</Link>
      </p>
    </section>
  );
}
