import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { accounts, newsroomStaff } from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';

// The approvals queue: profiles go live when their editors publish them, and newsroom admins review each
// publication afterwards (approve, or withdraw with a reason), through the newsroom's GraphQL operations.

let harness: GraphQLHarness;
let admin: Viewer;
let editor: Viewer;
let owner: Viewer;

beforeAll(async () => {
  harness = await createGraphQLHarness();
  admin = await harness.signIn('approvals-admin', { isBofAdmin: true });
  editor = await harness.signIn('approvals-editor', { isBofAdmin: true });
  owner = await harness.signIn('approvals-owner');
  await harness.db
    .update(accounts)
    .set({ isBofAdmin: true })
    .where(inArray(accounts.userId, [admin.userId, editor.userId]));
  await harness.db.insert(newsroomStaff).values([
    { userId: admin.userId, role: 'admin', name: 'Ada Admin' },
    { userId: editor.userId, role: 'editor', name: 'Edna Editor' },
  ]);
}, 180_000);
afterAll(async () => {
  await harness?.close();
});

type Data = Record<string, unknown>;
const QUEUE = `query { newsroomProfileApprovals { __typename
  ... on NewsroomProfileApprovalsSuccess { data { kind profileId name slug publishedVersion firstPublication } }
  ... on Error { message } } }`;
const REVIEW = `mutation ($input: ReviewNewsroomProfilePublicationInput!) { reviewNewsroomProfilePublication(input: $input) {
  __typename ... on ReviewNewsroomProfilePublicationSuccess { data { profileId publishedVersion } }
  ... on ZodError { fieldErrors { path message } } ... on Error { message } } }`;
const CREATE = `mutation ($input: CreatePersonProfileInput!) { createPersonProfile(input: $input) { __typename
  ... on PersonProfile { profileId version } } }`;
const UPDATE = `mutation ($input: UpdatePersonProfileInput!) { updatePersonProfile(input: $input) { __typename
  ... on PersonProfile { version } } }`;
const PUBLISH = `mutation ($input: PublishProfileInput!) { publishPersonProfile(input: $input) { __typename
  ... on PersonProfile { publishedVersion } } }`;
const PUBLIC = `query ($id: ID) { personProfilePublic(profileId: $id) { __typename } }`;
const SOURCE = `query { personProfileSource { __typename ... on PersonProfileSourceSuccess { data { summary version withdrawnReason } } } }`;
const AUDIT = `query { newsroomAudit { __typename ... on NewsroomAuditSuccess { data { action subject } } } }`;

async function post(query: string, variables: Data, viewer: Viewer | null): Promise<Data> {
  const { body } = await harness.post(query, variables, viewer);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0] as Data;
}
const queue = async (viewer: Viewer) => post(QUEUE, {}, viewer);
const review = (viewer: Viewer, input: Data) => post(REVIEW, { input }, viewer);

describe('the approvals queue', () => {
  it('lists a publication once, approves it, brings it back when republished, and withdraws it with a reason', async () => {
    const profile = { slug: 'maren-quill', firstName: 'Maren', lastName: 'Quill' };
    const created = await post(CREATE, { input: { profile } }, owner);
    const profileId = created.profileId as string;
    expect((await queue(admin)).data).toEqual([]);
    await post(PUBLISH, { input: { profileId, version: 1 } }, owner);

    // Live at once, and in the queue for its first review.
    expect((await post(PUBLIC, { id: profileId }, null)).__typename).toBe('PersonProfilePublicSuccess');
    expect((await queue(admin)).data).toEqual([
      {
        kind: 'person',
        profileId,
        name: 'Maren Quill',
        slug: 'maren-quill',
        publishedVersion: 1,
        firstPublication: true,
      },
    ]);
    // Editors and readers do not review.
    expect((await queue(editor)).__typename).toBe('UnauthorizedError');
    expect(
      (await review(owner, { kind: 'person', profileId, version: 1, decision: 'approve' })).__typename,
    ).toBe('UnauthorizedError');

    const approved = await review(admin, { kind: 'person', profileId, version: 1, decision: 'approve' });
    expect(approved).toMatchObject({
      __typename: 'ReviewNewsroomProfilePublicationSuccess',
      data: [],
    });

    // A new publication comes back; a review of the old version is refused and changes nothing.
    await post(
      UPDATE,
      { input: { profileId, version: 1, profile: { ...profile, summary: 'Now at Atelier Nord' } } },
      owner,
    );
    await post(PUBLISH, { input: { profileId, version: 2 } }, owner);
    expect((await queue(admin)).data).toMatchObject([
      { profileId, publishedVersion: 2, firstPublication: false },
    ]);
    const stale = await review(admin, { kind: 'person', profileId, version: 1, decision: 'approve' });
    expect(stale).toMatchObject({ __typename: 'BaseError' });
    expect(String(stale.message)).toContain('published again or withdrawn');

    // Withdrawing needs a reason; with one, the public page goes and the draft stays.
    const noReason = await review(admin, { kind: 'person', profileId, version: 2, decision: 'withdraw' });
    expect(noReason).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [
        { path: ['input', 'reason'], message: 'Say why it is withdrawn: its editors read this.' },
      ],
    });
    expect((await queue(admin)).data).toHaveLength(1);
    const withdrawn = await review(admin, {
      kind: 'person',
      profileId,
      version: 2,
      decision: 'withdraw',
      reason: 'The summary names <b>an employer</b> we could not confirm.',
    });
    expect(withdrawn).toMatchObject({ data: [] });
    expect((await post(PUBLIC, { id: profileId }, null)).__typename).toBe('ProfileNotFoundError');
    expect(await post(SOURCE, {}, owner)).toMatchObject({
      data: {
        summary: 'Now at Atelier Nord',
        version: 2,
        withdrawnReason: 'The summary names an employer we could not confirm.',
      },
    });

    const log = (await post(AUDIT, {}, admin)).data as { action: string; subject: string }[];
    expect(log.filter((e) => e.subject === profileId).map((e) => e.action)).toEqual([
      'profile.withdraw',
      'profile.approve',
    ]);
  });

  it('refuses a review of something that does not exist or is not a profile id', async () => {
    const missing = await review(admin, {
      kind: 'organisation',
      profileId: '00000000-0000-4000-8000-000000000000',
      version: 1,
      decision: 'approve',
    });
    expect(missing.__typename).toBe('BaseError');
    const bad = await review(admin, {
      kind: 'person',
      profileId: 'not-an-id',
      version: 0,
      decision: 'approve',
    });
    expect(bad).toMatchObject({ __typename: 'ZodError' });
  });
});
