import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PersonProfile } from '../../../components/profiles/person-profile';
import { PreviewBanner } from '../../../components/profiles/preview-banner';
import { previewViewer } from '../../../server/profiles/preview-viewer';
import { personLinks } from '../../../server/profiles/profile-page-data';
import { profileIdParam, profileOr404, profiles } from '../../../server/profiles/profile-pages';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /_preview/people/?profileId=: a person profile's draft, as its page will show it once
 * published, to its editors only (the owner, admins). Anyone else gets the 404 page, as for an id
 * that does not exist.
 */
export default async function PersonPreviewPage({ searchParams }: Props) {
  const profileId = profileIdParam((await searchParams).profileId);
  if (!profileId) notFound();
  const signedIn = await previewViewer(`/_preview/people/?profileId=${profileId}`);
  if ('page' in signedIn) return signedIn.page;
  const person = await profileOr404((await profiles()).people.source(signedIn.viewer, profileId));
  if (!person) notFound();
  return (
    <>
      <PreviewBanner publishedAt={person.publishedAt} editHref="/user/people/profiles/edit/" />
      <PersonProfile person={person} links={await personLinks(person)} />
    </>
  );
}
