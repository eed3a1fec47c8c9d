import type { Metadata } from 'next';
import Link from 'next/link';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../../../components/auth/signed-out-page';
import { AccountNotice } from '../../../../../components/profiles-editing/account-notice';
import { OrganisationProfileEditor } from '../../../../../components/profiles-editing/organisation-profile-editor';
import { single } from '../../../../../server/identity-flows';
import {
  organisationEditorData,
  referenceOptions,
} from '../../../../../server/profiles/profile-editing-data';
import { getServerViewer } from '../../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

const TITLE = 'Edit your organisation’s profile';
export const metadata: Metadata = { title: TITLE, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Spec §2 /user/organisations/profiles/edit/: `?profileId=` edits that profile, `?accountId=` creates the
 * account's profile (or edits it, when it has one). Only the account's OWNERs and ADMINs (and admins)
 * get the editor; anyone else is told there is no such profile, which says nothing about it.
 */
export default async function OrganisationProfileEditPage({ searchParams }: Props) {
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title={TITLE} reason="Sign in to edit your organisation’s profile." />;
  const params = await searchParams;
  const profileId = single(params.profileId)?.trim() ?? null;
  const accountId = single(params.accountId)?.trim().slice(0, 80) ?? null;
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
  if ((profileId && !UUID.test(profileId)) || (!profileId && !accountId)) return notFound;

  let initial: Awaited<ReturnType<typeof organisationEditorData>>;
  try {
    initial = await organisationEditorData(viewerFromClaims(claims), { profileId, accountId });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'profile_not_found' || code === 'not_authorised') return notFound;
    throw error;
  }
  const [countries, industries, sizes, types, ownership] = await Promise.all([
    referenceOptions('countries'),
    referenceOptions('jobIndustries'),
    referenceOptions('companySizes'),
    referenceOptions('companyTypes'),
    referenceOptions('companyOwnership'),
  ]);
  return (
    <section className="mx-auto max-w-3xl px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">
        {initial.profileId ? initial.draft.title : 'Create your organisation’s profile'}
      </h1>
      <p className="mt-2">
        <Link href="/user/organisations/profiles/" className="underline">
          All your organisation profiles
        </Link>
      </p>
      <div className="mt-6">
        <OrganisationProfileEditor
          initial={initial}
          lists={{ countries, industries, sizes, types, ownership }}
        />
      </div>
    </section>
  );
}
