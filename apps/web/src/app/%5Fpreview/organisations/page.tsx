import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OrganisationProfile } from '../../../components/profiles/organisation-profile';
import { PreviewBanner } from '../../../components/profiles/preview-banner';
import { RichText } from '../../../components/profiles/rich-text';
import { previewViewer } from '../../../server/profiles/preview-viewer';
import { organisationLinks } from '../../../server/profiles/profile-page-data';
import { profileIdParam, profileOr404, profiles } from '../../../server/profiles/profile-pages';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /_preview/organisations/?profileId=: an organisation profile's draft with its projects, to
 * its editors only (the account's OWNERs and ADMINs, admins); anyone else gets the 404 page. Editors
 * see the premium description as members will.
 */
export default async function OrganisationPreviewPage({ searchParams }: Props) {
  const profileId = profileIdParam((await searchParams).profileId);
  if (!profileId) notFound();
  const signedIn = await previewViewer(`/_preview/organisations/?profileId=${profileId}`);
  if ('page' in signedIn) return signedIn.page;
  const organisation = await profileOr404(
    (await profiles()).organisations.source(signedIn.viewer, { profileId, accountId: null }),
  );
  if (!organisation) notFound();
  const premium =
    organisation.format === 'PREMIUM' && organisation.premiumDescription.trim() ? (
      <>
        <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-accent">For members only</p>
        <RichText html={organisation.premiumDescription} />
      </>
    ) : null;
  return (
    <>
      <PreviewBanner publishedAt={organisation.publishedAt} editHref="/user/organisations/profiles/edit/" />
      <OrganisationProfile
        organisation={organisation}
        links={await organisationLinks(organisation)}
        premium={premium}
      />
    </>
  );
}
