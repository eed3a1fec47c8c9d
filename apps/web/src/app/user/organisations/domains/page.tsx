import type { Metadata } from 'next';
import Link from 'next/link';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { OrganisationDomains } from '../../../../components/organisations/organisation-domains';
import { single } from '../../../../server/identity-flows';
import { domainsPageData, membershipsOf } from '../../../../server/organisations-page';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your organisation’s e-mail domains', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TITLE = 'Your organisation’s e-mail domains';

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
 * The e-mail domains an organisation account claims (issue 16), beside its users page: owners claim a
 * domain (proved by a confirmation e-mail to an address at it), send the confirmation again, disable
 * and enable domains; admins see the list. `?accountId=` picks one account; an id that is not the
 * reader's gets the refusal of spec §8 UnauthorizedError, which tells nothing about that account.
 */
export default async function OrganisationDomainsPage({ searchParams }: Props) {
  const viewer = await getServerViewer();
  if (!viewer) return <SignedOutPage title={TITLE} reason="Sign in to manage your organisation’s domains." />;
  const asked = single((await searchParams).accountId);
  const memberships = await membershipsOf(viewer.user_id);
  const managed = memberships.filter((m) => m.role === 'OWNER' || m.role === 'ADMIN');
  const current = asked ? managed.find((m) => m.accountId === asked) : managed[0];
  if (asked !== undefined && !current) {
    return (
      <Notice testId="unauthorised">
        <p>You are not allowed to do this.</p>
        <p className="text-base text-muted">
          Account {asked.slice(0, 64)} · your user id {viewer.user_id}
        </p>
      </Notice>
    );
  }
  if (!current) {
    return (
      <Notice testId="no-organisation">
        <p>You do not manage an organisation account.</p>
        <p>
          <Link href="/user/organisations/memberships/" className="underline">
            Your organisation memberships
          </Link>
        </p>
      </Notice>
    );
  }
  const domains = await domainsPageData(viewer.user_id, current.accountId);
  const usersHref = `/user/organisations/users/?accountId=${encodeURIComponent(current.accountId)}`;
  return (
    <section className="mx-auto max-w-3xl px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{current.title}: e-mail domains</h1>
      <p className="mt-2 text-muted">
        Anyone who signs in with a confirmed address at a confirmed domain is offered a seat in this
        membership.{' '}
        {current.active ? null : <strong>Its membership has ended: renew it to claim domains.</strong>}
      </p>
      <nav aria-label="This account" className="mt-4 text-sm">
        <Link href={usersHref} className="underline">
          Users of {current.title}
        </Link>
      </nav>
      <OrganisationDomains
        key={current.accountId}
        accountId={current.accountId}
        isOwner={current.role === 'OWNER'}
        initialDomains={domains}
      />
    </section>
  );
}
