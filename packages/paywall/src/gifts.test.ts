import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORY_GIFT_POLICY,
  decideGiftCreation,
  decideGiftOpening,
  isPreviewAgent,
  mayOfferGift,
} from './gifts';
import { MEMBERSHIP_LEVELS, type AccessLevel, type MembershipLevel, type Reader } from './types';

const now = new Date('2026-11-22T12:00:00Z');
const giver = (membershipLevel: MembershipLevel, isBofAdmin = false): Reader => ({
  userId: 'u1',
  membershipLevel,
  membershipType: membershipLevel === 'None' ? 'None' : 'Individual',
  isBofAdmin,
});
const create = (who: Reader, access: AccessLevel, giftedThisMonth = 0) =>
  decideGiftCreation({
    giver: who,
    article: { access },
    giftedThisMonth,
    policy: DEFAULT_STORY_GIFT_POLICY,
    now,
  });
const outcome = (who: Reader, access: AccessLevel, used = 0) => {
  const d = create(who, access, used);
  return d.kind === 'allowed' ? 'allowed' : d.reason;
};

describe('who may gift which story', () => {
  // What each level may gift: never a free story; only what the membership opens.
  const ACCESS: AccessLevel[] = ['registered', 'members', 'premium', 'topic:beauty'];
  const expected: Record<MembershipLevel, string[]> = {
    None: ['not_a_member', 'not_a_member', 'not_a_member', 'not_a_member'],
    Restricted: ['not_a_member', 'not_a_member', 'not_a_member', 'not_a_member'],
    TopicBeauty: ['allowed', 'not_entitled_to_gift', 'not_entitled_to_gift', 'allowed'],
    NewsAndAnalysis: ['allowed', 'allowed', 'not_entitled_to_gift', 'not_entitled_to_gift'],
    Standard: ['allowed', 'allowed', 'not_entitled_to_gift', 'not_entitled_to_gift'],
    LearningAndDevelopment: ['allowed', 'allowed', 'allowed', 'not_entitled_to_gift'],
    Premium: ['allowed', 'allowed', 'allowed', 'allowed'],
    AllAccess: ['allowed', 'allowed', 'allowed', 'allowed'],
  };
  for (const level of MEMBERSHIP_LEVELS)
    it(`${level}: ${expected[level].join(', ')}`, () => {
      expect(ACCESS.map((access) => outcome(giver(level), access))).toEqual(expected[level]);
      expect(ACCESS.map((access) => mayOfferGift(giver(level), { access }))).toEqual(
        expected[level].map((o) => o === 'allowed'),
      );
    });

  it('refuses a free story to everyone: there is nothing to gift', () => {
    expect(outcome(giver('Premium'), 'free')).toBe('story_is_free');
    expect(outcome(giver('None', true), 'free')).toBe('story_is_free');
  });

  it('lets admins gift any story that is not free', () => {
    for (const access of ['registered', 'members', 'premium', 'topic:beauty'] as const)
      expect(outcome(giver('None', true), access)).toBe('allowed');
  });

  it('allows ten a month, each for fourteen days', () => {
    expect(outcome(giver('Standard'), 'members', 9)).toBe('allowed');
    expect(outcome(giver('Standard'), 'members', 10)).toBe('gift_limit_reached');
    expect(create(giver('Standard'), 'members')).toEqual({
      kind: 'allowed',
      expiresAt: new Date('2026-12-06T12:00:00Z'),
    });
  });
});

describe('opening a gift', () => {
  const live = { revokedAt: null, expiresAt: new Date('2026-12-01T00:00:00Z'), maxReaders: 10 };
  const open = (over: Partial<Parameters<typeof decideGiftOpening>[0]> = {}) =>
    decideGiftOpening({ gift: live, readers: 3, readerHoldsPlace: false, mayClaim: true, now, ...over });

  it('gives a new reader a place on a page view, while places are left', () => {
    expect(open()).toEqual({ kind: 'claim' });
    expect(open({ readers: 10 })).toEqual({ kind: 'closed', status: 'over-cap' });
  });

  it('keeps a reader who holds a place reading, even when the gift is full', () => {
    expect(open({ readerHoldsPlace: true, readers: 10, mayClaim: false })).toEqual({ kind: 'opened' });
  });

  it('gives no place to a request that may not claim one', () => {
    expect(open({ mayClaim: false })).toEqual({ kind: 'unclaimed' });
  });

  it('stops at revocation and expiry, for everyone', () => {
    const revoked = { ...live, revokedAt: new Date('2026-11-20T00:00:00Z') };
    expect(open({ gift: revoked, readerHoldsPlace: true })).toEqual({ kind: 'closed', status: 'revoked' });
    expect(open({ now: live.expiresAt, readerHoldsPlace: true })).toEqual({
      kind: 'closed',
      status: 'expired',
    });
  });
});

describe('link previews', () => {
  it.each([
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'WhatsApp/2.23.20.0',
    'TelegramBot (like TwitterBot)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    '',
    undefined,
  ])('%s is a preview', (agent) => {
    expect(isPreviewAgent(agent)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
  ])('%s is a browser', (agent) => {
    expect(isPreviewAgent(agent)).toBe(false);
  });
});
