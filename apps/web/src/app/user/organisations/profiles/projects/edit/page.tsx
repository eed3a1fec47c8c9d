import type { Metadata } from 'next';
import Link from 'next/link';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../../../../components/auth/signed-out-page';
import { AccountNotice } from '../../../../../../components/profiles-editing/account-notice';
import { ProjectsEditor } from '../../../../../../components/profiles-editing/projects-editor';
import { single } from '../../../../../../server/identity-flows';
import { projectsEditorData } from '../../../../../../server/profiles/profile-editing-data';
import { getServerViewer } from '../../../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

const TITLE = 'Your organisation’s projects';
export const metadata: Metadata = { title: TITLE, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Spec §2 /user/organisations/profiles/projects/edit/?profileId=: an organisation profile's projects, to
 * its editors: list, add, edit, delete, reorder. Part of the draft until the profile is published.
 */
export default async function ProjectsEditPage({ searchParams }: Props) {
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title={TITLE} reason="Sign in to edit your organisation’s projects." />;
  const profileId = single((await searchParams).profileId)?.trim() ?? '';
  const notFound = (
    <AccountNotice title={TITLE} testId="profile-not-found">
      <p>There is no such profile, or it is not yours to edit.</p>
      <p>
        <Link href="/user/organisations/profiles/" className="underline">
          Your organisation’s profile
        </Link>
      </p>
    </AccountNotice>
  );
  if (!UUID.test(profileId)) return notFound;
  let data: Awaited<ReturnType<typeof projectsEditorData>>;
  try {
    data = await projectsEditorData(viewerFromClaims(claims), profileId);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'profile_not_found' || code === 'not_authorised') return notFound;
    throw error;
  }
  const q = encodeURIComponent(data.profileId);
  return (
    <section className="mx-auto max-w-3xl px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Projects of {data.title}</h1>
      <p className="mt-2 text-muted">
        Projects show on the organisation’s page in this order once the profile is published.
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4">
        <Link href={`/user/organisations/profiles/edit/?profileId=${q}`} className="underline">
          Edit the profile and publish
        </Link>
        <Link href={`/_preview/organisations/?profileId=${q}`} className="underline">
          Preview the draft
        </Link>
      </p>
      <ProjectsEditor
        profileId={data.profileId}
        initialVersion={data.version}
        initialProjects={data.projects}
      />
    </section>
  );
}
