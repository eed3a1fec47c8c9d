import type { Story, StoryCard } from '@bof/api/content';

/** A story as the content service returns it, for component and metadata tests. */
export function storyFixture(overrides: Partial<Story> = {}): Story {
  return {
    id: '5b7c0a52-4a53-4d5e-9a4a-0d2f1b2c3d4e',
    slug: 'sport-is-luxurys-new-front-row',
    kind: 'article',
    headline: 'Sport is luxury’s new front row',
    standfirst: 'Why luxury houses spend more on athletes than on runway shows.',
    section: { slug: 'analysis', name: 'Analysis' },
    series: null,
    hero: {
      art: { motif: 'arcs', seed: 'sport-luxury' },
      alt: 'Arcs like the lines of a running track',
      caption: 'Sponsorship now outspends the runway.',
      credit: 'Illustration: BoF Studio',
    },
    access: 'free',
    mediaType: 'ARTICLES',
    publishedAt: new Date('2026-10-14T07:30:00Z'),
    updatedAt: null,
    wordCount: 900,
    readingMinutes: 4,
    authors: [{ slug: 'amara-okafor', name: 'Amara Okafor', title: 'Luxury Editor', role: 'AUTHOR' }],
    topics: [{ slug: 'luxury', name: 'Luxury' }],
    body: [{ type: 'paragraph', text: 'Ten years ago the front row was at the runway.' }],
    glossary: null,
    tags: [{ slug: 'sponsorship', name: 'Sponsorship' }],
    version: 1,
    ...overrides,
  };
}

/** A story's card, for components that list stories. */
export function cardFixture(overrides: Partial<StoryCard> = {}): StoryCard {
  const { body: _body, glossary: _glossary, tags: _tags, version: _version, ...card } = storyFixture();
  return { ...card, ...overrides };
}
