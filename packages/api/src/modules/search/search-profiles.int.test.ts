import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { organisationProfiles } from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { demoId, demoOrganisations, demoPeople } from '../profiles/demo-profiles';
import type { OrganisationDocument } from '../profiles/profiles.types';
import { readSearchParams } from './search.inputs';

// Person and organisation profiles in the search index (ADR 38): the public version only, written in the
// transaction of the publication or withdrawal that changes it.

let harness: GraphQLHarness;
let owner: Viewer;

beforeAll(async () => {
  harness = await createGraphQLHarness();
  owner = await harness.signIn('search-profile-owner');
}, 240_000);
afterAll(async () => {
  await harness?.close();
});

type Data = Record<string, unknown>;
const CREATE = `mutation ($input: CreatePersonProfileInput!) { createPersonProfile(input: $input) { __typename
  ... on PersonProfile { profileId version } } }`;
const UPDATE = `mutation ($input: UpdatePersonProfileInput!) { updatePersonProfile(input: $input) { __typename
  ... on PersonProfile { version } ... on ZodError { fieldErrors { path message } } } }`;
const PUBLISH = `mutation ($input: PublishProfileInput!) { publishPersonProfile(input: $input) { __typename
  ... on PersonProfile { publishedVersion } } }`;
const SEARCH = `query ($query: String!, $filters: SearchFilters) { search(query: $query, filters: $filters) {
  __typename ... on SearchResults { results { kind id title subtitle image uri } } } }`;

async function post(query: string, variables: Data, viewer: Viewer | null = owner): Promise<Data> {
  const { body } = await harness.post(query, variables, viewer);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0] as Data;
}

const search = (q: string, tab: 'all' | 'people' = 'all') =>
  harness.services.search.search(readSearchParams({ q, tab }), null);
const kindsAndTitles = async (q: string, tab: 'all' | 'people' = 'all') =>
  (await search(q, tab)).results.map((r) => `${r.kind}:${r.title}`);
const indexedRows = async (refId: string, db = harness.db) => {
  const result = await db.execute(sql`select kind from search_documents where ref_id = ${refId}`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length;
};

function organisationDoc(title: string, extra: Partial<OrganisationDocument> = {}): OrganisationDocument {
  return {
    ...demoOrganisations([])[2]!.doc,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    title,
    summary: `${title} is a house the tests made.`,
    linkedArticles: [],
    keyPeople: [],
    children: [],
    relatedCompanies: [],
    pinnedProject: null,
    ...extra,
  };
}

/** An organisation profile published by an admin (no account), as the demo edition's are. */
async function publishedOrganisation(doc: OrganisationDocument): Promise<string> {
  const id = randomUUID();
  await harness.db.insert(organisationProfiles).values({
    id,
    slug: doc.slug,
    source: doc,
    version: 1,
    public: { ...doc, projects: [] },
    publicSlug: doc.slug,
    publishedVersion: 1,
    publishedAt: new Date(),
    updatedBy: 'search-test',
  });
  return id;
}

describe('profiles in the search index', () => {
  it('indexes the demo people and organisations, with cards linking to their pages', async () => {
    const person = demoPeople()[42]!;
    const name = `${person.doc.firstName} ${person.doc.lastName}`;
    const outcome = await search(name);
    const found = outcome.results.find((r) => r.id === demoId('person', 42));
    expect(found).toMatchObject({
      kind: 'person',
      title: name,
      subtitle: person.doc.title,
      path: `/people/${person.doc.slug}/`,
      image: null,
    });
    expect(outcome.facets.tabs.people).toBeGreaterThan(0);

    const organisation = demoOrganisations([])[5]!;
    const people = await search(organisation.doc.title, 'people');
    expect(people.results[0]).toMatchObject({
      kind: 'organisation',
      id: demoId('organisation', 5),
      title: organisation.doc.title,
      path: `/organisations/${organisation.doc.slug}/`,
    });
    // A person is found by where they worked: careers carry the organisation's name.
    expect(people.results.some((r) => r.kind === 'person')).toBe(true);

    const api = await post(SEARCH, { query: name, filters: { type: 'PEOPLE' } }, null);
    const results = api.results as Data[];
    expect(results[0]).toMatchObject({ kind: 'PERSON', title: name, subtitle: person.doc.title });
    expect(String(results[0]!.uri)).toMatch(new RegExp(`/people/${person.doc.slug}/$`));
  });

  it('finds misspelled organisation names by similarity', async () => {
    await publishedOrganisation(organisationDoc('Balenciaga Atelier Test'));
    const outcome = await search('balenciga');
    expect(outcome.similar).toBe(true);
    expect(outcome.results.map((r) => `${r.kind}:${r.title}`)).toContain(
      'organisation:Balenciaga Atelier Test',
    );
  });

  it('never indexes a premium description, nor an image on another site', async () => {
    const id = await publishedOrganisation(
      organisationDoc('Quorvane Maison', {
        format: 'PREMIUM',
        premiumDescription: '<p>Members read of the Zephyrquist plan.</p>',
        profileThumbnail: 'https://images.example.com/quorvane.jpg',
      }),
    );
    expect(await kindsAndTitles('zephyrquist')).toEqual([]);
    const [card] = (await search('quorvane', 'people')).results;
    expect(card).toMatchObject({ id, image: null });
  });

  it('indexes a person at publication, not their drafts, and follows republication', async () => {
    const created = await post(CREATE, {
      input: { profile: { slug: 'odalys-vennecourt', firstName: 'Odalys', lastName: 'Vennecourt' } },
    });
    const profileId = created.profileId as string;
    expect(await kindsAndTitles('vennecourt')).toEqual([]);
    expect(await post(PUBLISH, { input: { profileId, version: 1 } })).toMatchObject({ publishedVersion: 1 });
    expect(await kindsAndTitles('vennecourt')).toEqual(['person:Odalys Vennecourt']);

    // A draft saved after publication stays out of the index until it is published.
    const profile = {
      slug: 'odalys-vennecourt',
      firstName: 'Odalys',
      lastName: 'Vennecourt',
      summary: 'Odalys runs the Tremontaine knitwear atelier.',
      profileThumbnail: '/media/0a1b2c3d-0000-4000-8000-00000000a11a.webp',
    };
    expect(await post(UPDATE, { input: { profileId, version: 1, profile } })).toMatchObject({ version: 2 });
    expect(await kindsAndTitles('tremontaine')).toEqual([]);
    await post(PUBLISH, { input: { profileId, version: 2 } });
    const [card] = (await search('tremontaine')).results;
    expect(card).toMatchObject({
      kind: 'person',
      id: profileId,
      image: '/media/0a1b2c3d-0000-4000-8000-00000000a11a.webp',
    });
  });

  it('takes a withdrawn profile out of the index in the withdrawal transaction', async () => {
    const editor = await harness.signIn('search-profile-withdrawn');
    const created = await post(
      CREATE,
      { input: { profile: { slug: 'ilaria-brennholt', firstName: 'Ilaria', lastName: 'Brennholt' } } },
      editor,
    );
    const profileId = created.profileId as string;
    await post(PUBLISH, { input: { profileId, version: 1 } }, editor);
    expect(await kindsAndTitles('brennholt')).toEqual(['person:Ilaria Brennholt']);
    const review = { kind: 'person' as const, profileId, version: 1 };

    // Inside the withdrawal's transaction the row is gone; when that transaction fails, it is back.
    await expect(
      harness.db.transaction(async (tx) => {
        await harness.services.profiles.reviews.review(tx, review, 'search-admin', { reason: 'Checking.' });
        expect(await indexedRows(profileId, tx)).toBe(0);
        throw new Error('the audit entry failed');
      }),
    ).rejects.toThrow('the audit entry failed');
    expect(await indexedRows(profileId)).toBe(1);

    await harness.db.transaction((tx) =>
      harness.services.profiles.reviews.review(tx, review, 'search-admin', { reason: 'Not confirmed.' }),
    );
    expect(await indexedRows(profileId)).toBe(0);
    expect(await kindsAndTitles('brennholt')).toEqual([]);
    expect(await (await search('Ilaria Brennholt', 'people')).results).toEqual([]);

    // Publishing again brings it back.
    await post(PUBLISH, { input: { profileId, version: 1 } }, editor);
    expect(await kindsAndTitles('brennholt')).toEqual(['person:Ilaria Brennholt']);
  });

  it('lets an answer cite a profile in peopleCompanyIds', async () => {
    const organisation = demoOrganisations([])[9]!;
    const answer = await harness.services.search.answer(`Where is ${organisation.doc.title} based?`, null);
    expect(answer.type).toBe('success');
    expect(answer.peopleCompanyIds).toContain(demoId('organisation', 9));
  });
});
