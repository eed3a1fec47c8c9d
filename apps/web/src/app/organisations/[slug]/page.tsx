import type { Metadata } from 'next';
import { getServerEnv } from '@bof/config/server';
import { EmployerJobs } from '../../../components/careers/employer-jobs';
import { JsonLd } from '../../../components/content/json-ld';
import { FollowButton } from '../../../components/follows/follow-button';
import { OrganisationProfile } from '../../../components/profiles/organisation-profile';
import { ProfileViewedTracker } from '../../../components/profiles/profile-viewed-tracker';
import { slugOr404, slugOrUndefined } from '../../../server/content/content-pages';
import {
  organisationJsonLd,
  organisationMetadata,
  organisationPath,
} from '../../../server/profiles/profile-metadata';
import { organisationLinks } from '../../../server/profiles/profile-page-data';
import { profileOr404, profileOrUndefined, profiles } from '../../../server/profiles/profile-pages';
import { premiumPart } from '../../../server/profiles/premium-part';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const slug = slugOrUndefined((await params).slug);
  const organisation = slug
    ? await profileOrUndefined((await profiles()).organisations.public({ slug }))
    : undefined;
  return organisation ? organisationMetadata(organisation, getServerEnv()) : {};
}

/**
 * An organisation's published profile at /organisations/{slug}/. A PREMIUM profile's premium
 * description is for members (the wall otherwise); SEO profiles carry JSON-LD and may be indexed.
 */
export default async function OrganisationPage({ params }: Props) {
  const slug = slugOr404((await params).slug);
  const organisation = await profileOr404((await profiles()).organisations.public({ slug }));
  const env = getServerEnv();
  const [links, premium] = await Promise.all([
    organisationLinks(organisation),
    premiumPart(organisation, `${env.siteUrl}${organisationPath(organisation.slug)}`),
  ]);
  return (
    <>
      {organisation.format === 'SEO' ? <JsonLd data={organisationJsonLd(organisation, env)} /> : null}
      <ProfileViewedTracker
        profileId={organisation.profileId}
        profileType="org"
        profileLevel={organisation.format === 'PREMIUM' ? 'premium' : 'basic'}
      />
      <OrganisationProfile
        organisation={organisation}
        links={links}
        premium={premium}
        follow={
          <FollowButton
            followsType="ORGANISATION_PROFILE_ID"
            followsKey={organisation.profileId}
            label={organisation.title}
          />
        }
      />
      <EmployerJobs profileId={organisation.profileId} name={organisation.title} />
    </>
  );
}
