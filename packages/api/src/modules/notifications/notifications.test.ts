import { describe, expect, it } from 'vitest';
import { base64urlBytes } from './notifications.inputs';
import { payloadFor } from './notifications.service';

const story = {
  id: '5f0c6c1e-0000-4000-8000-000000000001',
  slug: 'a-story',
  kind: 'article' as const,
  headline: 'Kering names a new chief executive',
  standfirst: 'The group’s third in four years.',
  section: { slug: 'luxury' },
  topics: ['luxury'],
};

describe('payloadFor', () => {
  it('makes the notification from the headline, the standfirst and the story’s path', () => {
    expect(payloadFor(story)).toEqual({
      title: 'Kering names a new chief executive',
      body: 'The group’s third in four years.',
      url: '/articles/luxury/a-story/',
      tag: `story-${story.id}`,
    });
    expect(payloadFor({ ...story, kind: 'case_study' }).url).toBe('/case-studies/a-story/');
  });

  it('shortens long headlines and standfirsts, marking the cut', () => {
    const long = payloadFor({ ...story, headline: 'h'.repeat(300), standfirst: 's'.repeat(500) });
    expect(long.title).toHaveLength(120);
    expect(long.title.endsWith('…')).toBe(true);
    expect(long.body).toHaveLength(240);
  });
});

describe('base64urlBytes', () => {
  it('decodes base64url with or without padding, and refuses anything else', () => {
    expect(base64urlBytes(Buffer.alloc(16, 255).toString('base64url'))).toHaveLength(16);
    expect(base64urlBytes('AAAA==')).toHaveLength(3);
    expect(base64urlBytes('a+b/')).toBeNull();
    expect(base64urlBytes('A')).toBeNull();
  });
});
