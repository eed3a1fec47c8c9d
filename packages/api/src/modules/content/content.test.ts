import { describe, expect, it } from 'vitest';
import { formatRecordError } from './content.errors';
import { contentRecordSchema } from './content.inputs';
import { storyPath } from './content.service';
import { fixtureArticle, fixtureCaseStudy, fixtureTaxonomy } from './content-fixtures';
import { contentHash, tagName } from './content-import.repo';
import { itemsFromText } from './content-source';
import { bodyPlainText, countWords, readingMinutes } from './content-text';
import { parseItem, validateImport } from './content-validation';
import { memorySource } from './content-source';
import { drawIllustration } from './illustration';

const issuesOf = (value: unknown) => {
  const parsed = parseItem({ source: 'f', record: 1, value });
  return parsed.ok ? [] : parsed.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('record validation', () => {
  it('accepts every record type of the format', () => {
    for (const record of [...fixtureTaxonomy, fixtureArticle('a'), fixtureCaseStudy('b')])
      expect(contentRecordSchema.safeParse(record).success).toBe(true);
  });

  it.each([
    ['a slug that is not kebab-case', { slug: 'Not_Kebab' }, 'slug'],
    ['a slug over 120 characters', { slug: 'a'.repeat(121) }, 'slug'],
    ['an unknown access level', { access: 'gold' }, 'access'],
    ['an unknown media type', { mediaType: 'BLOG' }, 'mediaType'],
    ['an unknown contributor role', { authors: [{ slug: 'ada-amsel', role: 'WRITER' }] }, 'authors.0.role'],
    ['a time without zone', { publishedAt: '2026-10-14 07:30' }, 'publishedAt'],
    ['an update before publication', { updatedAt: '2026-10-13T07:30:00Z' }, 'updatedAt'],
    ['no topic', { topics: [] }, 'topics'],
    ['a repeated topic', { topics: ['luxury', 'luxury'] }, 'topics.1'],
    ['an empty body', { body: [] }, 'body'],
    ['a heading level 4', { body: [{ type: 'heading', text: 'x', level: 4 }] }, 'body.0.level'],
    ['a short video id', { body: [{ type: 'youtube', videoId: 'abc', title: 't' }] }, 'body.0.videoId'],
    [
      'an unknown motif',
      { hero: { ...fixtureArticle('x').hero, art: { motif: 'zigzag', seed: 's' } } },
      'hero.art.motif',
    ],
    ['a blank paragraph', { body: [{ type: 'paragraph', text: '   ' }] }, 'body.0.text'],
    ['an unknown field', { standFirst: 'typo' }, ''],
  ])('rejects %s', (_name, overrides, path) => {
    const issues = issuesOf({ ...fixtureArticle('story'), ...overrides });
    expect(issues.some((issue) => issue.startsWith(`${path}: `))).toBe(true);
  });

  it('accepts a topic package access level', () => {
    expect(issuesOf(fixtureArticle('x', { access: 'topic:beauty' }))).toEqual([]);
  });

  it('holds case studies to premium, case-studies and a glossary', () => {
    const issues = issuesOf({ ...fixtureCaseStudy('c'), access: 'free', section: 'news', glossary: [] });
    expect(issues.map((i) => i.split(':')[0])).toEqual(
      expect.arrayContaining(['access', 'section', 'glossary']),
    );
  });

  it('reports a missing type', () => {
    expect(issuesOf({ slug: 'x' })).toEqual([expect.stringMatching(/^type: /)]);
  });

  it('formats an error with its place', () => {
    expect(
      formatRecordError({
        source: 'a.ndjson',
        record: 3,
        line: 4,
        slug: 's',
        path: 'body.1.text',
        message: 'Bad.',
      }),
    ).toBe('a.ndjson record 3 (line 4) [s] body.1.text: Bad.');
  });
});

describe('validateImport', () => {
  it('finds duplicates and dangling references, in record order', async () => {
    const records = [
      ...fixtureTaxonomy,
      fixtureArticle('a', { series: 'missing-series' }),
      fixtureArticle('a'),
      fixtureArticle('b', { body: [{ type: 'related', slug: 'a' }], access: 'topic:knitting' }),
    ].map((value, i) => ({ source: 'f', record: i + 1, value }));
    const outcome = await validateImport(memorySource(records), async () => new Set());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((e) => [e.record, e.path])).toEqual([
      [10, 'series'],
      [11, 'slug'],
      [12, 'access'],
    ]);
  });

  it('asks the database only about slugs the import does not define', async () => {
    const asked: string[] = [];
    const records = [fixtureArticle('a')].map((value, i) => ({ source: 'f', record: i + 1, value }));
    const outcome = await validateImport(memorySource(records), async (kind, slugs) => {
      asked.push(`${kind}:${slugs.join(',')}`);
      return new Set(slugs);
    });
    expect(outcome.ok).toBe(true);
    expect(asked.sort()).toEqual(['author:ada-amsel', 'section:news', 'topic:luxury']);
  });
});

describe('sources', () => {
  it('reads a JSON array, one JSON record and NDJSON with line numbers', () => {
    expect(itemsFromText('a', '[{"type":"x"},{"type":"y"}]').map((i) => i.record)).toEqual([1, 2]);
    expect(itemsFromText('b', '{\n  "type": "x"\n}\n')).toEqual([
      { source: 'b', record: 1, value: { type: 'x' } },
    ]);
    const nd = itemsFromText('c', '{"type":"x"}\n\n{"type":\n{"type":"z"}\n');
    expect(nd.map((i) => [i.record, i.line, 'error' in i])).toEqual([
      [1, 1, false],
      [2, 3, true],
      [3, 4, false],
    ]);
  });

  it('reports a broken JSON array as one error', () => {
    expect(itemsFromText('d', '[{"type":')).toEqual([
      expect.objectContaining({ record: 0, error: expect.stringContaining('Not valid JSON') }),
    ]);
  });
});

describe('words and reading time', () => {
  it('counts words, keeping contractions and hyphenated words whole', () => {
    expect(countWords("The brand's direct-to-consumer push — finally — worked.")).toBe(6);
    expect(countWords('')).toBe(0);
    expect(countWords('Q3 sales rose 12%')).toBe(4);
  });

  it('reads paragraphs, headings, lists and pull quotes, not captions or embeds', () => {
    const text = bodyPlainText([
      { type: 'paragraph', text: 'one two' },
      { type: 'image', art: { motif: 'grid', seed: 's' }, alt: 'alt words', caption: 'cap', credit: 'c' },
      { type: 'list', ordered: true, items: ['three', 'four'] },
      { type: 'pullQuote', text: 'five', attribution: 'Someone' },
      { type: 'youtube', videoId: 'aaaaaaaaaaa', title: 'film' },
      { type: 'related', slug: 'x' },
    ]);
    expect(countWords(text)).toBe(5);
  });

  it('rounds reading time up, at least a minute', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(231)).toBe(2);
    expect(readingMinutes(1000)).toBe(5);
  });
});

describe('illustrations', () => {
  it('draws the same art the same way every time', () => {
    const art = { motif: 'stripes', seed: 'resale-1' } as const;
    expect(drawIllustration(art)).toEqual(drawIllustration(art));
  });

  it('draws different seeds and motifs differently', () => {
    const a = drawIllustration({ motif: 'circles', seed: 'one' });
    const b = drawIllustration({ motif: 'circles', seed: 'two' });
    const c = drawIllustration({ motif: 'bars', seed: 'one' });
    expect(a).not.toEqual(b);
    expect(a.shapes[0]!.kind).toBe('circle');
    expect(c.shapes[0]!.kind).toBe('rect');
  });

  it('draws every motif within its view box', () => {
    for (const motif of ['stripes', 'circles', 'grid', 'waves', 'arcs', 'dots', 'weave', 'bars'] as const) {
      const art = drawIllustration({ motif, seed: 'x' }, 400, 300);
      expect(art.shapes.length).toBeGreaterThan(0);
      expect(art.background).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('helpers', () => {
  it('hashes equal records equally and different ones differently', () => {
    expect(contentHash(fixtureArticle('a'))).toBe(contentHash(fixtureArticle('a')));
    expect(contentHash(fixtureArticle('a'))).not.toBe(contentHash(fixtureArticle('a', { headline: 'New' })));
  });

  it('names tags and places stories', () => {
    expect(tagName('luxury-resale')).toBe('Luxury resale');
    const section = { slug: 'news', name: 'News' };
    expect(storyPath({ kind: 'article', slug: 's', section })).toBe('/articles/news/s/');
    expect(storyPath({ kind: 'case_study', slug: 'c', section })).toBe('/case-studies/c/');
  });
});
