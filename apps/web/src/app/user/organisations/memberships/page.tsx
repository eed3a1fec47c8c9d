import type { Metadata } from 'next';
import Link from 'next/link';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { OrganisationMemberships } from '../../../../components/organisations/organisation-memberships';
import { membershipsOf, offeredAccount } from '../../../../server/organisations-page';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your organisation memberships', robots: { index: false } };

/**
 * Spec §2 /user/organisations/memberships/: the organisation accounts the reader holds a seat in (role,
 * level, end date), a way to leave each, and, when the reader's verified address is at a domain an
 * account has claimed (the token's `unclaimed_membership_account_id`), the offer to join it.
 */
export default async function OrganisationMembershipsPage() {
  const viewer = await getServerViewer();
  if (!viewer)
    return (
      <SignedOutPage
        title="Your organisation memberships"
        reason="Sign in to see the organisation memberships you hold a seat in."
      />
    );
  const [memberships, offer] = await Promise.all([
    membershipsOf(viewer.user_id),
    offeredAccount(viewer.unclaimed_membership_account_id),
  ]);
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Your organisation memberships</h1>
      <p className="mt-3 text-lg text-muted">
        The memberships your employer or another organisation gives you a seat in.
      </p>
      <OrganisationMemberships memberships={memberships} offer={offer} viewerUserId={viewer.user_id} />
      <p className="mt-10 text-sm">
        <Link href="/user/account/">Your account</Link>
      </p>
    </section>
  );
}
