import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationAccounts, organisationAccountUsers } from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
}, 180_000);
afterAll(async () => {
  await harness?.close();
});

const PERSON = `profileId slug firstName lastName summary editorialDescription version publishedVersion
  socialLinks { url } careers { jobTitle organisationId }`;
const CREATE = `mutation ($input: CreatePersonProfileInput!) { createPersonProfile(input: $input) { __typename
  ... on PersonProfile { ${PERSON} } ... on ZodError { fieldErrors { path message } } ... on Error { message } } }`;
const UPDATE = `mutation ($input: UpdatePersonProfileInput!) { updatePersonProfile(input: $input) { __typename
  ... on PersonProfile { ${PERSON} } ... on StaleProfileVersionError { currentVersion }
  ... on ZodError { fieldErrors { path message } } } }`;
const PUBLISH = `mutation ($input: PublishProfileInput!) { publishPersonProfile(input: $input) { __typename
  ... on PersonProfile { ${PERSON} } } }`;
const SOURCE = `query ($id: ID) { personProfileSource(profileId: $id) { __typename
  ... on PersonProfileSourceSuccess { data { ${PERSON} } } } }`;
const PUBLIC = `query ($id: ID) { personProfilePublic(profileId: $id) { __typename
  ... on PersonProfilePublicSuccess { data { ${PERSON} } } } }`;

type Data = Record<string, unknown>;
const field = (body: { data?: Data | null }, name: string) => body.data![name] as Data;

async function createPerson(viewer: Viewer, profile: Record<string, unknown>) {
  const result = await harness.post(CREATE, { input: { profile } }, viewer);
  return field(result.body, 'createPersonProfile');
}

describe('person profiles', () => {
  it('keeps drafts private: publishing makes the draft public, and later edits stay private', async () => {
    const owner = await harness.signIn('profile-owner-1');
    const other = await harness.signIn('profile-other-1');
    const created = await createPerson(owner, { slug: 'ines-varo', firstName: 'Inès', lastName: 'Varo' });
    expect(created).toMatchObject({ __typename: 'PersonProfile', version: 1, publishedVersion: null });
    const id = created.profileId as string;

    for (const viewer of [other, null]) {
      const asked = await harness.post(PUBLIC, { id }, viewer);
      expect(field(asked.body, 'personProfilePublic').__typename).toBe('ProfileNotFoundError');
    }
    const snooped = await harness.post(SOURCE, { id }, other);
    expect(field(snooped.body, 'personProfileSource').__typename).toBe('ProfileNotFoundError');
    const unknown = await harness.post(SOURCE, { id: '00000000-0000-4000-8000-000000000000' }, other);
    expect(field(unknown.body, 'personProfileSource')).toEqual(field(snooped.body, 'personProfileSource'));

    const published = await harness.post(PUBLISH, { input: { profileId: id, version: 1 } }, owner);
    expect(field(published.body, 'publishPersonProfile')).toMatchObject({ publishedVersion: 1 });

    const edited = await harness.post(
      UPDATE,
      {
        input: {
          profileId: id,
          version: 1,
          profile: { slug: 'ines-varo', firstName: 'Inès', lastName: 'Varo', summary: 'Draft only' },
        },
      },
      owner,
    );
    expect(field(edited.body, 'updatePersonProfile')).toMatchObject({ version: 2, summary: 'Draft only' });
    const seen = await harness.post(PUBLIC, { id }, other);
    expect(field(seen.body, 'personProfilePublic')).toMatchObject({
      __typename: 'PersonProfilePublicSuccess',
      data: { summary: '', firstName: 'Inès', publishedVersion: 1 },
    });
    const own = await harness.post(SOURCE, {}, owner);
    expect(field(own.body, 'personProfileSource')).toMatchObject({ data: { summary: 'Draft only' } });
  });

  it('refuses a stale version, and of two concurrent saves from one version exactly one wins', async () => {
    const owner = await harness.signIn('profile-owner-2');
    const created = await createPerson(owner, { slug: 'odile-marsh', firstName: 'Odile', lastName: 'Marsh' });
    const save = (summary: string) =>
      harness.post(
        UPDATE,
        {
          input: {
            profileId: created.profileId,
            version: 1,
            profile: { slug: 'odile-marsh', firstName: 'Odile', lastName: 'Marsh', summary },
          },
        },
        owner,
      );
    const results = await Promise.all([save('first'), save('second')]);
    const outcomes = results.map((r) => field(r.body, 'updatePersonProfile').__typename).sort();
    expect(outcomes).toEqual(['PersonProfile', 'StaleProfileVersionError']);
    const again = await save('third');
    expect(field(again.body, 'updatePersonProfile')).toEqual({
      __typename: 'StaleProfileVersionError',
      currentVersion: 2,
    });
    const source = await harness.post(SOURCE, {}, owner);
    const summary = (field(source.body, 'personProfileSource').data as Data).summary;
    expect(['first', 'second']).toContain(summary);
  });

  it('lets only the owner and admins edit; a second profile for one reader is refused', async () => {
    const owner = await harness.signIn('profile-owner-3');
    const other = await harness.signIn('profile-other-3');
    const admin = await harness.signIn('profile-admin-3', { isBofAdmin: true });
    const created = await createPerson(owner, { slug: 'teodor-lind', firstName: 'Teodor', lastName: 'Lind' });
    const input = (version: number, summary: string) => ({
      input: {
        profileId: created.profileId,
        version,
        profile: { slug: 'teodor-lind', firstName: 'Teodor', lastName: 'Lind', summary },
      },
    });
    const table: [Viewer | null, string][] = [
      [null, 'AuthError'],
      [other, 'ProfileNotFoundError'],
      [admin, 'PersonProfile'],
    ];
    for (const [viewer, expected] of table) {
      const result = await harness.post(UPDATE, input(1, 'by someone'), viewer);
      expect(field(result.body, 'updatePersonProfile').__typename).toBe(expected);
    }
    const second = await createPerson(owner, { slug: 'teodor-lind-2', firstName: 'T', lastName: 'L' });
    expect(second.__typename).toBe('PersonProfileExistsError');

    const racer = await harness.signIn('profile-racer-3');
    const raced = await Promise.all(
      ['racer-a', 'racer-b'].map((slug) => createPerson(racer, { slug, firstName: 'R', lastName: 'A' })),
    );
    expect(raced.map((r) => r.__typename).sort()).toEqual(['PersonProfile', 'PersonProfileExistsError']);
  });

  it('sanitises markup in every text field and refuses hostile links', async () => {
    const owner = await harness.signIn('profile-owner-4');
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await createPerson(owner, {
      slug: 'mara-quell',
      firstName: `Mara${script}`,
      lastName: `<b>Quell</b>`,
      title: script,
      subtitle: `<iframe src="https://evil.example.com"></iframe>Designer`,
      summary: `A & B ${script}`,
      editorialDescription: `<p onclick="x()">Hi <a href="javascript:alert(1)">bad</a> <a href="https://good.example.com/x">good</a></p>${script}`,
      careers: [{ jobTitle: `Chief${script}`, timePeriod: '<i>2020</i>' }],
    });
    expect(created).toMatchObject({
      __typename: 'PersonProfile',
      firstName: 'Mara',
      lastName: 'Quell',
      summary: 'A & B',
      careers: [{ jobTitle: 'Chief' }],
    });
    const html = created.editorialDescription as string;
    expect(html).toBe(
      '<p>Hi bad <a href="https://good.example.com/x" rel="nofollow ugc noopener">good</a></p>',
    );
    expect(JSON.stringify(created)).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/);

    const other = await harness.signIn('profile-owner-5');
    for (const url of [
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'http://127.0.0.1/admin',
      'http://localhost:3000/',
      'http://printer.local/',
      'http://metadata.internal/latest',
      'http://127.0.0.1.nip.io/',
      'https://user:pass@example.com/',
      'ftp://example.com/file',
    ]) {
      const refused = await createPerson(other, {
        slug: 'hostile-links',
        firstName: 'H',
        lastName: 'L',
        socialLinks: [{ label: 'x', url }],
      });
      expect(refused.__typename, url).toBe('ZodError');
    }
    const none = await harness.post(SOURCE, {}, other);
    expect(field(none.body, 'personProfileSource')).toBeNull();
  });
});

const ORG = `profileId accountId title version publishedVersion projects { projectId title assets { type url } }`;
const UPDATE_ORG = `mutation ($input: UpdateOrganisationProfileInput!) { updateOrganisationProfile(input: $input) {
  __typename ... on OrganisationProfile { ${ORG} } ... on StaleProfileVersionError { currentVersion }
  ... on ProfileLinkNotFoundError { field } } }`;
const PUBLISH_ORG = `mutation ($input: PublishProfileInput!) { publishOrganisationProfile(input: $input) { __typename
  ... on OrganisationProfile { ${ORG} } } }`;
const ORG_SOURCE = `query ($id: ID) { organisationProfileSource(profileId: $id) { __typename
  ... on OrganisationProfileSourceSuccess { data { ${ORG} } } } }`;
const ORG_PUBLIC = `query ($id: ID) { organisationProfilePublic(profileId: $id) { __typename
  ... on OrganisationProfilePublicSuccess { data { ${ORG} } } } }`;
const CHANGE = `__typename ... on ProjectChange { version project { projectId } projects { projectId title } }
  ... on ZodError { fieldErrors { path message } } ... on StaleProfileVersionError { currentVersion }`;
const CREATE_PROJECT = `mutation ($input: CreateProjectInput!) { createProject(input: $input) { ${CHANGE} } }`;
const REORDER = `mutation ($input: ReorderProjectInput!) { reorderProject(input: $input) { ${CHANGE} } }`;

async function accountWith(accountId: string, seats: [string, 'OWNER' | 'ADMIN' | 'USER'][]) {
  await harness.db.insert(organisationAccounts).values({
    id: accountId,
    title: accountId,
    ownerUserId: seats[0]![0],
    primaryContactEmail: `${seats[0]![0]}@example.org`,
    membershipType: 'Partner',
    membershipLevel: 'Standard',
    purchasedSeats: 10,
    accessEndsAt: new Date(Date.now() + 86_400_000),
  });
  for (const [userId, role] of seats)
    await harness.db
      .insert(organisationAccountUsers)
      .values({ id: `${accountId}-${userId}`, accountId, userId, email: `${userId}@example.org`, role });
}

describe('organisation profiles and projects', () => {
  it('lets OWNER and ADMIN edit, refuses USER and outsiders, and publishes projects with the draft', async () => {
    const owner = await harness.signIn('org-owner');
    const admin = await harness.signIn('org-admin');
    const user = await harness.signIn('org-user');
    const outsider = await harness.signIn('org-outsider');
    await accountWith('acct-profiles', [
      ['org-owner', 'OWNER'],
      ['org-admin', 'ADMIN'],
      ['org-user', 'USER'],
    ]);
    const profile = { slug: 'atelier-quiet-test', title: 'Atelier Quiet Test' };
    const editorial = {
      slug: 'editorial-house-test',
      title: 'Editorial House Test<script>alert(1)</script>',
      summary: '<img src=x onerror=alert(1)>Summary',
      editorialDescription: '<p>About</p><iframe src="https://x.example.com"></iframe>',
      premiumDescription: '<p onmouseover="x()">Members</p><script>steal()</script>',
      headquarters: { city: '<b>Paris</b>', country: 'FR' },
      externalLinks: [{ label: '<i>Site</i>', url: 'https://house.example.com/' }],
    };
    const byReader = await harness.post(UPDATE_ORG, { input: { version: 0, profile: editorial } }, admin);
    expect(field(byReader.body, 'updateOrganisationProfile').__typename).toBe('UnauthorizedError');
    const bofAdmin = await harness.signIn('org-bof-admin', { isBofAdmin: true });
    const byAdmin = await harness.post(UPDATE_ORG, { input: { version: 0, profile: editorial } }, bofAdmin);
    expect(field(byAdmin.body, 'updateOrganisationProfile')).toMatchObject({ accountId: null, version: 1 });
    const editorialSource = harness.services.profiles.organisations.source(bofAdmin, {
      profileId: field(byAdmin.body, 'updateOrganisationProfile').profileId as string,
      accountId: null,
    });
    expect(await editorialSource).toMatchObject({
      title: 'Editorial House Test',
      summary: 'Summary',
      editorialDescription: '<p>About</p>',
      premiumDescription: '<p>Members</p>',
      headquarters: { city: 'Paris' },
      externalLinks: [{ label: 'Site' }],
    });
    const byUser = await harness.post(
      UPDATE_ORG,
      { input: { accountId: 'acct-profiles', version: 0, profile } },
      user,
    );
    expect(field(byUser.body, 'updateOrganisationProfile').__typename).toBe('UnauthorizedError');
    const created = await harness.post(
      UPDATE_ORG,
      { input: { accountId: 'acct-profiles', version: 0, profile } },
      owner,
    );
    const org = field(created.body, 'updateOrganisationProfile');
    expect(org).toMatchObject({ __typename: 'OrganisationProfile', version: 1, accountId: 'acct-profiles' });
    const id = org.profileId as string;

    const table: [Viewer, string][] = [
      [user, 'ProfileNotFoundError'],
      [outsider, 'ProfileNotFoundError'],
      [admin, 'OrganisationProfileSourceSuccess'],
    ];
    for (const [viewer, expected] of table) {
      const asked = await harness.post(ORG_SOURCE, { id }, viewer);
      expect(field(asked.body, 'organisationProfileSource').__typename).toBe(expected);
    }

    const project = (slug: string, assets: unknown[]) => ({ slug, title: slug, assets });
    const badVideo = await harness.post(
      CREATE_PROJECT,
      {
        input: {
          profileId: id,
          version: 1,
          project: project('bad', [{ type: 'YOUTUBE', url: 'https://vimeo.com/1' }]),
        },
      },
      admin,
    );
    expect(field(badVideo.body, 'createProject').__typename).toBe('ZodError');
    const first = await harness.post(
      CREATE_PROJECT,
      {
        input: {
          profileId: id,
          version: 1,
          project: project('runway', [
            { type: 'IMAGE', url: 'https://images.example.com/a.jpg' },
            { type: 'YOUTUBE', url: 'https://youtu.be/dQw4w9WgXcQ' },
          ]),
        },
      },
      admin,
    );
    const firstChange = field(first.body, 'createProject');
    expect(firstChange).toMatchObject({ version: 2 });
    const second = await harness.post(
      CREATE_PROJECT,
      { input: { profileId: id, version: 2, project: project('archive', []) } },
      owner,
    );
    const secondChange = field(second.body, 'createProject') as { projects: { projectId: string }[] };
    const ids = secondChange.projects.map((p) => p.projectId);
    const stale = await harness.post(
      REORDER,
      { input: { profileId: id, version: 2, projectIds: ids } },
      owner,
    );
    expect(field(stale.body, 'reorderProject')).toMatchObject({ currentVersion: 3 });
    const reordered = await harness.post(
      REORDER,
      { input: { profileId: id, version: 3, projectIds: [...ids].reverse() } },
      owner,
    );
    expect(field(reordered.body, 'reorderProject')).toMatchObject({
      version: 4,
      projects: [{ title: 'archive' }, { title: 'runway' }],
    });

    const hidden = await harness.post(ORG_PUBLIC, { id }, outsider);
    expect(field(hidden.body, 'organisationProfilePublic').__typename).toBe('ProfileNotFoundError');
    const published = await harness.post(PUBLISH_ORG, { input: { profileId: id, version: 4 } }, owner);
    expect(field(published.body, 'publishOrganisationProfile')).toMatchObject({ publishedVersion: 4 });
    await harness.post(
      CREATE_PROJECT,
      { input: { profileId: id, version: 4, project: project('later', []) } },
      owner,
    );
    const seen = await harness.post(ORG_PUBLIC, { id }, outsider);
    expect(field(seen.body, 'organisationProfilePublic')).toMatchObject({
      data: {
        projects: [
          { title: 'archive', assets: [] },
          {
            title: 'runway',
            assets: [
              { type: 'IMAGE', url: 'https://images.example.com/a.jpg' },
              { type: 'YOUTUBE', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
            ],
          },
        ],
      },
    });
    const pinned = await harness.post(
      UPDATE_ORG,
      {
        input: {
          profileId: id,
          version: 5,
          profile: { ...profile, pinnedProject: '00000000-0000-4000-8000-000000000000' },
        },
      },
      owner,
    );
    expect(field(pinned.body, 'updateOrganisationProfile')).toEqual({
      __typename: 'ProfileLinkNotFoundError',
      field: 'The pinned project',
    });
  });
});
