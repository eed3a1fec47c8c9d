import type { ArticleRecord, CaseStudyRecord, TaxonomyRecord } from './content.inputs';

// Small, valid records of the import format for tests.

export const fixtureTaxonomy: TaxonomyRecord[] = [
  { type: 'section', slug: 'news', name: 'News', description: 'What happened.' },
  { type: 'section', slug: 'analysis', name: 'Analysis', description: 'Why it matters.' },
  { type: 'section', slug: 'case-studies', name: 'Case Studies', description: 'Long reads.' },
  { type: 'topic', slug: 'luxury', name: 'Luxury', description: 'Maisons.' },
  { type: 'topic', slug: 'beauty', name: 'Beauty', description: 'Skincare.' },
  { type: 'topic', slug: 'retail', name: 'Retail', description: 'Stores.' },
  { type: 'author', slug: 'ada-amsel', name: 'Ada Amsel', title: 'Editor', bio: 'Ada edits.' },
  { type: 'author', slug: 'ben-brook', name: 'Ben Brook', title: 'Reporter', bio: 'Ben reports.' },
  { type: 'series', slug: 'bof-insights', title: 'BoF Insights', description: 'Briefings.' },
];

/** A valid article; `overrides` replace fields. */
export function fixtureArticle(slug: string, overrides: Partial<ArticleRecord> = {}): ArticleRecord {
  return {
    type: 'article',
    slug,
    headline: `Headline of ${slug}`,
    standfirst: 'A standfirst that sells the story.',
    section: 'news',
    topics: ['luxury'],
    tags: ['earnings'],
    authors: [{ slug: 'ada-amsel', role: 'AUTHOR' }],
    access: 'free',
    mediaType: 'ARTICLES',
    series: null,
    publishedAt: '2026-10-14T07:30:00Z',
    updatedAt: null,
    hero: {
      art: { motif: 'stripes', seed: slug },
      alt: 'Stripes.',
      caption: 'A caption.',
      credit: 'Illustration: BoF Studio',
    },
    body: [
      { type: 'paragraph', text: 'One two three four five.' },
      { type: 'heading', text: 'Six seven', level: 2 },
      { type: 'list', ordered: false, items: ['eight', 'nine ten'] },
    ],
    ...overrides,
  };
}

export function fixtureCaseStudy(slug: string): CaseStudyRecord {
  return {
    ...fixtureArticle(slug),
    type: 'caseStudy',
    section: 'case-studies',
    access: 'premium',
    mediaType: 'ARTICLES',
    glossary: [{ term: 'Gross margin', definition: 'Revenue less the cost of goods sold.' }],
  };
}
