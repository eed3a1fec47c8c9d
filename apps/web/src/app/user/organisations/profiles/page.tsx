import type { Metadata } from 'next';
import Link from 'next/link';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { AccountNotice } from '../../../../components/profiles-editing/account-notice';
import { organisationProfilesPageData } from '../../../../server/profiles/profile-editing-data';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

const TITLE = 'Your organisation’s profile';
export const metadata: Metadata = { title: TITLE, robots: { index: false } };

const q = encodeURIComponent;

/**
 * Spec §2 /user/organisations/profiles/: the profiles of the organisation accounts the reader may edit
 * (OWNER, ADMIN), each with its state and the ways to edit, preview and manage its projects, or to create
 * it. A USER of an account is told who edits it.
 */
export default async function OrganisationProfilesPage() {
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title={TITLE} reason="Sign in to edit your organisation’s profile." />;
  const accounts = await organisationProfilesPageData(viewerFromClaims(claims));
  const editable = accounts.filter((a) => a.role !== 'USER');

  if (accounts.length === 0) {
    return (
      <AccountNotice title={TITLE} testId="no-organisation">
        <p>You are not on an organisation account.</p>
        <p>
          <Link href="/professional/" className="underline">
            See what a professional membership gives a team
          </Link>
        </p>
      </AccountNotice>
    );
  }
  if (editable.length === 0) {
    return (
      <AccountNotice title={TITLE} testId="not-an-editor">
        <p>You do not edit your organisation’s profile.</p>
        <p className="text-base">
          You read with a seat in {accounts.map((a) => a.title).join(', ')}. The account’s owners and admins
          edit its profile and projects; ask them for changes.{' '}
          <Link href="/user/organisations/memberships/" className="underline">
            Your organisation memberships
          </Link>
        </p>
      </AccountNotice>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{TITLE}</h1>
      <p className="mt-2 text-muted">
        The page your organisation has in the organisations directory, with its projects. Changes are a draft
        that only the account’s owners and admins see until one of them publishes it.
      </p>
      <ul className="mt-6 space-y-4" data-testid="organisation-profiles">
        {editable.map((a) => (
          <li key={a.accountId} className="rounded border border-neutral-300 p-4">
            <h2 className="font-serif text-xl font-bold">{a.title}</h2>
            <p className="text-sm text-muted">
              You are {a.role === 'OWNER' ? 'an owner' : 'an admin'} of this account.
            </p>
            {a.profile ? (
              <>
                <p className="mt-2">
                  {a.profile.publishedVersion === null
                    ? 'Draft: not published yet.'
                    : a.profile.publishedVersion === a.profile.version
                      ? 'Published.'
                      : 'Published, with draft changes not public yet.'}{' '}
                  {a.profile.projects === 1 ? '1 project.' : `${a.profile.projects} projects.`}
                </p>
                <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                  <Link
                    className="underline"
                    href={`/user/organisations/profiles/edit/?profileId=${q(a.profile.profileId)}`}
                  >
                    Edit the profile of {a.profile.title}
                  </Link>
                  <Link
                    className="underline"
                    href={`/user/organisations/profiles/projects/edit/?profileId=${q(a.profile.profileId)}`}
                  >
                    Projects of {a.profile.title}
                  </Link>
                  <Link
                    className="underline"
                    href={`/_preview/organisations/?profileId=${q(a.profile.profileId)}`}
                  >
                    Preview the draft of {a.profile.title}
                  </Link>
                </p>
              </>
            ) : (
              <p className="mt-2">
                No profile yet.{' '}
                <Link
                  className="underline"
                  href={`/user/organisations/profiles/edit/?accountId=${q(a.accountId)}`}
                >
                  Create the profile of {a.title}
                </Link>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
