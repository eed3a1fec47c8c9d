import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';

let harness: GraphQLHarness;
let author: string;
let topic: string;
beforeAll(async () => {
  harness = await createGraphQLHarness();
  author = (await harness.services.content.authors())[0]!.slug;
  topic = (await harness.services.content.topics())[0]!.slug;
}, 180_000);
afterAll(async () => {
  await harness?.close();
});

const ADD = `mutation ($input: UserFollowInput!) { addUserFollow(input: $input) {
  __typename ... on UserFollow { followsType followsKey userId } ... on ZodError { fieldErrors { path } } } }`;
const REMOVE = `mutation ($input: UserFollowInput!) { removeUserFollow(input: $input) {
  __typename ... on FollowRemoved { removed } } }`;
const MINE = `query ($type: FollowType) { userFollows(followsType: $type) { __typename
  ... on UserFollowsSuccess { data { followsType followsKey } } } }`;
const BY_FOLLOW = `query ($type: FollowType!, $key: String!) { usersByFollow(followsType: $type, followsKey: $key) {
  __typename ... on UsersByFollow { total users { userId email } } } }`;

describe('following', () => {
  it('follows an author and a topic once each, lists them, and unfollows', async () => {
    const reader = await harness.signIn('follower-1');
    const first = await harness.post(
      ADD,
      { input: { followsType: 'AUTHOR_ID', followsKey: author } },
      reader,
    );
    expect(first.body.data!.addUserFollow).toMatchObject({ __typename: 'UserFollow', followsKey: author });
    const twice = await harness.post(
      ADD,
      { input: { followsType: 'AUTHOR_ID', followsKey: author } },
      reader,
    );
    expect(twice.body.data!.addUserFollow).toMatchObject({ __typename: 'UserFollow' });
    await harness.post(ADD, { input: { followsType: 'TAG_SLUG', followsKey: topic } }, reader);

    const mine = await harness.post(MINE, {}, reader);
    const follows = (mine.body.data!.userFollows as { data: { followsKey: string }[] }).data;
    expect(follows.map((f) => f.followsKey).sort()).toEqual([author, topic].sort());
    const authorsOnly = await harness.post(MINE, { type: 'AUTHOR_ID' }, reader);
    expect((authorsOnly.body.data!.userFollows as { data: unknown[] }).data).toHaveLength(1);

    const removed = await harness.post(
      REMOVE,
      { input: { followsType: 'TAG_SLUG', followsKey: topic } },
      reader,
    );
    expect(removed.body.data!.removeUserFollow).toEqual({ __typename: 'FollowRemoved', removed: true });
    const again = await harness.post(
      REMOVE,
      { input: { followsType: 'TAG_SLUG', followsKey: topic } },
      reader,
    );
    expect(again.body.data!.removeUserFollow).toEqual({ __typename: 'FollowRemoved', removed: false });
  });

  it('refuses unknown keys, unknown profiles and malformed keys', async () => {
    const reader = await harness.signIn('follower-2');
    for (const input of [
      { followsType: 'AUTHOR_ID', followsKey: 'no-such-author' },
      { followsType: 'TAG_SLUG', followsKey: author },
      { followsType: 'ORGANISATION_PROFILE_ID', followsKey: 'maison-aurelle' },
      { followsType: 'PERSON_PROFILE_ID', followsKey: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const result = await harness.post(ADD, { input }, reader);
      expect(result.body.data!.addUserFollow).toMatchObject({ __typename: 'FollowTargetNotFoundError' });
    }
    const bad = await harness.post(ADD, { input: { followsType: 'TAG_SLUG', followsKey: '../<x>' } }, reader);
    expect(bad.body.data!.addUserFollow).toMatchObject({ __typename: 'ZodError' });
    const mine = await harness.post(MINE, {}, reader);
    expect((mine.body.data!.userFollows as { data: unknown[] }).data).toEqual([]);
  });

  it('answers usersByFollow to admins only, with counts and a page', async () => {
    const reader = await harness.signIn('follower-3');
    await harness.post(ADD, { input: { followsType: 'AUTHOR_ID', followsKey: author } }, reader);
    const refused = await harness.post(BY_FOLLOW, { type: 'AUTHOR_ID', key: author }, reader);
    expect(refused.body.data!.usersByFollow).toMatchObject({ __typename: 'UnauthorizedError' });
    expect(JSON.stringify(refused.body)).not.toContain('@example.org');
    const anonymous = await harness.post(BY_FOLLOW, { type: 'AUTHOR_ID', key: author });
    expect(anonymous.body.data!.usersByFollow).toMatchObject({ __typename: 'AuthError' });

    const admin = await harness.signIn('follows-admin', { isBofAdmin: true });
    const answer = await harness.post(BY_FOLLOW, { type: 'AUTHOR_ID', key: author }, admin);
    const result = answer.body.data!.usersByFollow as { total: number; users: { userId: string }[] };
    expect(result.total).toBe(2);
    expect(result.users.map((u) => u.userId).sort()).toEqual(['follower-1', 'follower-3']);
  });
});

describe("a reader's followed stories", () => {
  const follow = async (userId: string, followsType: string, followsKey: string) =>
    harness.post(ADD, { input: { followsType, followsKey } }, await harness.signIn(userId));

  it('are empty while the reader follows nothing', async () => {
    await harness.signIn('feed-nothing');
    const page = await harness.services.follows.stories({ userId: 'feed-nothing' });
    expect(page).toMatchObject({ stories: [], total: 0, page: 1, pageCount: 1 });
  });

  it('are the newest stories of the followed author, topic and section, newest first, paged', async () => {
    const section = (await harness.services.content.sections())[0]!.slug;
    await follow('feed-reader', 'AUTHOR_ID', author);
    const byAuthor = await harness.services.follows.stories({ userId: 'feed-reader' }, 1, { pageSize: 5 });
    expect(byAuthor.total).toBeGreaterThan(0);
    for (const story of byAuthor.stories) expect(story.authors.map((a) => a.slug)).toContain(author);

    await follow('feed-reader', 'TAG_SLUG', topic);
    await follow('feed-reader', 'SITE_SECTION_ID', section);
    const all = await harness.services.follows.stories({ userId: 'feed-reader' }, 1, { pageSize: 5 });
    expect(all.total).toBeGreaterThan(byAuthor.total);
    for (const story of all.stories)
      expect(
        story.authors.some((a) => a.slug === author) ||
          story.topics.some((t) => t.slug === topic) ||
          story.section.slug === section,
      ).toBe(true);
    const dates = all.stories.map((s) => s.publishedAt.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(all.pageCount).toBe(Math.ceil(all.total / 5));

    const second = await harness.services.follows.stories({ userId: 'feed-reader' }, 2, { pageSize: 5 });
    const firstIds = new Set(all.stories.map((s) => s.id));
    expect(second.stories.some((s) => firstIds.has(s.id))).toBe(false);

    // Only what is newer than `since` (the weekly digest's question).
    const since = all.stories[2]!.publishedAt;
    const newer = await harness.services.follows.stories({ userId: 'feed-reader' }, 1, { since });
    expect(newer.stories.every((s) => s.publishedAt > since)).toBe(true);
    expect(newer.total).toBeLessThanOrEqual(2);
  });
});
