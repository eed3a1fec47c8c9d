import { describe, expect, it } from 'vitest';
import { wallCopy, type Wall } from './wall-copy';

const storyUrl = 'https://site.example/articles/news/a-story/';
const wall = (over: Partial<Wall>): Wall => ({
  kind: 'wall',
  wall: 'paywall',
  reason: 'not-entitled',
  topic: null,
  variants: {
    wallVariant: 'default',
    designVariant: 'default',
    offerVariant: 'default',
    ctaVariant: 'default',
  },
  groups: [],
  audience: 'anonymous',
  ...over,
});
const copy = (over: Partial<Wall>, trial = true) =>
  wallCopy(wall(over), { storyUrl, topicName: 'Beauty', trial });

describe('wall wording', () => {
  it('asks anonymous readers to register, and back to the story after', () => {
    const registration = copy({ wall: 'registration', reason: 'anonymous-meter-exhausted' });
    expect(registration).toMatchObject({
      heading: 'Keep reading for free',
      primary: {
        label: 'Create a free account',
        href: `/user/register/?return_to=${encodeURIComponent(storyUrl)}`,
      },
      secondary: { label: 'Sign in', href: `/user/login/?return_to=${encodeURIComponent(storyUrl)}` },
      plans: false,
    });
  });

  it('tells a browser that keeps no cookie why its free stories cannot be counted', () => {
    const refused = copy({ wall: 'registration', reason: 'meter-cookie-refused' });
    expect(refused.heading).toBe('Keep reading for free');
    expect(refused.lead).toMatch(/did not keep our cookie/);
    expect(refused.lead).not.toMatch(/You have read your free stories/);
    expect(refused.primary.href).toBe(`/user/register/?return_to=${encodeURIComponent(storyUrl)}`);
  });

  it('tells a registered reader their free stories are spent, and offers memberships', () => {
    const spent = copy({ reason: 'registered-meter-exhausted', audience: 'registered' });
    expect(spent).toMatchObject({
      heading: 'You have reached your free stories for this month',
      primary: { label: 'See memberships', href: '/subscriptions/packages/' },
      secondary: null,
      plans: true,
    });
    const trialVariant = {
      reason: 'registered-meter-exhausted',
      audience: 'registered',
      variants: { ...wall({}).variants, ctaVariant: 'trial' },
    } as const;
    expect(copy(trialVariant).primary.label).toBe('Start your free trial');
    // Only when a plan that opens the story has a trial (Premium, the only plan for premium stories, has none).
    expect(copy(trialVariant, false).primary.label).toBe('See memberships');
  });

  it('never tells a member to become one, or that only their free stories are spent', () => {
    const cases: Partial<Wall>[] = [
      { reason: 'not-entitled', audience: 'member' },
      { reason: 'registered-meter-exhausted', audience: 'member' },
      { reason: 'restricted-membership', audience: 'member' },
      { wall: 'topic-upsell', reason: 'topic-package', topic: 'beauty', audience: 'member' },
    ];
    for (const over of cases) {
      const words = copy(over);
      const text = `${words.heading} ${words.lead} ${words.primary.label} ${words.secondary?.label ?? ''}`;
      expect(text).not.toMatch(/become a member|you have reached your free stories|sign in/i);
      expect(text).toMatch(/upgrade|add the beauty package/i);
    }
    expect(copy({ reason: 'not-entitled', audience: 'member' })).toMatchObject({
      heading: 'Upgrade to read this story',
      primary: { label: 'Upgrade to read', href: '/subscriptions/upgrade/' },
    });
    expect(copy({ reason: 'restricted-membership', audience: 'member' })).toMatchObject({
      heading: 'Your membership does not include this story',
      secondary: { label: 'Your membership', href: '/user/membership/' },
    });
  });

  it('offers anonymous readers a way to sign in on the pay wall and the topic wall, and no one else', () => {
    expect(copy({ audience: 'anonymous' }).secondary?.label).toBe('Sign in');
    expect(copy({ audience: 'registered' }).secondary).toBeNull();
    expect(copy({ wall: 'topic-upsell', reason: 'topic-package', topic: 'beauty' })).toMatchObject({
      heading: 'This story is part of the Beauty package',
      primary: { label: 'See the Beauty package', href: '/subscriptions/packages/?packages=beauty' },
      secondary: { label: 'Sign in' },
      plans: true,
    });
  });
});
