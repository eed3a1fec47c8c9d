import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSetCookie } from '@bof/http/cookies';
import { opensReport } from '@bof/paywall/decide-access';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import type { Viewer } from '../../auth/viewer';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureCaseStudy, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import { opensStory, type StoryRequestFacts } from './access-gate';

let harness: GraphQLHarness;
let standard: Viewer;
let premium: Viewer;
let beauty: Viewer;
let registered: Viewer;
let admin: Viewer;
const ids: Record<string, string> = {};
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

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
const create = async (viewer: Viewer | null, slug: string) =>
  (await harness.post(CREATE, { input: { articleId: ids[slug] ?? slug } }, viewer)).body.data
    ?.createStoryGift as Result;
const tokenOf = (gift: Result) => new URL(gift.storyGiftUrl!).searchParams.get('gift')!;

beforeAll(async () => {
  harness = await createGraphQLHarness();
  const records = [
    ...fixtureTaxonomy,
    fixtureArticle('gift-members', { access: 'members' }),
    fixtureArticle('gift-premium', { access: 'premium' }),
    fixtureArticle('gift-beauty', { access: 'topic:beauty' }),
    fixtureArticle('gift-free', { access: 'free' }),
    fixtureCaseStudy('gift-study'),
  ];
  await importContentInto(
    harness.db,
    memorySource(records.map((value, i) => ({ source: 't', record: i + 1, value }))),
  );
  standard = await harness.signIn('gift-standard', {
    membershipLevel: 'Standard',
    membershipType: 'Individual',
  });
  premium = await harness.signIn('gift-premium-member', {
    membershipLevel: 'Premium',
    membershipType: 'Individual',
  });
  beauty = await harness.signIn('gift-beauty-member', {
    membershipLevel: 'TopicBeauty',
    membershipType: 'Individual',
  });
  registered = await harness.signIn('gift-registered');
  admin = await harness.signIn('gift-admin', { isBofAdmin: true });
  // The content changed after the services started: the access index reloads, as it would on its poll.
  const { index } = harness.services.access;
  await index.refresh();
  for (const slug of ['gift-members', 'gift-premium', 'gift-beauty', 'gift-free', 'gift-study'])
    ids[slug] = index.get(slug)!.id;
});
afterAll(async () => {
  await harness?.close();
});

/** Opens a story's gift link as the server entry would for a page view (by default) from a browser. */
async function open(slug: string, token: string, facts: Partial<StoryRequestFacts> = {}) {
  const { gate } = harness.services.access;
  const result = await gate.decide({
    cookieHeader: '',
    slug,
    count: true,
    gift: token,
    userAgent: BROWSER,
    ...facts,
  });
  return result!;
}
/** The Cookie header a browser sends back after the first Set-Cookie. */
const cookieOf = (setCookies: string[]) => {
  const { name, value } = readSetCookie(setCookies[0]!);
  return `${name}=${value}`;
};

describe('creating a story gift', () => {
  it('is for members: anonymous gets AuthError, a registered reader a clear refusal, bad ids a ZodError', async () => {
    expect((await create(null, 'gift-members')).__typename).toBe('AuthError');
    expect(await create(registered, 'gift-members')).toMatchObject({
      __typename: 'BaseError',
      message: 'Gifting stories is part of a membership.',
    });
    expect((await create(standard, 'not-a-uuid')).__typename).toBe('ZodError');
    expect(await create(standard, '16fd2706-8baf-433b-82eb-8c7fada847da')).toMatchObject({
      __typename: 'BaseError',
      message: 'There is no such story.',
    });
  });

  it('is only for stories the giver can read, and never for a free one', async () => {
    const notIncluded = {
      __typename: 'BaseError',
      message: 'You can gift stories your membership includes, and this one is not part of it.',
    };
    expect(await create(standard, 'gift-premium')).toMatchObject(notIncluded);
    expect(await create(standard, 'gift-study')).toMatchObject(notIncluded);
    expect(await create(standard, 'gift-beauty')).toMatchObject(notIncluded);
    expect(await create(beauty, 'gift-members')).toMatchObject(notIncluded);
    expect(await create(standard, 'gift-free')).toMatchObject({
      __typename: 'BaseError',
      message: 'This story is free to read: share its link instead.',
    });
    expect((await create(beauty, 'gift-beauty')).__typename).toBe('StoryGift');
    expect((await create(standard, 'gift-members')).__typename).toBe('StoryGift');
    expect((await create(premium, 'gift-study')).__typename).toBe('StoryGift');
    expect((await create(admin, 'gift-premium')).__typename).toBe('StoryGift');
  });

  it('allows ten gifts per calendar month', async () => {
    const giver = await harness.signIn('gift-busy', {
      membershipLevel: 'Premium',
      membershipType: 'Individual',
    });
    for (let i = 0; i < 10; i++) expect((await create(giver, 'gift-members')).__typename).toBe('StoryGift');
    expect(await create(giver, 'gift-members')).toMatchObject({
      __typename: 'BaseError',
      message: expect.stringMatching(/You have gifted 10 stories this month/),
    });
  });
});

describe('opening a story gift', () => {
  it('opens the story for distinct readers up to the cap, until revoked; the giver lists and revokes', async () => {
    const gift = await create(premium, 'gift-premium');
    expect(gift.__typename).toBe('StoryGift');
    expect(new URL(gift.storyGiftUrl!).pathname).toBe('/articles/news/gift-premium/');
    const token = tokenOf(gift);

    // A browser without our cookie is sent round once for it, and takes no place yet.
    const first = await open('gift-premium', token);
    expect(first).toMatchObject({ giftCookieCheck: true, gift: { status: 'unclaimed' } });
    expect(opensStory(first)).toBe(false);
    const cookie = cookieOf(first.setCookies);
    const back = await open('gift-premium', token, { cookieHeader: cookie, giftCookieChecked: true });
    expect(back).toMatchObject({ gift: { status: 'opened' }, decision: { kind: 'allow', reason: 'gift' } });
    expect(opensStory(back)).toBe(true);
    // Reopening is the same reader.
    for (let i = 0; i < 3; i++)
      expect((await open('gift-premium', token, { cookieHeader: cookie })).gift).toMatchObject({
        status: 'opened',
      });

    // A browser that keeps no cookie sees the preview after the round trip, and takes no place.
    const noCookies = await open('gift-premium', token, { giftCookieChecked: true });
    expect(noCookies).toMatchObject({ gift: { status: 'unclaimed' }, decision: { kind: 'wall' } });
    expect(noCookies.giftCookieCheck).toBeUndefined();

    // An edited token or another story's opens nothing.
    expect((await open('gift-premium', `${token.slice(0, -2)}xx`, { cookieHeader: cookie })).gift).toEqual({
      status: 'invalid',
    });
    expect((await open('gift-members', token, { cookieHeader: cookie })).gift).toEqual({ status: 'invalid' });

    // Nine more browsers fill the gift; the tenth new one is over the cap, the first still reads.
    for (let i = 0; i < 9; i++) {
      const round = await open('gift-premium', token);
      expect(
        (await open('gift-premium', token, { cookieHeader: cookieOf(round.setCookies) })).gift,
      ).toMatchObject({ status: 'opened' });
    }
    const late = await open('gift-premium', token);
    expect(late.gift).toMatchObject({ status: 'over-cap' });
    expect(late.giftCookieCheck).toBeUndefined();
    expect((await open('gift-premium', token, { cookieHeader: cookie })).gift).toMatchObject({
      status: 'opened',
    });

    const list = (await harness.post(LIST, {}, premium)).body.data?.storyGifts as {
      gifts: { id: string; readers: number }[];
    };
    expect(list.gifts.find((g) => g.id === gift.id)).toMatchObject({ readers: 10 });

    // Nobody but the giver can revoke it.
    const revoke = async (viewer: Viewer) =>
      (await harness.post(REVOKE, { input: { giftId: gift.id } }, viewer)).body.data
        ?.revokeStoryGift as Result & {
        revokedAt?: string | null;
      };
    expect((await revoke(standard)).message).toBe('You have no such gift.');
    expect((await revoke(premium)).revokedAt).not.toBeNull();
    expect((await open('gift-premium', token, { cookieHeader: cookie })).gift).toMatchObject({
      status: 'revoked',
    });
  });

  it('takes no place for previews, HEAD, prefetches and React Server Components requests', async () => {
    const gift = await create(premium, 'gift-members');
    const token = tokenOf(gift);
    const reader = cookieOf((await open('gift-members', token)).setCookies);
    const notPageViews: Partial<StoryRequestFacts>[] = [
      {
        cookieHeader: reader,
        userAgent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      },
      { cookieHeader: reader, userAgent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      { cookieHeader: reader, userAgent: 'WhatsApp/2.23.20.0' },
      { cookieHeader: reader, userAgent: undefined },
      { cookieHeader: reader, count: false }, // HEAD or a prefetch
      { cookieHeader: reader, pageView: false }, // an RSC request
      { count: false },
    ];
    for (const facts of notPageViews) {
      const result = await open('gift-members', token, facts);
      expect(result.gift).toMatchObject({ status: 'unclaimed' });
      expect(result.giftCookieCheck).toBeUndefined();
    }
    const list = (await harness.post(LIST, {}, premium)).body.data?.storyGifts as {
      gifts: { id: string; readers: number }[];
    };
    expect(list.gifts.find((g) => g.id === gift.id)).toMatchObject({ readers: 0 });
    expect((await open('gift-members', token, { cookieHeader: reader })).gift).toMatchObject({
      status: 'opened',
    });
  });

  it('stops opening the story after 14 days', async () => {
    const gift = await create(premium, 'gift-members');
    const token = tokenOf(gift);
    const reader = cookieOf((await open('gift-members', token)).setCookies);
    const at = (days: number) =>
      open('gift-members', token, { cookieHeader: reader, now: new Date(Date.now() + days * 86_400_000) });
    expect((await at(13)).gift).toMatchObject({ status: 'opened' });
    expect((await at(14.01)).gift).toMatchObject({ status: 'expired' });
  });

  it("opens a case study's page, never its PDF report", async () => {
    const gift = await create(premium, 'gift-study');
    const token = tokenOf(gift);
    const reader = cookieOf((await open('gift-study', token)).setCookies);
    const opened = await open('gift-study', token, { cookieHeader: reader });
    expect(opensStory(opened)).toBe(true);
    expect(opensReport(opened.decision)).toBe(false);
  });
});
