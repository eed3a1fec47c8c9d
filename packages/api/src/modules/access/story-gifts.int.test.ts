import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import type { Viewer } from '../../auth/viewer';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import { getAccessModule } from './access.module';
import { opensStory } from './access-gate';

let harness: GraphQLHarness;
let member: Viewer;
let other: Viewer;
let registered: Viewer;
let articleId: string;

const CREATE = `mutation ($input: CreateStoryGiftInput!) {
  createStoryGift(input: $input) {
    __typename
    ... on StoryGift { id storyGiftUrl expiresAt readers maxReaders }
    ... on Error { message }
    ... on ZodError { fieldErrors { path message } }
  }
}`;
const REVOKE = `mutation ($input: RevokeStoryGiftInput!) {
  revokeStoryGift(input: $input) { __typename ... on StoryGift { id revokedAt } ... on Error { message } }
}`;
const LIST = `{ storyGifts { __typename ... on StoryGiftAllowance { remainingThisMonth gifts { id headline readers } } } }`;

type Result = { __typename: string; id?: string; storyGiftUrl?: string; message?: string };
const create = async (viewer: Viewer | null, id = articleId) =>
  (await harness.post(CREATE, { input: { articleId: id } }, viewer)).body.data?.createStoryGift as Result;

beforeAll(async () => {
  harness = await createGraphQLHarness();
  const records = [...fixtureTaxonomy, fixtureArticle('gift-story', { access: 'members' })];
  await importContentInto(
    harness.db,
    memorySource(records.map((value, i) => ({ source: 't', record: i + 1, value }))),
  );
  member = await harness.signIn('gift-member', { membershipLevel: 'Standard', membershipType: 'Individual' });
  other = await harness.signIn('gift-other', { membershipLevel: 'Premium', membershipType: 'Individual' });
  registered = await harness.signIn('gift-registered');
  articleId = (await getAccessModule(harness.platform)).index.get('gift-story')!.id;
});
afterAll(async () => {
  await harness?.close();
});

describe('story gifts', () => {
  it('are for members: anonymous gets AuthError, a registered reader a clear refusal, bad ids a ZodError', async () => {
    expect((await create(null)).__typename).toBe('AuthError');
    expect(await create(registered)).toMatchObject({
      __typename: 'BaseError',
      message: 'Gifting stories is part of a membership.',
    });
    expect((await create(member, 'not-a-uuid')).__typename).toBe('ZodError');
    expect(await create(member, '16fd2706-8baf-433b-82eb-8c7fada847da')).toMatchObject({
      __typename: 'BaseError',
      message: 'There is no such story.',
    });
  });

  it('open the story for anyone with the link until revoked, for distinct readers up to the cap', async () => {
    const gift = await create(member);
    expect(gift.__typename).toBe('StoryGift');
    const url = new URL(gift.storyGiftUrl!);
    expect(url.pathname).toBe('/articles/news/gift-story/');
    const token = url.searchParams.get('gift')!;
    const { gate } = await getAccessModule(harness.platform);
    const open = (cookieHeader: string, giftToken = token) =>
      gate.decide({ cookieHeader, slug: 'gift-story', count: true, gift: giftToken });

    const first = await open('');
    expect(first).toMatchObject({ gift: { status: 'opened' }, decision: { kind: 'allow', reason: 'gift' } });
    expect(opensStory(first!)).toBe(true);
    // The browser keeps its id (the meter cookie) so that reopening is not another reader.
    const cookie = first!.setCookies[0]!.split(';')[0]!;
    for (let i = 0; i < 3; i++) expect((await open(cookie))!.gift).toMatchObject({ status: 'opened' });

    // A tampered or another story's token opens nothing.
    expect((await open('', `${token.slice(0, -2)}xx`))!.gift).toEqual({ status: 'invalid' });
    for (let i = 0; i < 9; i++) await open('');
    expect((await open(''))!.gift).toMatchObject({ status: 'over-cap' });
    expect((await open(cookie))!.gift).toMatchObject({ status: 'opened' });

    const list = (await harness.post(LIST, {}, member)).body.data?.storyGifts as {
      remainingThisMonth: number;
      gifts: { id: string; readers: number }[];
    };
    expect(list.remainingThisMonth).toBe(9);
    expect(list.gifts[0]).toMatchObject({ id: gift.id, readers: 10 });

    // Nobody but the giver can revoke it.
    expect(
      (
        (await harness.post(REVOKE, { input: { giftId: gift.id } }, other)).body.data
          ?.revokeStoryGift as Result
      ).message,
    ).toBe('You have no such gift.');
    const revoked = (await harness.post(REVOKE, { input: { giftId: gift.id } }, member)).body.data
      ?.revokeStoryGift as { revokedAt: string | null };
    expect(revoked.revokedAt).not.toBeNull();
    expect((await open(cookie))!.gift).toMatchObject({ status: 'revoked' });
  });

  it('stop opening the story after 14 days', async () => {
    const gift = await create(other);
    const token = new URL(gift.storyGiftUrl!).searchParams.get('gift')!;
    const { gate } = await getAccessModule(harness.platform);
    const at = (days: number) =>
      gate.decide({
        cookieHeader: '',
        slug: 'gift-story',
        count: false,
        gift: token,
        now: new Date(Date.now() + days * 86_400_000),
      });
    expect((await at(13))!.gift).toMatchObject({ status: 'opened' });
    expect((await at(14.01))!.gift).toMatchObject({ status: 'expired' });
  });

  it('allow ten gifts per calendar month', async () => {
    const giver = await harness.signIn('gift-busy', {
      membershipLevel: 'Premium',
      membershipType: 'Individual',
    });
    for (let i = 0; i < 10; i++) expect((await create(giver)).__typename).toBe('StoryGift');
    expect((await create(giver)).message).toMatch(/You have gifted 10 stories this month/);
  });
});
