import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHarness } from '../../testing/graphql-harness';
import { importContentInto } from './content.module';
import { fixtureArticle, fixtureTaxonomy } from './content-fixtures';
import { memorySource } from './content-source';

let harness: Awaited<ReturnType<typeof createGraphQLHarness>>;

const topics = [
  { type: 'topic', slug: 'test-knitwear', name: 'Knitwear', description: 'Wool.' },
  { type: 'topic', slug: 'test-denim', name: 'Denim', description: 'Jeans.' },
  { type: 'topic', slug: 'test-lonely', name: 'Lonely', description: 'Nothing else here.' },
];

beforeAll(async () => {
  harness = await createGraphQLHarness();
  const records = [
    ...fixtureTaxonomy,
    ...topics,
    fixtureArticle('gql-anchor', {
      topics: ['test-knitwear', 'test-denim'],
      publishedAt: '2026-01-01T00:00:00Z',
    }),
    fixtureArticle('gql-both-old', {
      topics: ['test-denim', 'test-knitwear'],
      publishedAt: '2025-01-01T00:00:00Z',
    }),
    fixtureArticle('gql-one-new', { topics: ['test-knitwear'], publishedAt: '2026-02-01T00:00:00Z' }),
    fixtureArticle('gql-one-old', {
      topics: ['test-denim'],
      publishedAt: '2024-02-01T00:00:00Z',
      authors: [
        { slug: 'ben-brook', role: 'AUTHOR' },
        { slug: 'ada-amsel', role: 'EDITOR' },
      ],
    }),
  ];
  await importContentInto(
    harness.db,
    memorySource(records.map((value, i) => ({ source: 't', record: i + 1, value }))),
  );
});
afterAll(async () => {
  await harness?.close();
});

const RECOMMENDED = `query($input: RecommendedStoriesInput!) {
  recommendedStories(input: $input) {
    __typename
    ... on RecommendedStoriesSuccess { data { id title description uri mediaType availableTime categories
      images { url alt } primarySection persons organisations } }
    ... on ZodError { fieldErrors { path } }
    ... on ContentNotFoundError { slug }
  }
}`;

describe('content over GraphQL', () => {
  it('recommends by topic overlap, then recency, never the story itself', async () => {
    const { body } = await harness.post(RECOMMENDED, { input: { slug: 'gql-anchor', limit: 3 } });
    const result = body.data!.recommendedStories as { data: { title: string; uri: string }[] };
    expect(result.data.map((s) => s.title)).toEqual([
      'Headline of gql-both-old',
      'Headline of gql-one-new',
      'Headline of gql-one-old',
    ]);
    expect(result.data[0]).toMatchObject({
      uri: 'http://localhost:3000/articles/news/gql-both-old/',
      mediaType: 'ARTICLES',
      availableTime: '2025-01-01T00:00:00.000Z',
      categories: ['Denim', 'Knitwear'],
      primarySection: 'News',
      persons: ['Ada Amsel'],
      organisations: [],
      images: [{ url: 'http://localhost:3000/illustrations/stripes/gql-both-old.png', alt: 'Stripes.' }],
    });
  });

  it('tops up with the newest stories when few share a topic', async () => {
    const { body } = await harness.post(RECOMMENDED, { input: { topics: ['test-lonely'], limit: 2 } });
    expect((body.data!.recommendedStories as { data: unknown[] }).data).toHaveLength(2);
  });

  it('returns typed errors for a bad limit and an unknown story', async () => {
    const bad = await harness.post(RECOMMENDED, { input: { limit: 500 } });
    expect(bad.body.data!.recommendedStories).toEqual({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['input', 'limit'] }],
    });
    const missing = await harness.post(RECOMMENDED, { input: { slug: 'no-such-story' } });
    expect(missing.body.data!.recommendedStories).toEqual({
      __typename: 'ContentNotFoundError',
      slug: 'no-such-story',
    });
  });

  it('answers article, topic, author and front queries', async () => {
    const { body } = await harness.post(`{
      article(slug: "gql-one-old") { headline readingMinutes wordCount authors { name role } section { slug } }
      missing: article(slug: "nope") { id }
      topic(slug: "test-denim") { name stories { total stories { slug } } }
      author(slug: "ben-brook") { name stories(page: 1) { total } }
      front { topStory { slug } latest { slug } caseStudies { slug } topicRails { topic { slug } } }
    }`);
    expect(body.errors).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body checked field by field
    const data = body.data as Record<string, any>;
    expect(data.article).toEqual({
      headline: 'Headline of gql-one-old',
      readingMinutes: 1,
      wordCount: 10,
      authors: [
        { name: 'Ben Brook', role: 'AUTHOR' },
        { name: 'Ada Amsel', role: 'EDITOR' },
      ],
      section: { slug: 'news' },
    });
    expect(data.missing).toBeNull();
    expect(data.topic.stories.stories.map((s: { slug: string }) => s.slug)).toEqual([
      'gql-anchor',
      'gql-both-old',
      'gql-one-old',
    ]);
    expect(data.author.stories.total).toBeGreaterThanOrEqual(1);
    expect(data.front.topStory).not.toBeNull();
    const onFront = [data.front.topStory.slug, ...data.front.latest.map((s: { slug: string }) => s.slug)];
    expect(new Set(onFront).size).toBe(onFront.length);
  });
});
