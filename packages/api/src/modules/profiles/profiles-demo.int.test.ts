import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { demoId, demoOrganisations, demoPeople } from './demo-profiles';

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
}, 180_000);
afterAll(async () => {
  await harness?.close();
});

const SEARCH = `query ($filter: Bof500SearchInput!) { bof500Search(filter: $filter) { __typename
  ... on Bof500SearchSuccess { data { year category profile { firstName lastName location { country }
  profileBadges { year } memberSince } } } ... on ZodError { fieldErrors { path } } } }`;

type Entry = {
  year: number;
  category: string;
  profile: { firstName: string; lastName: string; location: { country: string }; memberSince: number };
};
const search = async (filter: Record<string, unknown>) => {
  const result = await harness.post(SEARCH, { filter });
  return result.body.data!.bof500Search as { __typename: string; data: Entry[] };
};

describe('the demo profiles', () => {
  it('seeds 500 published BoF 500 people and their organisations, linked to each other and to stories', async () => {
    const { profiles } = harness.services;
    const people = demoPeople();
    expect(people.length).toBeGreaterThanOrEqual(500);
    expect(new Set(people.map((p) => `${p.doc.firstName} ${p.doc.lastName}`)).size).toBeGreaterThanOrEqual(
      150,
    );
    const person = await profiles.people.public({ profileId: demoId('person', 7) });
    expect(person.profileBadges.length).toBeGreaterThan(0);
    for (const career of person.careers) {
      const organisation = await profiles.organisations.public({ profileId: career.organisationId! });
      expect(organisation.title).toBeTruthy();
    }
    const organisation = await profiles.organisations.public({ profileId: demoId('organisation', 1) });
    expect(organisation.linkedArticles.length).toBeGreaterThan(0);
    expect(await harness.services.content.story(organisation.linkedArticles[0]!)).toBeTruthy();
    expect(organisation.keyPeople[0]!.personProfileId).toBe(demoId('person', 1));
    const featured = await profiles.organisations.featured('HOMEPAGE_COMPONENT');
    expect(featured.length).toBeGreaterThanOrEqual(8);
    expect(await profiles.collections()).toEqual([expect.objectContaining({ slug: 'bof-500' })]);
  });

  it('lists the published SEO profiles for the sitemap, and stops listing one the newsroom withdraws', async () => {
    const { profiles, db } = harness.services;
    const seo = demoOrganisations([]).filter((o) => o.doc.format === 'SEO');
    expect(seo.length).toBeGreaterThan(0);
    const listed = await profiles.seoLocations(1000);
    expect(listed.map((l) => `${l.kind} ${l.slug}`).sort()).toEqual(
      seo.map((o) => `organisation ${o.doc.slug}`).sort(),
    );
    expect(listed.every((l) => l.publishedAt instanceof Date)).toBe(true);
    expect(await profiles.seoLocations(2)).toHaveLength(2);

    const withdrawn = await profiles.organisations.public({ slug: seo[0]!.doc.slug });
    await profiles.reviews.review(
      db,
      { kind: 'organisation', profileId: withdrawn.profileId, version: withdrawn.publishedVersion! },
      'newsroom-admin',
      { reason: 'Checked for the sitemap test.' },
    );
    const after = await profiles.seoLocations(1000);
    expect(after.map((l) => l.slug)).not.toContain(seo[0]!.doc.slug);
    expect(after).toHaveLength(seo.length - 1);
  });

  it('finds BoF 500 people by the start of a first or last name, with category, country and year', async () => {
    const target = demoPeople()[42]!;
    const { firstName, lastName, category, location } = target.doc;
    const byFirst = await search({ name: firstName.slice(0, 3).toLowerCase() });
    expect(byFirst.data.length).toBeGreaterThan(0);
    for (const entry of byFirst.data)
      expect(
        [entry.profile.firstName, entry.profile.lastName].some((n) =>
          n.toLowerCase().startsWith(firstName.slice(0, 3).toLowerCase()),
        ),
      ).toBe(true);
    const narrowed = await search({
      name: lastName.slice(0, 4),
      category,
      country: location.country,
      year: target.bof500[0]!.year,
    });
    expect(narrowed.data).toContainEqual(
      expect.objectContaining({
        year: target.bof500[0]!.year,
        category,
        profile: expect.objectContaining({ firstName, lastName }),
      }),
    );
    const none = await search({ name: 'zzzz' });
    expect(none.data).toEqual([]);
    const literal = await search({ name: '%' });
    expect(literal.data).toEqual([]);
    const bad = await search({ country: 'Atlantis' });
    expect(bad.__typename).toBe('ZodError');
  });

  it('lets readers follow published profiles, and refuses drafts', async () => {
    const reader = await harness.signIn('demo-follower');
    const { follows, profiles } = harness.services;
    const person = demoId('person', 3);
    await expect(
      follows.add(reader, { followsType: 'PERSON_PROFILE_ID', followsKey: person }),
    ).resolves.toMatchObject({
      followsKey: person,
    });
    const organisation = demoId('organisation', 3);
    await expect(
      follows.add(reader, { followsType: 'ORGANISATION_PROFILE_ID', followsKey: organisation }),
    ).resolves.toMatchObject({ followsKey: organisation });
    const owner = await harness.signIn('demo-draft-owner');
    const draft = await profiles.people.create(owner, {
      ...demoPeople()[0]!.doc,
      slug: 'a-draft-not-to-follow',
      careers: [],
    });
    await expect(
      follows.add(reader, { followsType: 'PERSON_PROFILE_ID', followsKey: draft.profileId }),
    ).rejects.toMatchObject({ code: 'follow_target_not_found' });
  });

  it('pages the people and organisation directories with their filters', async () => {
    const { profiles } = harness.services;
    const creatives = await profiles.people.directory({
      name: '',
      category: 'creatives',
      country: null,
      first: 10,
      offset: 0,
    });
    expect(creatives).toHaveLength(10);
    expect(creatives.every((p) => p.category === 'creatives')).toBe(true);
    const next = await profiles.people.directory({
      name: '',
      category: 'creatives',
      country: null,
      first: 10,
      offset: 10,
    });
    expect(next.map((p) => p.profileId)).not.toContain(creatives[0]!.profileId);
    const houses = await profiles.organisations.directory({
      name: '',
      industry: null,
      size: null,
      type: 'luxury-house',
      ownership: null,
      country: null,
      first: 100,
      offset: 0,
    });
    expect(houses.length).toBeGreaterThan(0);
    expect(houses.every((o) => o.organisationType === 'luxury-house')).toBe(true);
    const byName = await profiles.organisations.directory({
      name: 'norv',
      industry: null,
      size: null,
      type: null,
      ownership: null,
      country: null,
      first: 100,
      offset: 0,
    });
    expect(byName.map((o) => o.title)).toContain('Atelier Norvane');
  });

  it('reads the profiles a page links to in one go, leaving out unknown ids and drafts', async () => {
    const { profiles } = harness.services;
    const owner = await harness.signIn('demo-linked-draft-owner');
    const draft = await profiles.people.create(owner, {
      ...demoPeople()[0]!.doc,
      slug: 'a-draft-not-to-link',
      careers: [],
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const people = await profiles.people.publicByIds([
      demoId('person', 1),
      demoId('person', 2),
      draft.profileId,
      unknown,
    ]);
    expect(people.map((p) => p.profileId).sort()).toEqual([demoId('person', 1), demoId('person', 2)].sort());
    expect(people[0]!.profileBadges.length).toBeGreaterThan(0);
    const organisations = await profiles.organisations.publicByIds([demoId('organisation', 5), unknown]);
    expect(organisations.map((o) => o.profileId)).toEqual([demoId('organisation', 5)]);
    expect(await profiles.people.publicByIds([])).toEqual([]);
    const years = await profiles.bof500Years();
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(2013);
  });
});
