import type { Metadata } from 'next';
import { getServerEnv } from '@bof/config/server';
import { JsonLd } from '../../../components/content/json-ld';
import { FollowButton } from '../../../components/follows/follow-button';
import { PersonProfile } from '../../../components/profiles/person-profile';
import { ProfileViewedTracker } from '../../../components/profiles/profile-viewed-tracker';
import { slugOr404, slugOrUndefined } from '../../../server/content/content-pages';
import { personJsonLd, personMetadata, personName } from '../../../server/profiles/profile-metadata';
import { personLinks } from '../../../server/profiles/profile-page-data';
import { profileOr404, profileOrUndefined, profiles } from '../../../server/profiles/profile-pages';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const slug = slugOrUndefined((await params).slug);
  const person = slug ? await profileOrUndefined((await profiles()).people.public({ slug })) : undefined;
  return person ? personMetadata(person, getServerEnv()) : {};
}

/** A person's published profile at /people/{slug}/; SEO profiles carry JSON-LD and may be indexed. */
export default async function PersonPage({ params }: Props) {
  const slug = slugOr404((await params).slug);
  const person = await profileOr404((await profiles()).people.public({ slug }));
  const links = await personLinks(person);
  return (
    <>
      {person.format === 'SEO' ? (
        <JsonLd data={personJsonLd(person, links.organisations, getServerEnv())} />
      ) : null}
      <ProfileViewedTracker
        profileId={person.profileId}
        profileType="people"
        profileLevel={person.format === 'PREMIUM' ? 'premium' : 'basic'}
      />
      <PersonProfile
        person={person}
        links={links}
        follow={
          <FollowButton
            followsType="PERSON_PROFILE_ID"
            followsKey={person.profileId}
            label={personName(person)}
          />
        }
      />
    </>
  );
}
