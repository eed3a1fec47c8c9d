import { describe, expect, it } from 'vitest';
import { validateEventData } from '@bof/analytics/validate';
import { EVENT_SCHEMA_URIS } from '@bof/analytics/catalogue';
import { ctaPath, wallEventData } from './wall-analytics';
import type { Wall } from './wall-copy';

const wall: Wall = {
  kind: 'wall',
  wall: 'paywall',
  reason: 'registered-meter-exhausted',
  topic: null,
  variants: {
    wallVariant: 'default',
    designVariant: 'minimal',
    offerVariant: 'default',
    ctaVariant: 'trial',
  },
  groups: ['WALL_CTA#trial', 'WALL_DESIGN#minimal'],
  audience: 'registered',
};

describe('wall analytics', () => {
  it('sends the path of a link, without its return_to, within 255 characters', () => {
    const story = `https://site.example/articles/news/${'a-very-long-slug-'.repeat(20)}/?utm_source=newsletter`;
    expect(ctaPath(`https://site.example/user/register/?return_to=${encodeURIComponent(story)}`)).toBe(
      '/user/register/',
    );
    expect(
      ctaPath('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP'),
    ).toBe('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP');
    expect(ctaPath(`/x/?q=${'y'.repeat(400)}`)).toHaveLength(255);
  });

  it('carries the groups, experiments, outcome, topic and variants, and passes the event schemas', () => {
    const data = wallEventData({
      wall,
      placement: 'inline',
      articleId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      topic: { id: 'beauty', label: 'Beauty' },
      ctaHref: '/subscriptions/packages/',
    });
    expect(data).toEqual({
      placement: 'inline',
      articleId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      topicId: 'beauty',
      topicLabel: 'Beauty',
      wallVariant: 'default',
      designVariant: 'minimal',
      offerVariant: 'default',
      ctaVariant: 'trial',
      ctaUrl: '/subscriptions/packages/',
      zephrAbGroups: ['WALL_CTA#trial', 'WALL_DESIGN#minimal'],
      zephrExperimentId: 'WALL_CTA,WALL_DESIGN',
      zephrOutcomeId: 'paywall:registered-meter-exhausted',
    });
    for (const event of ['wall_seen', 'wall_clicked'] as const)
      expect(validateEventData(EVENT_SCHEMA_URIS[event], data)).toMatchObject({ ok: true });
  });

  it('leaves out the experiment id when the reader is in no experiment', () => {
    const data = wallEventData({
      wall: { ...wall, groups: [] },
      placement: 'inline',
      articleId: 'a',
      topic: null,
      ctaHref: '/',
    });
    expect(data.zephrAbGroups).toEqual([]);
    expect('zephrExperimentId' in data).toBe(false);
    expect('topicId' in data).toBe(false);
  });
});
